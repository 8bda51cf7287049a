import { once } from "node:events";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { askAssistant, CHAT_RATE_LIMIT } from "~models/chat/assistant.server";
import { CHAT_API_MESSAGES, CHAT_COPY } from "~models/chat/copy";
import { HANDOFF_MESSAGES } from "~models/chat/handoff";
import {
  CHAT_INDEX_CHECK_INTERVAL_MS,
  getChatIndex,
  rebuildChatIndex,
  settleChatIndex,
} from "~models/chat/search-index.server";
import { configureChatLlm } from "~models/chat/llm.server";
import { db } from "~models/platform/db.server";
import {
  chatConversations,
  chatMessages,
  emailOutbox,
  subscriptionPlans,
  supportTickets,
} from "~models/schema";
import { runSeed } from "~models/views/seed.server";
import * as apiChat from "~/routes/api/chat";
import * as apiConversation from "~/routes/api/chat-conversation";
import * as chatPage from "~/routes/chat";
import { call, cookieFrom, formRequest, getRequest, jsonRequest, type Outcome } from "./helpers";

beforeAll(async () => {
  await runSeed();
  await rebuildChatIndex();
});

afterEach(() => configureChatLlm(null));

const ask = (body: unknown, init?: { cookie?: string; ip?: string }, path = "/api/chat/") =>
  call(apiChat.action, jsonRequest(path, "POST", body, init));
const reply = (outcome: Outcome) =>
  outcome.body as { response: string; sources: { title: string; url: string }[]; timestamp: string };

/** Each question is answered from its page (the first source) with its fact in the response. */
async function expectAnswered(answers: readonly (readonly [string, string, string])[], ip: string) {
  for (const [query, url, fact] of answers) {
    const { response, sources } = reply(await ask({ query }, { ip }));
    expect(sources[0]?.url, query).toBe(url);
    expect(response, query).toContain(fact);
  }
}

/** Each question is declined: no source cited. */
async function expectDeclined(queries: readonly string[], ip: string) {
  for (const query of queries) expect(reply(await ask({ query }, { ip })).sources, query).toEqual([]);
}

