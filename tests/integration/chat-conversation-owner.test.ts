// A conversation that holds answers about an account (its balance, its
// projects) belongs to that account's sign-in: the next person at the same
// browser, with the 30-day chat cookie still set, starts a fresh conversation,
// and "Talk to a person" sends those answers only to the account's own email
// (docs/decisions/0052-chat-conversations-belong-to-their-account.md).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CHAT_COPY } from "~models/chat/copy";
import { rebuildChatIndex } from "~models/chat/search-index.server";
import { runSeed } from "~models/views/seed.server";
import { db } from "~models/platform/db.server";
import { emailOutbox, supportTickets } from "~models/schema";
import * as apiChat from "~/routes/api/chat";
import * as apiConversation from "~/routes/api/chat-conversation";
import * as login from "~/routes/auth/login";
import * as logout from "~/routes/auth/logout";
import * as chatPage from "~/routes/chat";
import { give } from "./billing-helpers";
import { call, cookieFrom, formRequest, getRequest, jsonRequest } from "./helpers";
import { projectOf, signedInClient, type Client } from "./project-helpers";

type ChatPage = { conversationId: string | null; messages: { id: number; type: string; message: string }[] };

const BALANCE = /You have 37 Creative Tokens/;
const PROJECT = "Saffron Row menu boards";

let a: Client;
let b: Client;

beforeAll(async () => {
  await runSeed();
  await rebuildChatIndex();
  [a, b] = await Promise.all([signedInClient(), signedInClient()]);
  await give(a, 37);
  await projectOf(a, { title: PROJECT });
});

/** A signs in again (no "remember me"): a new session, so a new session cookie. */
async function signInAgain(client: Client): Promise<string> {
  return cookieFrom(
    await call(login.action, formRequest("/login", { username: client.username, password: "secret12" })),
  );
}

/** Posts the /chat form and answers the chat cookie the browser keeps (the one it sent, or a new one). */
async function send(message: string, cookies: { chat?: string; session?: string }): Promise<string> {
  const cookie = [cookies.chat, cookies.session].filter(Boolean).join("; ");
  const sent = await call(chatPage.action, formRequest("/chat", { intent: "send", message }, { cookie }));
  expect(sent.status).toBe(302);
  return cookieFrom(sent);
}

async function page(cookies: { chat: string; session?: string }) {
  const cookie = [cookies.chat, cookies.session].filter(Boolean).join("; ");
  const outcome = await call(chatPage.loader, getRequest("/chat", { cookie }));
  expect(outcome.status).toBe(200);
  return { ...(outcome.body as ChatPage), setCookie: outcome.headers.get("Set-Cookie") };
}

/** A's conversation, in A's browser: a balance and a project status, asked without "remember me". */
async function aAsksAboutTheirAccount(session = a.cookie) {
  const chat = await send("how many tokens do i have", { session });
  await send("whats the status of my projects", { chat, session });
  const own = await page({ chat, session });
  expect(own.messages.map((m) => m.message).join("\n")).toMatch(BALANCE);
  expect(own.messages.map((m) => m.message).join("\n")).toContain(PROJECT);
  return { chat, conversationId: own.conversationId! };
}

function showsNothingOfA(shown: ChatPage) {
  const text = JSON.stringify(shown.messages);
  expect(text).not.toMatch(BALANCE);
  expect(text).not.toContain(PROJECT);
  expect(text).not.toContain("how many tokens do i have");
}

