// "Talk to a person" (issue #38, item 7): the whole conversation reaches the
// staff inbox as one item, and the team's reply reaches the visitor by email
// and in the chat when they come back (/chat, with or without JavaScript: the
// page is rendered from the same loader).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CHAT_COPY } from "~models/chat/copy";
import { rebuildChatIndex } from "~models/chat/search-index.server";
import { db } from "~models/platform/db.server";
import { emailOutbox, supportTickets } from "~models/schema";
import { runSeed } from "~models/views/seed.server";
import * as inboxPage from "~/routes/admin/inbox";
import * as submissionPage from "~/routes/admin/submission";
import * as chatPage from "~/routes/chat";
import { call, cookieFrom, formRequest, getRequest } from "./helpers";
import { signedInClient, type Client } from "./project-helpers";

let staff: Client;

beforeAll(async () => {
  await runSeed();
  await rebuildChatIndex();
  staff = await signedInClient("staff");
});

type InboxData = { items: Array<{ type: string; id: string; email: string; summary: string }> };
type ChatData = {
  conversationId: string | null;
  messages: Array<{ id: number; message: string; rating?: unknown }>;
};

const send = (message: string, cookie?: string, ip?: string) =>
  call(chatPage.action, formRequest("/chat", { intent: "send", message }, { cookie, ip }));
const chat = async (cookie: string) =>
  (await call(chatPage.loader, getRequest("/chat", { cookie }))).body as ChatData;

describe("Talk to a person, and the team's reply", () => {
  it("puts the whole conversation in the inbox as one item; the reply is emailed and shown in the chat", async () => {
    const cookie = cookieFrom(await send("How much is the Starter plan?"));
    await send("Can you build an app for my clinic?", cookie);
    await send("and what about a logo", cookie);
    const before = await chat(cookie);
    expect(before.messages).toHaveLength(6);

    const handedOff = await call(
      chatPage.action,
      formRequest("/chat", { intent: "handoff", email: "meera@clinic.example" }, { cookie }),
    );
    expect(handedOff.status).toBe(302);

    // One inbox item for the conversation, holding every question and every answer.
    const { items } = (
      await call(inboxPage.loader, getRequest("/admin/inbox?type=chat_handoff", { cookie: staff.cookie }))
    ).body as InboxData;
    const mine = items.filter((i) => i.email === "meera@clinic.example");
    expect(mine).toHaveLength(1);
    const [ticket] = await db().select().from(supportTickets).where(eq(supportTickets.id, mine[0]!.id));
    for (const m of before.messages) expect(ticket!.description).toContain(m.message);
    expect(ticket!.channel).toBe("chat");

    // Staff reply from the inbox item: emailed to the visitor...
    const params = { type: "chat_handoff", id: mine[0]!.id };
    const replied = await call(
      submissionPage.action,
      formRequest(
        `/admin/inbox/chat_handoff/${mine[0]!.id}`,
        {
          intent: "reply",
          subject: "Your clinic app",
          body: "Yes, we build clinic apps: let us talk on Monday.",
        },
        { cookie: staff.cookie },
      ),
      params,
    );
    expect(replied.status).toBe(200);
    const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.to, "meera@clinic.example"));
    expect(emails.some((e) => e.text.includes("let us talk on Monday"))).toBe(true);

    // ...and in the chat when the visitor comes back, after the hand-off, without a rating control.
    const after = await chat(cookie);
    expect(after.conversationId).toBe(before.conversationId);
    const last = after.messages.at(-1)!;
    expect(last.message).toBe(CHAT_COPY.staffReply("Yes, we build clinic apps: let us talk on Monday."));
    expect(last.id).toBeLessThan(0);
    expect(last).not.toHaveProperty("rating");
    expect(after.messages.at(-2)!.message).toBe(
      CHAT_COPY.handoffDone(ticket!.ticketNumber, "meera@clinic.example"),
    );

    // A later question keeps the conversation: the reply stays before it.
    await send("thanks!", cookie);
    const later = await chat(cookie);
    expect(later.messages.map((m) => m.message).slice(-3)).toEqual([
      CHAT_COPY.staffReply("Yes, we build clinic apps: let us talk on Monday."),
      "thanks!",
      CHAT_COPY.thanks,
    ]);

    // Another visitor never sees it.
    const stranger = cookieFrom(await send("hello"));
    expect((await chat(stranger)).messages.map((m) => m.message).join("\n")).not.toContain("Monday");
  });

  it("keeps every message of a long conversation in the one item: answers are shortened before anything is cut", async () => {
    const ip = "198.51.100.38";
    const questions = [
      "How much is the Starter plan?",
      "What does the Motion plan include?",
      "How do Creative Tokens work?",
      "Do tokens expire?",
      "What is your refund policy?",
      "Where is your office?",
      "What are your office hours?",
      "Do you design packaging?",
      "Can you build a website for my restaurant?",
      "What gift card amounts are there?",
      "Are you hiring?",
      "Who founded the studio?",
    ];
    const cookie = cookieFrom(await send(questions[0]!, undefined, ip));
    for (const question of questions.slice(1)) await send(question, cookie, ip);
    const email = "long.chat@clinic.example";
    const handedOff = await call(
      chatPage.action,
      formRequest("/chat", { intent: "handoff", email }, { cookie, ip }),
    );
    expect(handedOff.status).toBe(302);
    const tickets = await db().select().from(supportTickets).where(eq(supportTickets.email, email));
    expect(tickets).toHaveLength(1);
    const description = tickets[0]!.description;
    expect(description.length).toBeLessThanOrEqual(5000);
    expect(description).not.toContain("earlier messages cut");
    for (const question of questions) expect(description).toContain(`Visitor: ${question}`);
    expect(description.match(new RegExp(`${CHAT_COPY.name}: `, "g"))).toHaveLength(questions.length);
  });
});
