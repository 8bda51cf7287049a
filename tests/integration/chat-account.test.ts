// The assistant's answers about the asker's own account (models/chat/account.server.ts):
// two clients with different balances, projects, plans and downloads; each one's
// questions answer their own figures and never the other's; visitors are asked
// to sign in; the API takes the session cookie or an API token.
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { startDownload } from "~models/billing/downloads.server";
import { addToCart, checkout, listPurchases } from "~models/billing/shop.server";
import { subscribe } from "~models/billing/subscriptions.server";
import { expiringSoon } from "~models/billing/tokens.server";
import { ACCOUNT_COPY, answerAccountQuestion } from "~models/chat/account.server";
import { askAssistant } from "~models/chat/assistant.server";
import { rebuildChatIndex } from "~models/chat/search-index.server";
import { configureChatLlm } from "~models/chat/llm.server";
import { runSeed } from "~models/views/seed.server";
import { transitionProject } from "~models/views/revision-rounds.server";
import * as apiChat from "~/routes/api/chat";
import * as logout from "~/routes/auth/logout";
import * as chatPage from "~/routes/chat";
import { give } from "./billing-helpers";
import { call, cookieFrom, formRequest, getRequest, jsonRequest, type Outcome } from "./helpers";
import { projectOf, signedInClient, tokenHeader, type Client } from "./project-helpers";

type Reply = { response: string; sources: { title: string; url: string }[]; timestamp: string };
const reply = (outcome: Outcome) => outcome.body as Reply;

const day = (date: Date) =>
  new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(date);

let a: Client;
let b: Client;
let staff: Client;
const ids = { aLogo: "", aWebsite: "", bPodcast: "" };

async function buy(client: Client, item: string) {
  const added = await addToCart(client.id, { shop_item_id: item, quantity: 1 });
  if (!added.ok) throw new Error(added.message);
  const paid = await checkout(client.id);
  if (!paid.ok) throw new Error(paid.message);
  return paid.purchaseIds[0]!;
}

beforeAll(async () => {
  await runSeed();
  await rebuildChatIndex();
  [a, b, staff] = await Promise.all([signedInClient(), signedInClient(), signedInClient("staff")]);

  // A: 40 + 60 (Starter) − 15 (Brand Guidelines Starter) = 85 tokens.
  await give(a, 40);
  expect(await subscribe(a.id, { plan_id: "starter", payment_method: "credit_card" } as never)).toMatchObject(
    {
      ok: true,
    },
  );
  await buy(a, "brand-guidelines-starter");
  ids.aLogo = (await projectOf(a, { title: "Logo refresh for Saffron Row" })).id;
  ids.aWebsite = (await projectOf(a, { title: "Website redesign", category: "website" })).id;
  expect((await transitionProject(ids.aLogo, staff, "accept")).ok).toBe(true);

  // B: 300 + 600 (Pro) − 8 (Social Post Grid) = 892 tokens; 2 of 3 downloads used.
  await give(b, 300);
  expect(await subscribe(b.id, { plan_id: "pro", payment_method: "credit_card" } as never)).toMatchObject({
    ok: true,
  });
  const grid = await buy(b, "social-post-grid");
  await startDownload(b.id, grid);
  await startDownload(b.id, grid);
  ids.bPodcast = (await projectOf(b, { title: "Podcast cover art" })).id;
});

afterEach(() => configureChatLlm(null));

/** Nothing of B's may appear in an answer to A. */
function hasNothingOfB(answer: { response: string; sources: { url: string }[] }) {
  expect(answer.response).not.toMatch(/892|Podcast|Social Post Grid|\bPro\b/);
  expect(JSON.stringify(answer.sources)).not.toContain(ids.bPodcast);
}

const asA = (q: string) => answerAccountQuestion(q, a);
const asB = (q: string) => answerAccountQuestion(q, b);