describe("the next person at A's browser", () => {
  it("an anonymous visitor sees none of A's conversation and starts a fresh one", async () => {
    const { chat, conversationId } = await aAsksAboutTheirAccount();
    // A closes the browser: the session cookie goes, the chat cookie stays.
    const shown = await page({ chat });
    expect(shown.messages).toEqual([]);
    expect(shown.conversationId).toBeNull();

    const next = await send("Do you design packaging?", { chat });
    const theirs = await page({ chat: next });
    showsNothingOfA(theirs);
    expect(theirs.conversationId).not.toBe(conversationId);
    expect(theirs.messages[0]).toMatchObject({ type: "user", message: "Do you design packaging?" });

    // Nor through the JSON API, naming A's conversation.
    const followUp = await call(
      apiChat.action,
      jsonRequest(
        "/api/chat/",
        "POST",
        { query: "and my projects?", conversation_id: conversationId },
        {
          cookie: chat,
        },
      ),
    );
    expect(followUp.status).toBe(200);
    expect(JSON.stringify(followUp.body)).not.toContain(PROJECT);
    showsNothingOfA(await page({ chat: cookieFrom(followUp) }));

    // A, still signed in in the same session, keeps their own conversation.
    const own = await page({ chat, session: a.cookie });
    expect(own.conversationId).toBe(conversationId);
    expect(JSON.stringify(own.messages)).toMatch(BALANCE);
  });

  it("client B, signed in after A, sees none of A's conversation", async () => {
    const { chat, conversationId } = await aAsksAboutTheirAccount();
    const shown = await page({ chat, session: b.cookie });
    showsNothingOfA(shown);
    expect(shown.conversationId).not.toBe(conversationId);

    const next = await send("wats my balance", { chat, session: b.cookie });
    const theirs = await page({ chat: next, session: b.cookie });
    showsNothingOfA(theirs);
    expect(theirs.messages.at(-1)!.message).toMatch(/^You have 0 Creative Tokens\./);
  });

  it("A, signed out and signed in again (a new session), gets a fresh conversation", async () => {
    const session = await signInAgain(a);
    const { chat, conversationId } = await aAsksAboutTheirAccount(session);
    await call(logout.action, formRequest("/logout", {}, { cookie: `${chat}; ${session}` }));
    const again = await signInAgain(a);

    const shown = await page({ chat, session: again });
    expect(shown.messages).toEqual([]);
    expect(shown.conversationId).not.toBe(conversationId);
  });

  it("A, whose session ended with the browser, gets a fresh conversation on signing in again", async () => {
    const session = await signInAgain(a);
    const { chat } = await aAsksAboutTheirAccount(session);
    const again = await signInAgain(a);
    expect((await page({ chat, session: again })).messages).toEqual([]);
  });

  it("keeps a conversation with no account answers, as before", async () => {
    const chat = await send("Do you design packaging?", {});
    const before = await page({ chat });
    expect(before.messages).toHaveLength(2);
    // The same browser signs in: nothing in it was about an account.
    const after = await page({ chat, session: b.cookie });
    expect(after.conversationId).toBe(before.conversationId);
    expect(after.messages).toHaveLength(2);
  });
});

describe("Talk to a person", () => {
  const outboxTo = async (address: string) =>
    (await db().select().from(emailOutbox)).filter((e) => e.to === address);

  it("does not send A's account answers to another address, and says they were left out", async () => {
    const session = await signInAgain(a);
    const { chat } = await aAsksAboutTheirAccount(session);
    const elsewhere = "friend@elsewhere.example";
    const handoff = await call(
      chatPage.action,
      formRequest("/chat", { intent: "handoff", email: elsewhere }, { cookie: `${chat}; ${session}` }),
    );
    expect(handoff.status).toBe(302);

    const [ticket] = await db().select().from(supportTickets).where(eq(supportTickets.email, elsewhere));
    expect(ticket!.description).toContain("Visitor: how many tokens do i have");
    expect(ticket!.description).not.toMatch(BALANCE);
    expect(ticket!.description).toContain(CHAT_COPY.accountAnswerLeftOut);
    const sent = [...(await outboxTo(elsewhere)), ...(await outboxTo("support@ascendra.studio"))];
    expect(sent.some((e) => e.to === elsewhere)).toBe(true);
    for (const email of sent) {
      expect(email.text).not.toMatch(BALANCE);
      expect(`${email.text}${email.html ?? ""}`).not.toContain(PROJECT);
    }
  });

  it("sends the whole transcript to the account's own email", async () => {
    const session = await signInAgain(a);
    const { chat } = await aAsksAboutTheirAccount(session);
    const handoff = await call(
      apiConversation.action,
      jsonRequest(
        "/api/chat/handoff/",
        "POST",
        { email: a.email.toUpperCase() },
        {
          cookie: `${chat}; ${session}`,
        },
      ),
      { action: "handoff" },
    );
    expect(handoff.status).toBe(201);
    const { ticket_number } = handoff.body as { ticket_number: number };
    const [ticket] = await db()
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.ticketNumber, ticket_number));
    expect(ticket!.description).toMatch(BALANCE);
    expect(ticket!.description).toContain(PROJECT);
  });

  it("from the next person at A's browser, sends nothing of A's", async () => {
    const { chat } = await aAsksAboutTheirAccount();
    const stranger = "stranger@elsewhere.example";
    const handoff = await call(
      apiConversation.action,
      jsonRequest("/api/chat/handoff/", "POST", { email: stranger }, { cookie: chat }),
      { action: "handoff" },
    );
    expect(handoff.status).toBe(201);
    const [ticket] = await db().select().from(supportTickets).where(eq(supportTickets.email, stranger));
    expect(ticket!.description).not.toContain("how many tokens do i have");
    expect(ticket!.description).not.toMatch(BALANCE);
    for (const email of await outboxTo(stranger)) {
      expect(email.text).not.toMatch(BALANCE);
      expect(email.text).not.toContain(PROJECT);
    }
  });
});
