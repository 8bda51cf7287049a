import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RETRY_MESSAGES } from "~models/back-office/outbox";
import { db } from "~models/platform/db.server";
import { configureMail, sendEmail } from "~models/platform/mail.server";
import { auditLog, emailOutbox } from "~models/schema";
import * as emailPage from "~/routes/admin/email";
import * as outboxPage from "~/routes/admin/outbox";
import { call, formRequest, getRequest } from "./helpers";
import { signedInClient, type Client } from "./project-helpers";

const received: string[] = [];
const sink = new SMTPServer({
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
const FROM = "Ascendra <no-reply@ascendra.studio>";
const smtpUrl = () => `smtp://127.0.0.1:${(sink.server.address() as AddressInfo).port}`;

let staff: Client;
beforeAll(async () => {
  sink.listen(0, "127.0.0.1");
  await once(sink.server, "listening");
  staff = await signedInClient("staff");
});
afterAll(async () => {
  configureMail({ from: FROM });
  await new Promise<void>((resolve) => sink.close(() => resolve()));
});

describe("email outbox", () => {
  it("lists every email with its state, filters and searches", async () => {
    configureMail({ from: FROM });
    await sendEmail({ to: "queued@example.com", subject: "Waiting", text: "…", kind: "test" });
    configureMail({ smtpUrl: "smtp://127.0.0.1:1", from: FROM });
    await sendEmail({ to: "failed@example.com", subject: "Bounced", text: "…", kind: "test" });
    configureMail({ smtpUrl: smtpUrl(), from: FROM });
    await sendEmail({ to: "sent@example.com", subject: "Delivered", text: "…", kind: "test" });

    const list = async (query: string) =>
      (
        (await call(outboxPage.loader, getRequest(`/admin/outbox${query}`, { cookie: staff.cookie })))
          .body as { emails: Array<{ to: string; state: string }> }
      ).emails;
    expect((await list("")).map((e) => [e.to, e.state])).toEqual([
      ["sent@example.com", "sent"],
      ["failed@example.com", "failed"],
      ["queued@example.com", "queued"],
    ]);
    expect((await list("?status=failed")).map((e) => e.to)).toEqual(["failed@example.com"]);
    expect((await list("?status=queued")).map((e) => e.to)).toEqual(["queued@example.com"]);
    expect((await list("?q=DELIVERED")).map((e) => e.to)).toEqual(["sent@example.com"]);
  });

  it("retries a failed email now and records the attempt", async () => {
    configureMail({ smtpUrl: "smtp://127.0.0.1:1", from: FROM });
    const { id } = await sendEmail({
      to: "retry@example.com",
      subject: "Try again",
      text: "Body",
      kind: "test",
    });
    configureMail({ smtpUrl: smtpUrl(), from: FROM });
    const outcome = await call(
      emailPage.action,
      formRequest(`/admin/outbox/${id}`, { intent: "retry" }, { cookie: staff.cookie }),
      { id },
    );
    expect(outcome).toMatchObject({ status: 200, body: { message: RETRY_MESSAGES.sent } });
    expect(received.at(-1)).toContain("Subject: Try again");
    const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ error: null, attempts: 2 });
    expect(row!.sentAt).toBeInstanceOf(Date);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(entry).toMatchObject({
      action: "email.retry",
      actorId: staff.id,
      before: { attempts: 1, sent_at: null },
      after: { attempts: 2, error: null },
    });
    // Sent is sent: a second retry sends nothing.
    const again = await call(
      emailPage.action,
      formRequest(`/admin/outbox/${id}`, { intent: "retry" }, { cookie: staff.cookie }),
      { id },
    );
    expect(again).toMatchObject({ status: 409, body: { message: RETRY_MESSAGES.already_sent } });
  });

  it("retries every failed email at once", async () => {
    configureMail({ smtpUrl: "smtp://127.0.0.1:1", from: FROM });
    await sendEmail({ to: "one@example.com", subject: "One", text: "…", kind: "test" });
    await sendEmail({ to: "two@example.com", subject: "Two", text: "…", kind: "test" });
    configureMail({ smtpUrl: smtpUrl(), from: FROM });
    const outcome = await call(
      outboxPage.action,
      formRequest("/admin/outbox", { intent: "retry-failed" }, { cookie: staff.cookie }),
    );
    // One more failed email is left from the first test.
    expect(outcome.body).toMatchObject({ message: "3 sent, 0 failed again." });
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.to, "two@example.com"))).toMatchObject([
      { error: null },
    ]);
  });

  it("explains that nothing can be sent without an SMTP server", async () => {
    configureMail({ from: FROM });
    const { id } = await sendEmail({ to: "nosmtp@example.com", subject: "Stays", text: "…", kind: "test" });
    const outcome = await call(
      emailPage.action,
      formRequest(`/admin/outbox/${id}`, { intent: "retry" }, { cookie: staff.cookie }),
      { id },
    );
    expect(outcome).toMatchObject({ status: 409, body: { message: RETRY_MESSAGES.not_configured } });
    const page = await call(emailPage.loader, getRequest(`/admin/outbox/${id}`, { cookie: staff.cookie }), {
      id,
    });
    expect(page.body).toMatchObject({ mailConfigured: false, email: { state: "queued", text: "…" } });
  });
});