describe("POST /api/chat/ (docs/product.md, 'REST API')", () => {
  it("answers {response, sources, timestamp} from the site's content and sets the chat cookie", async () => {
    const outcome = await ask({
      query: "How much is the Starter plan?",
      conversation_id: "chat_1790000000000",
    });
    expect(outcome.status).toBe(200);
    expect(Object.keys(outcome.body as object).sort()).toEqual([
      "message_id",
      "response",
      "sources",
      "timestamp",
    ]);
    expect(reply(outcome).response).toContain("₹14,999 / month");
    // The plan's own page first; the plans' overview, which names Starter too, may follow (decision 0099).
    expect(reply(outcome).sources[0]).toEqual({ title: "STARTER plan", url: "/solutions/green" });
    expect(new Date(reply(outcome).timestamp).toISOString()).toBe(reply(outcome).timestamp);
    expect(outcome.headers.get("Set-Cookie")).toMatch(
      /^ascendra_chat=.+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect(outcome.headers.get("Cache-Control")).toBe("no-store");
  });

  it("answers on the spec's own path, /aizre-query-public, too", async () => {
    const outcome = await ask(
      { query: "Where is your office?", conversation_id: "chat_1" },
      undefined,
      "/aizre-query-public",
    );
    expect(outcome.status).toBe(200);
    expect(reply(outcome).sources[0]?.url).toBe("/contact#offline-meet");
  });

  it.each([{ query: "" }, { query: "   \n " }, {}, { query: 42 }])(
    "refuses a blank query with 400: %j",
    async (body) => {
      const outcome = await ask(body);
      expect(outcome.status).toBe(400);
      expect(outcome.body).toEqual({
        query: [CHAT_API_MESSAGES.blankQuery],
        error: CHAT_API_MESSAGES.blankQuery,
      });
    },
  );

  it("refuses an overlong query, a malformed conversation_id, non-JSON and GET", async () => {
    expect((await ask({ query: "x".repeat(1001) })).status).toBe(400);
    expect((await ask({ query: "hi", conversation_id: "../../etc" })).body).toMatchObject({
      error: CHAT_API_MESSAGES.badConversationId,
    });
    expect((await call(apiChat.action, formRequest("/api/chat/", { query: "hi" }))).status).toBe(415);
    expect((await call(apiChat.loader, getRequest("/api/chat/"))).status).toBe(405);
  });

  it("stores both messages: type, message, sources and timestamp", async () => {
    const first = await ask({ query: "Do you make explainer videos?", conversation_id: "chat_stored" });
    const [conversation] = await db()
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.publicId, "chat_stored"));
    const rows = await db()
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversation!.id))
      .orderBy(chatMessages.id);
    expect(rows.map((r) => [r.type, r.message])).toEqual([
      ["user", "Do you make explainer videos?"],
      ["ai", reply(first).response],
    ]);
    expect(rows[1]!.sources).toEqual(reply(first).sources);
    expect(rows[1]!.createdAt.toISOString()).toBe(reply(first).timestamp);
    expect(conversation!.visitorHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("follows the conversation with the chat cookie, and only within that visitor's own conversation", async () => {
    const first = await ask({ query: "Tell me about the Social plan", conversation_id: "chat_follow" });
    const cookie = cookieFrom(first);
    const followUp = await ask({ query: "How much is it?", conversation_id: "chat_follow" }, { cookie });
    expect(reply(followUp).sources[0]?.url).toBe("/solutions/blue");
    expect(reply(followUp).response).toContain("₹29,999 / month");
    // Someone else guessing the id starts their own conversation: no topic to follow.
    const stranger = await ask({ query: "How much is it?", conversation_id: "chat_follow" });
    expect(reply(stranger).sources[0]?.url).not.toBe("/solutions/blue");
  });

  it("says it does not know, with no sources, for questions the site does not cover", async () => {
    const outcome = await ask({ query: "What's the weather in Paris tomorrow?" });
    expect(reply(outcome)).toMatchObject({ response: CHAT_COPY.unknown, sources: [] });
  });

  it("reads meaning as well as words: another trade's price, which the word rules alone would answer, is declined (decision 0093)", async () => {
    const outcome = await ask({ query: "car service cost for a hatchback" });
    expect(reply(outcome)).toMatchObject({ response: CHAT_COPY.unknown, sources: [] });
    const own = await ask({ query: "How much is the Starter plan?" });
    expect(reply(own).sources[0]?.url).toBe("/solutions/green");
  }, 60_000);

  it("reads the sentence that asks in a message that tells its story first, and declines a story about something else (decision 0100)", async () => {
    const story = await ask({
      query:
        "My sister runs a tailoring shop in Panvel and her birthday is next week. I want to give her one of your gift cards. How long does she have to use it?",
    });
    expect(reply(story).sources[0]?.url).toBe("/gift");
    const elsewhere = await ask({
      query:
        "Our fintech in Pune is applying for a payment aggregator licence with the central bank. How long does that usually take?",
    });
    expect(reply(elsewhere)).toMatchObject({ response: CHAT_COPY.unknown, sources: [] });
  }, 60_000);

  it("finds in the terms who owns a paid-for logo and that tokens stay in their account (seeds/chat-synonyms.json, decision 0101)", async () => {
    for (const query of [
      "who owns the logo once we have paid",
      "is it possible to move tokens to a partner's account",
    ])
      expect(reply(await ask({ query })).sources[0]?.url).toBe("/termscondition");
  }, 60_000);

  it("reads the visitor's words for a venue, a loss, a family member's account, a Hindi verb and a country's law, and declines a courier or a bank (decision 0102)", async () => {
    const answers = [
      ["venue of the brand kit workshop", "/events", "Venue: Ascendra Studio, Vashi"],
      [
        "if your team makes a mistake that costs me a loss, how much would you cover",
        "/termscondition",
        "limited to the amount you paid",
      ],
      ["can i shift my tokens to my father's account", "/termscondition", "cannot be transferred"],
      [
        "mujhe apni bakery ke liye instagram filter banana hai",
        "/strategy?service=AI%20AR%20VR",
        "Instagram",
      ],
      ["which country's law do your terms follow", "/termscondition", "laws of India"],
      // A profile page's section opens with its heading.
      ["does your studio care about its carbon footprint", "/environment", "Lighter footprint"],
    ] as const;
    await expectAnswered(answers, "10.0.24.1");
    await expectDeclined(
      ["track my bluedart parcel", "savings account kholna hai for my boutique", "is a ripe banana healthy"],
      "10.0.24.2",
    );
  }, 60_000);

  it("reads a team member's D' surname, the tech side, a relative's card and a legal issue, and declines growing one's own followers (decision 0103)", async () => {
    const answers = [
      ["who is naina dsouza", "/teampage", "Head of Strategy & Growth"],
      ["who handles ur tech side", "/teampage", "Kabir Sethi"],
      ["founder name?", "/teampage", "Aarav Mehta"],
      ["can a gift card reach my nephew on the day i pick", "/gift", "on the day you choose"],
      ["if a legal issue happens which court", "/termscondition", "courts of Navi Mumbai"],
      ["how long do you keep the enquiry forms i send", "/privacy", "two years"],
      [
        "does the plan renew by itself each month",
        "/termscondition",
        "renew at the start of each billing period",
      ],
      [
        "can you keep our launch off your portfolio",
        "/termscondition",
        "unless we agree otherwise in writing",
      ],
    ] as const;
    await expectAnswered(answers, "10.0.25.1");
    await expectDeclined(
      [
        "how to get more followers on insta for my cafe",
        "how much does youtube pay for 1 lakh views",
        "how to make my instagram account private",
        // Someone else's affair is not given back by meaning either.
        "5 + 3 x 2 kitna hota hai",
        "gold rate today in pune",
        "how do i set up a collab post on instagram",
      ],
      "10.0.25.2",
    );
  }, 60_000);

  it("reads a phone's Hinglish, a kick-off and a changed mind, and declines tutorials, market rates, devices, tools and a game's tokens (decision 0104)", async () => {
    const answers = [
      ["invoice me galti hai, kisi insaan se baat karni hai", "/createticket", "For billing, bugs"],
      ["support phone shaam ko kitne baje tak uthate ho", "/contact#help-support", "19:00"],
      ["how do i kick off a new project after signing in", "/helpsupport#faq", "Create a project"],
      ["bought tokens yesterday, changed my mind, can i get the money back", "/refundpolicy", "20 days"],
    ] as const;
    await expectAnswered(answers, "10.0.28.1");
    await expectDeclined(
      [
        "how do i make a gif out of a screen recording",
        "average monthly fee of a social media freelancer",
        "which drawing tablet should i buy for illustration",
        // Another's two-word name is not graphic design's business cards.
        "do i need a graphics card for 3d work",
        "ai se logo banane ka free tool konsa hai",
        "how to ask my manager for a hike",
        "game me tokens kaise kamaye",
      ],
      "10.0.28.2",
    );
  }, 60_000);

  it("answers how soon the first designs come with the services page's 48 hours, not a designer's opening (decision 0109)", async () => {
    await expectAnswered(
      [
        ["how fast do we see first designs", "/services", "48 h to your first concepts"],
        ["how soon will we see the first designs", "/services", "48 h to your first concepts"],
      ],
      "10.0.29.1",
    );
  }, 60_000);

  it("answers a question that opens with the visitor's kind of business, and still declines another company's (decision 0110)", async () => {
    await expectAnswered(
      [
        ["bakery visiting card price rs", "/creative-tokens", "₹4,980"],
        ["dental clinic landing page price usd", "/creative-tokens", "$120"],
        ["pet clinic website speed", "/strategy?service=Website%20Creation", "load fast"],
      ],
      "10.0.30.1",
    );
    await expectDeclined(["nykaa owner plan price", "cafe owner espresso machine price"], "10.0.30.2");
  }, 60_000);

  it(`limits each address to ${CHAT_RATE_LIMIT.limit} messages per window, then answers 429`, async () => {
    const ip = "198.51.100.77";
    for (let i = 0; i < CHAT_RATE_LIMIT.limit; i++)
      expect((await ask({ query: "hello" }, { ip })).status).toBe(200);
    const limited = await ask({ query: "hello" }, { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(limited.body).toEqual({ error: expect.stringMatching(/sending messages too quickly/) });
    expect((await ask({ query: "hello" }, { ip: "198.51.100.78" })).status).toBe(200);
  });
});

describe("/chat without JavaScript", () => {
  it("keeps the conversation per visitor by cookie: post, redirect, render", async () => {
    const empty = await call(chatPage.loader, getRequest("/chat"));
    expect(empty.body).toMatchObject({ conversationId: null, messages: [] });
    expect(empty.headers.get("Cache-Control")).toBe("private, no-store");

    const sent = await call(
      chatPage.action,
      formRequest("/chat", { intent: "send", message: "  How much is the Starter plan?  " }),
    );
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/chat#chat-end");
    const cookie = cookieFrom(sent);

    // A suggestion button sends its own "message" beside the empty text box.
    await call(chatPage.action, formRequest("/chat", { intent: "send", message: "" }, { cookie }));
    const body = new URLSearchParams([
      ["intent", "send"],
      ["message", "And the Motion one?"],
      ["message", ""],
    ]);
    await call(
      chatPage.action,
      new Request("http://127.0.0.1:3000/chat", {
        method: "POST",
        body,
        headers: {
          Cookie: cookie,
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Client-Address": "203.0.113.9",
        },
      }),
    );

    const page = await call(chatPage.loader, getRequest("/chat", { cookie }));
    const { messages, conversationId } = page.body as {
      messages: { type: string; message: string; sources: { url: string }[] }[];
      conversationId: string;
    };
    expect(conversationId).toMatch(/^chat_\d+$/);
    expect(messages.map((m) => m.type)).toEqual(["user", "ai", "user", "ai"]);
    expect(messages[0]!.message).toBe("How much is the Starter plan?");
    expect(messages[3]!.sources[0]!.url).toBe("/solutions/yellow");
  });

  it("refuses a blank message with a clear error", async () => {
    const outcome = await call(chatPage.action, formRequest("/chat", { intent: "send", message: "   " }));
    expect(outcome.status).toBe(400);
    expect(outcome.body).toEqual({ error: CHAT_API_MESSAGES.blankMessage });
  });

  it("clear empties the history", async () => {
    const sent = await call(
      chatPage.action,
      formRequest("/chat", { intent: "send", message: "Where is your office?" }),
    );
    const cookie = cookieFrom(sent);
    expect(
      ((await call(chatPage.loader, getRequest("/chat", { cookie }))).body as { messages: unknown[] })
        .messages,
    ).toHaveLength(2);
    expect((await call(chatPage.action, formRequest("/chat", { intent: "clear" }, { cookie }))).status).toBe(
      302,
    );
    expect((await call(chatPage.loader, getRequest("/chat", { cookie }))).body).toMatchObject({
      conversationId: null,
      messages: [],
    });
  });

  it("Talk to a person: a support ticket with the transcript and the visitor's email, emailed to the support mailbox", async () => {
    const sent = await call(
      chatPage.action,
      formRequest("/chat", { intent: "send", message: "Can you build an app for my clinic?" }),
    );
    const cookie = cookieFrom(sent);
    const invalid = await call(
      chatPage.action,
      formRequest("/chat", { intent: "handoff", email: "" }, { cookie }),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual({ handoffError: HANDOFF_MESSAGES.email });

    const done = await call(
      chatPage.action,
      formRequest("/chat", { intent: "handoff", email: "ravi@clinic.example" }, { cookie }),
    );
    expect(done.status).toBe(302);
    const [ticket] = await db()
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.email, "ravi@clinic.example"));
    expect(ticket).toMatchObject({ subject: CHAT_COPY.handoffSubject, type: "Support" });
    expect(ticket!.description).toContain("Visitor: Can you build an app for my clinic?");
    expect(ticket!.description).toContain(`${CHAT_COPY.name}: `);
    const [conversation] = await db()
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.handoffTicketId, ticket!.id));
    expect(conversation!.handoffEmail).toBe("ravi@clinic.example");

    const outbox = await db().select().from(emailOutbox);
    expect(
      outbox.some(
        (e) => e.to === "support@ascendra.studio" && e.text.includes("Can you build an app for my clinic?"),
      ),
    ).toBe(true);
    expect(outbox.some((e) => e.to === "ravi@clinic.example")).toBe(true);

    const page = await call(chatPage.loader, getRequest("/chat", { cookie }));
    const last = (page.body as { messages: { message: string }[] }).messages.at(-1)!;
    expect(last.message).toBe(CHAT_COPY.handoffDone(ticket!.ticketNumber, "ravi@clinic.example"));
  });
});

