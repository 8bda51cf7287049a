import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~models/platform/db.server";
import { configureMail, resendEmail, sendEmail } from "~models/platform/mail.server";
import { emailOutbox } from "~models/schema";

const received: string[] = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, _session, callback) {
    let message = "";
    stream.on("data", (chunk: Buffer) => (message += chunk.toString()));
    stream.on("end", () => {
      received.push(message);
      callback();
    });
  },
});

beforeAll(async () => {
  server.listen(0, "127.0.0.1");
  await once(server.server, "listening");
});

afterAll(async () => {
  configureMail({ from: "Ascendra <no-reply@ascendra.studio>" });
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("mail", () => {
  it("keeps email in the outbox when no SMTP server is configured", async () => {
    configureMail({ from: "Ascendra <no-reply@ascendra.studio>" });
    const { id, sent } = await sendEmail({
      to: "a@example.com",
      subject: "Hello",
      text: "Body",
      kind: "test",
    });
    expect(sent).toBe(false);
    const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ to: "a@example.com", subject: "Hello", sentAt: null });
  });

  it("sends over SMTP when SMTP_URL is set, and records it", async () => {
    const { port } = server.server.address() as AddressInfo;
    configureMail({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "Ascendra <no-reply@ascendra.studio>" });
    const { id, sent } = await sendEmail({
      to: "b@example.com",
      subject: "Your link",
      text: "Open it",
      kind: "test",
    });
    expect(sent).toBe(true);
    expect(received.at(-1)).toContain("Subject: Your link");
    expect(received.at(-1)).toContain("To: b@example.com");
    const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it("records a failed send instead of failing the request", async () => {
    configureMail({ smtpUrl: "smtp://127.0.0.1:1", from: "Ascendra <no-reply@ascendra.studio>" });
    const { id, sent } = await sendEmail({ to: "c@example.com", subject: "Lost", text: "…", kind: "test" });
    expect(sent).toBe(false);
    const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row!.error).toBeTruthy();
  });

  it("keeps attachments on the row, sends them over SMTP, and sends them again on a retry", async () => {
    const invite =
      "BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nUID:attach-test@ascendra.studio\r\nEND:VCALENDAR\r\n";
    const attachments = [
      { filename: "meeting.ics", contentType: "text/calendar; charset=utf-8", content: invite },
    ];
    // No server listening: the send fails, the row keeps the file.
    configureMail({ smtpUrl: "smtp://127.0.0.1:1", from: "Ascendra <no-reply@ascendra.studio>" });
    const failed = await sendEmail({
      to: "d@example.com",
      subject: "Invite",
      text: "See the file",
      kind: "test",
      attachments,
    });
    expect(failed.sent).toBe(false);
    const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, failed.id));
    expect(row!.attachments).toEqual([
      {
        filename: "meeting.ics",
        contentType: "text/calendar; charset=utf-8",
        content: Buffer.from(invite).toString("base64"),
      },
    ]);

    const { port } = server.server.address() as AddressInfo;
    configureMail({ smtpUrl: `smtp://127.0.0.1:${port}`, from: "Ascendra <no-reply@ascendra.studio>" });
    const before = received.length;
    expect(await resendEmail(failed.id)).toBe("sent");
    expect(received.length).toBe(before + 1);
    const message = received.at(-1)!;
    expect(message).toMatch(/Content-Type: text\/calendar; charset=utf-8; name=meeting\.ics/i);
    expect(message).toMatch(/Content-Disposition: attachment; filename=meeting\.ics/i);
    // The file's bytes, as the MIME part carries them (base64).
    const part = message.split(/filename=meeting\.ics\r?\n\r?\n/)[1]!.split(/\r?\n\r?\n|\r?\n--/)[0]!;
    expect(Buffer.from(part.replace(/\s+/g, ""), "base64").toString()).toBe(invite);
  });
});