describe("answerAccountQuestion", () => {
  it("answers the balance and the next expiry, each client their own", async () => {
    const nextA = (await expiringSoon(a.id, 90))!;
    expect(nextA.amount).toBe(25); // the oldest grant pays first
    const answer = (await asA("how many tokens do i have left"))!;
    expect(answer.response).toBe(
      `You have 85 Creative Tokens. The next 25 expire on ${day(nextA.expiresAt)}.`,
    );
    expect(answer.sources).toEqual([{ title: "Billing & Tokens", url: "/dashboard2/billing" }]);
    expect(answer).toMatchObject({ found: true, passageIds: [] });
    hasNothingOfB(answer);

    expect((await asB("wats my balance"))!.response).toMatch(/^You have 892 Creative Tokens\./);
    expect((await asA("when do my tokens expire"))!.response).toMatch(
      new RegExp(`^Your next 25 Creative Tokens expire on ${day(nextA.expiresAt)}\\. You have 85 in all`),
    );
  });

  // A project's status in the client's words, with what it means and what comes next (decision 0057).
  it("finds the named project among the asker's own, by title words", async () => {
    expect(await asA("whats the status of my logo project")).toMatchObject({
      response:
        "Logo refresh for Saffron Row is In Progress. The studio accepted the brief and is working on it. Next: The studio sends a version for your review.",
      sources: [{ title: "Logo refresh for Saffron Row", url: `/project/${ids.aLogo}` }],
    });
    expect((await asA("where is my website project at"))!.response).toBe(
      "Website redesign is Submitted. Your brief is with the studio. Nothing has been started or promised yet. Next: The studio accepts the brief and starts work (the delivery date is set then), or returns it with questions.",
    );
    expect((await asA("status of my projects"))!.response).toBe(
      "You have 2 projects: Website redesign (Submitted) and Logo refresh for Saffron Row (In Progress).",
    );
    expect((await asB("hows my podcast project going"))!.response).toBe(
      "Podcast cover art is Submitted. Your brief is with the studio. Nothing has been started or promised yet. Next: The studio accepts the brief and starts work (the delivery date is set then), or returns it with questions.",
    );
  });

  it("never reaches another client's project: A asking for B's title gets A's own list", async () => {
    const answer = (await asA("whats the status of my podcast cover art project"))!;
    expect(answer.response).toBe(
      "None of your projects matches that. Your projects are Website redesign (Submitted) and Logo refresh for Saffron Row (In Progress).",
    );
    expect(answer.sources).toEqual([{ title: "Your projects", url: "/dashboard2/projects" }]);
    hasNothingOfB(answer);
  });

  it("answers the plan and its renewal date", async () => {
    const a1 = (await asA("when does my plan renew"))!;
    expect(a1.response).toMatch(
      /^You are on the Starter plan, which renews on \d{1,2} \w+ \d{4}\. It brings 60 Creative Tokens a month\.$/,
    );
    hasNothingOfB(a1);
    expect((await asB("which plan am i on"))!.response).toMatch(/^You are on the Pro plan, which renews on/);
    expect((await answerAccountQuestion("which plan am i on", staff))!.response).toBe(ACCOUNT_COPY.staff);
  });

  it("answers downloads left per purchase, only from the asker's own purchases", async () => {
    expect((await asB("how many downloads are left on social post grid"))!.response).toBe(
      "Social Post Grid has 1 of 3 downloads left.",
    );
    const answer = (await asA("how many downloads are left on social post grid"))!;
    expect(answer.response).toBe("You have 1 purchase: Brand Guidelines Starter (5 of 5 downloads left).");
    hasNothingOfB(answer);
  });

  it("counts unread notifications", async () => {
    // Each client has had project notifications; the count is theirs alone.
    expect((await asA("do i have unread notifications"))!.response).toMatch(
      /^You have \d+ unread notifications?\./,
    );
  });

  it("asks a visitor to sign in, and leaves general questions to the content", async () => {
    expect(await answerAccountQuestion("whats my token balance", null)).toEqual({
      response: ACCOUNT_COPY.signIn,
      sources: [{ title: "Sign in", url: "/login" }],
      passageIds: [],
      found: true,
    });
    for (const general of ["how much are tokens", "do tokens expire", "what plans do you have"])
      expect(await asA(general)).toBeNull();
  });

  it("is never handed to the language model", async () => {
    let requests = 0;
    const server = createServer((_request, response) => {
      requests++;
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ choices: [{ message: { role: "assistant", content: "A guess." } }] }));
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    configureChatLlm({
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`,
      model: "m",
    });
    const outcome = await askAssistant({
      query: "how many tokens do i have",
      visitor: "llm-check",
      clientAddress: "198.51.100.40",
      user: { ...a, signInHash: "llm-check" },
    });
    server.close();
    expect(outcome).toMatchObject({
      status: "ok",
      reply: { response: expect.stringMatching(/^You have 85/) },
    });
    expect(requests).toBe(0);
  });
});

const ask = (query: string, init: { cookie?: string; headers?: Record<string, string> } = {}) =>
  call(apiChat.action, jsonRequest("/api/chat/", "POST", { query }, init));

describe("POST /api/chat/ as a signed-in client", () => {
  it("answers for the session cookie's account, or the API token's, keeping the {response, sources, timestamp} contract", async () => {
    const byCookie = await ask("how many tokens do i have", { cookie: a.cookie });
    expect(byCookie.status).toBe(200);
    expect(Object.keys(byCookie.body as object).sort()).toEqual([
      "message_id",
      "response",
      "sources",
      "timestamp",
    ]);
    expect(reply(byCookie).response).toMatch(/^You have 85 Creative Tokens\./);
    expect(byCookie.headers.get("Cache-Control")).toBe("no-store");

    const byToken = await ask("how many tokens do i have", { headers: tokenHeader(b) });
    expect(reply(byToken).response).toMatch(/^You have 892 Creative Tokens\./);
    expect(byToken.headers.get("Cache-Control")).toBe("no-store");

    const onOldPath = await call(
      apiChat.action,
      jsonRequest(
        "/aizre-query-public",
        "POST",
        { query: "status of my projects" },
        { headers: tokenHeader(a) },
      ),
    );
    expect(reply(onOldPath).response).toContain("Logo refresh for Saffron Row (In Progress)");
    hasNothingOfB(reply(onOldPath));
  });

  it("asks a visitor, or a caller with a token that is not valid, to sign in", async () => {
    for (const init of [{}, { headers: { Authorization: `Token ${"0".repeat(40)}` } }]) {
      const outcome = await ask("whats my token balance", init);
      expect(outcome.status).toBe(200);
      expect(reply(outcome)).toMatchObject({
        response: ACCOUNT_COPY.signIn,
        sources: [{ title: "Sign in", url: "/login" }],
      });
    }
  });

  it("keeps general questions on the site's content for a signed-in client", async () => {
    const outcome = await ask("How much is the Starter plan?", { cookie: a.cookie });
    expect(reply(outcome).response).toContain("₹14,999 / month");
  });

  it("answers for whoever is signed in now: A signs out and B signs in on the same browser", async () => {
    const first = await ask("how many tokens do i have", { cookie: a.cookie });
    const chat = cookieFrom(first);
    expect(reply(first).response).toMatch(/^You have 85/);

    const signedOut = await call(
      logout.action,
      formRequest("/logout", {}, { cookie: `${chat}; ${a.cookie}` }),
    );
    expect(signedOut.status).toBe(302);
    // Signing out forgets the conversation in this browser: its answers were about A.
    const cleared = signedOut.headers.getSetCookie().find((line) => line.startsWith("ascendra_chat="));
    expect(cleared).toMatch(/^ascendra_chat=;.*Max-Age=0/);
    // The old session cookie no longer signs anyone in.
    expect(reply(await ask("how many tokens do i have", { cookie: `${chat}; ${a.cookie}` })).response).toBe(
      ACCOUNT_COPY.signIn,
    );

    const next = await signedInClient();
    await give(next, 7);
    const theirs = await ask("how many tokens do i have", { cookie: `${chat}; ${next.cookie}` });
    expect(reply(theirs).response).toMatch(/^You have 7 Creative Tokens\./);
    expect(reply(theirs).response).not.toContain("85");
  });
});

describe("/chat without JavaScript, signed in", () => {
  // (A signed out above; B is still signed in.)
  it("answers the form post for the session's account", async () => {
    const sent = await call(
      chatPage.action,
      formRequest(
        "/chat",
        { intent: "send", message: "whats the status of my podcast project" },
        { cookie: b.cookie },
      ),
    );
    expect(sent.status).toBe(302);
    const chat = cookieFrom(sent);
    const page = await call(chatPage.loader, getRequest("/chat", { cookie: `${chat}; ${b.cookie}` }));
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const { messages } = page.body as {
      messages: { type: string; message: string; sources: { url: string }[] }[];
    };
    expect(messages.at(-1)).toMatchObject({
      type: "ai",
      message:
        "Podcast cover art is Submitted. Your brief is with the studio. Nothing has been started or promised yet. Next: The studio accepts the brief and starts work (the delivery date is set then), or returns it with questions.",
      sources: [{ url: `/project/${ids.bPodcast}` }],
    });
  });
});

it("B's own answers are B's (the purchases list too)", async () => {
  expect((await asB("what did i buy from the shop"))!.response).toBe(
    "You have 1 purchase: Social Post Grid (1 of 3 downloads left).",
  );
  expect((await listPurchases(a.id)).map((p) => p.shop_item.name)).toEqual(["Brand Guidelines Starter"]);
});