describe("the panel's JSON calls", () => {
  it("know only their own actions: a name from Object.prototype is 404, not a crash or {}", async () => {
    for (const action of ["__proto__", "constructor", "toString", "valueOf", "hasOwnProperty", "prototype"]) {
      const posted = await call(apiConversation.action, jsonRequest(`/api/chat/${action}/`, "POST", {}), {
        action,
      });
      expect(posted, action).toMatchObject({ status: 404, body: { error: "Not found." } });
      expect(
        (await call(apiConversation.loader, getRequest(`/api/chat/${action}/`), { action })).status,
        action,
      ).toBe(404);
    }
  });

  it("answer a question made of a prototype's member names", async () => {
    for (const query of ["constructor", "toString valueOf", "__proto__"])
      expect((await ask({ query })).status, query).toBe(200);
  });

  it("POST /api/chat/handoff/ hands the cookie's conversation to the team; /api/chat/clear/ clears it", async () => {
    const first = await ask({ query: "Do you design packaging?", conversation_id: "chat_panel" });
    const cookie = cookieFrom(first);
    const bad = await call(
      apiConversation.action,
      jsonRequest("/api/chat/handoff/", "POST", { email: "nope" }, { cookie }),
      { action: "handoff" },
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ email: [expect.any(String)], error: expect.any(String) });

    const done = await call(
      apiConversation.action,
      jsonRequest(
        "/api/chat/handoff/",
        "POST",
        { email: "asha@shop.example", conversation_id: "chat_panel" },
        { cookie },
      ),
      { action: "handoff" },
    );
    expect(done.status).toBe(201);
    const { ticket_number, message } = done.body as { ticket_number: number; message: string };
    expect(message).toBe(CHAT_COPY.handoffDone(ticket_number, "asha@shop.example"));
    const [ticket] = await db()
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.ticketNumber, ticket_number));
    expect(ticket!.description).toContain("Conversation chat_panel");
    expect(ticket!.description).toContain("Visitor: Do you design packaging?");

    const cleared = await call(
      apiConversation.action,
      jsonRequest("/api/chat/clear/", "POST", {}, { cookie }),
      { action: "clear" },
    );
    expect(cleared.body).toEqual({ cleared: 1 });
    expect(
      await db().select().from(chatConversations).where(eq(chatConversations.publicId, "chat_panel")),
    ).toEqual([]);
    expect(
      (await call(apiConversation.action, jsonRequest("/api/chat/other/", "POST", {}), { action: "other" }))
        .status,
    ).toBe(404);
  });
});

describe("index freshness", () => {
  it("rebuilds from the database: a plan's price changed by staff or npm run seed (another process) is picked up on the next check", async () => {
    const before = await ask({ query: "How much is the Starter plan?" });
    expect(reply(before).response).toContain("₹14,999 / month");

    const [starter] = await db().select().from(subscriptionPlans).where(eq(subscriptionPlans.id, "starter"));
    await db().update(subscriptionPlans).set({ price: 15999 }).where(eq(subscriptionPlans.id, "starter"));

    await getChatIndex(Date.now() + CHAT_INDEX_CHECK_INTERVAL_MS);
    await settleChatIndex();
    expect(reply(await ask({ query: "How much is the Starter plan?" })).response).toContain(
      "₹15,999 / month",
    );

    await db()
      .update(subscriptionPlans)
      .set({ price: starter!.price })
      .where(eq(subscriptionPlans.id, "starter"));
    await rebuildChatIndex();
  });
});

describe("events in time (decision 0105)", () => {
  afterEach(async () => {
    vi.useRealTimers();
    await rebuildChatIndex();
  });

  it("a new day moves an event that has been from the upcoming ones to the past ones; an event's places are the page's", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-01T06:00:00Z"));
    await rebuildChatIndex();
    const before = reply(await ask({ query: "any upcoming events" })).response;
    expect(before).toContain("Upcoming events: Creative Tokens Community Meetup on December 12, 2026");
    expect(before).not.toMatch(/Upcoming events:[^.]*October 10, 2026/);
    expect(
      reply(await ask({ query: "how many spots are left for the brand kit workshop" })).response,
    ).toContain("18 spots left");

    // The day after the meetup: no content changed, and the next check reloads the passages.
    vi.setSystemTime(new Date("2026-12-13T06:00:00Z"));
    await getChatIndex(Date.now() + CHAT_INDEX_CHECK_INTERVAL_MS);
    await settleChatIndex();
    const after = reply(await ask({ query: "any upcoming events" })).response;
    expect(after).toContain("Upcoming events: Brand Kit in a Day Workshop on January 16, 2027");
    expect(after).toMatch(/Past events: Creative Tokens Community Meetup on December 12, 2026/);
  });
});

describe("optional language model (CHAT_LLM_URL), against a local mock server", () => {
  async function mockModel(
    handler: (
      body: { messages: { role: string; content: string }[] },
      request: IncomingMessage,
    ) => { status?: number; delayMs?: number; content?: string },
  ) {
    const requests: {
      body: { messages: { role: string; content: string }[]; model: string };
      authorization?: string;
    }[] = [];
    const server: Server = createServer(async (request, response) => {
      let raw = "";
      for await (const chunk of request) raw += chunk;
      const body = JSON.parse(raw);
      requests.push({ body, authorization: request.headers.authorization });
      const answer = handler(body, request);
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      if (response.destroyed) return;
      response.writeHead(answer.status ?? 200, { "Content-Type": "application/json" });
      response.end(
        JSON.stringify({ choices: [{ message: { role: "assistant", content: answer.content ?? "" } }] }),
      );
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
    return { url, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  const question = (query: string) =>
    askAssistant({
      query,
      visitor: `visitor-${Math.random()}`,
      clientAddress: `192.0.2.${Math.floor(Math.random() * 250)}`,
    });

  it("hands the passages to the model and answers with its words, citing the same pages", async () => {
    const model = await mockModel(() => ({ content: "Starter costs ₹14,999 a month." }));
    configureChatLlm({ url: model.url, key: "secret-key", model: "test-model" });
    const outcome = await question("How much is the Starter plan?");
    await model.close();
    expect(outcome).toMatchObject({ status: "ok", reply: { response: "Starter costs ₹14,999 a month." } });
    expect(outcome.status === "ok" && outcome.reply.sources[0]).toMatchObject({ url: "/solutions/green" });
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]!.authorization).toBe("Bearer secret-key");
    expect(model.requests[0]!.body.model).toBe("test-model");
    expect(model.requests[0]!.body.messages[0]!.content).toContain(
      "STARTER (monthly subscription): ₹14,999 / month.",
    );
  });

  it("falls back to the passages after the timeout, on an error status and for questions it has no passages for", async () => {
    // The model answers after 5 s; the assistant gives up at 150 ms. Anything well under 5 s shows it did
    // not wait for the model (a tighter bound meets a busy machine's pauses, not the timeout).
    const slow = await mockModel(() => ({ delayMs: 5_000, content: "too late" }));
    configureChatLlm({ url: slow.url, model: "m", timeoutMs: 150 });
    const started = Date.now();
    const late = await question("How much is the Starter plan?");
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(late).toMatchObject({
      reply: { response: expect.stringContaining("STARTER (monthly subscription): ₹14,999 / month.") },
    });
    await slow.close();

    const failing = await mockModel(() => ({ status: 500 }));
    configureChatLlm({ url: failing.url, model: "m" });
    expect(await question("Where is your office?")).toMatchObject({
      reply: { response: expect.stringContaining("Our registered office is at") },
    });
    expect(await question("What's the weather in Paris?")).toMatchObject({
      reply: { response: CHAT_COPY.unknown },
    });
    expect(failing.requests).toHaveLength(1);
    await failing.close();
  });
});
