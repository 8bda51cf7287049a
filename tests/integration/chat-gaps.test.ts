import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CHAT_COPY } from "~models/chat/copy";
import { answerGapGroup, attachGapGroup, listGapGroups } from "~models/chat/gap-queue.server";
import { gapGroupKey } from "~models/chat/feedback.server";
import { FAQ_MESSAGES, FEEDBACK_MESSAGES } from "~models/chat/gaps";
import {
  CHAT_INDEX_CHECK_INTERVAL_MS,
  CHAT_INDEX_FRESHNESS_MS,
  getChatIndex,
  rebuildChatIndex,
} from "~models/chat/search-index.server";
import { answerFromContent } from "~models/chat/answer";
import { chatResolutionRate } from "~models/chat/resolution.server";
import { RESOLUTION_WAIT_MS } from "~models/chat/resolution";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { runSeed, SEED_SOURCES, SeedValidationError } from "~models/views/seed.server";
import { db } from "~models/platform/db.server";
import { auditLog, chatFaqs, chatGaps, chatMessages, contentBlocks } from "~models/schema";
import * as apiChat from "~/routes/api/chat";
import * as apiConversation from "~/routes/api/chat-conversation";
import * as chatPage from "~/routes/chat";
import * as gapPage from "~/routes/admin/chat-gap";
import * as gapsPage from "~/routes/admin/chat-gaps";
import * as faqPage from "~/routes/admin/chat-faq";
import * as faqsPage from "~/routes/admin/chat-faqs";
import { call, cookieFrom, formRequest, getRequest, jsonRequest, type Outcome } from "./helpers";
import { signedInClient, type Client } from "./project-helpers";

// The gap queue (docs/decisions/0037): ratings, gap rows, staff answers as FAQ
// entries, and the index following them in every process.

type Reply = { response: string; sources: { title: string; url: string }[]; message_id: number };

let staff: Client;
beforeAll(async () => {
  await runSeed();
  await rebuildChatIndex();
  staff = await signedInClient("staff");
});

const ask = (query: string, cookie?: string) =>
  call(
    apiChat.action,
    jsonRequest("/api/chat/", "POST", { query, conversation_id: "chat_gaps" }, { cookie }),
  );
const rate = (body: unknown, cookie?: string) =>
  call(apiConversation.action, jsonRequest("/api/chat/feedback/", "POST", body, { cookie }), {
    action: "feedback",
  });
const reply = (outcome: Outcome) => outcome.body as Reply;

async function gapsOf(messageId: number) {
  return db().select().from(chatGaps).where(eq(chatGaps.messageId, messageId));
}

describe("rating an answer", () => {
  it("rates the visitor's own answers only; a re-rating replaces the first; down fills the gap queue, up empties it", async () => {
    const asked = await ask("How much is the Starter plan?");
    const cookie = cookieFrom(asked);
    const id = reply(asked).message_id;
    expect(id).toBeGreaterThan(0);

    expect(await rate({ message_id: id, rating: "up" }, cookie)).toMatchObject({
      status: 200,
      body: { message_id: id, rating: "up" },
    });
    expect(await gapsOf(id)).toEqual([]);

    expect((await rate({ message_id: id, rating: "down" }, cookie)).status).toBe(200);
    const [message] = await db().select().from(chatMessages).where(eq(chatMessages.id, id));
    expect(message!.rating).toBe("down");
    const gaps = await gapsOf(id);
    expect(gaps.map((g) => [g.reason, g.question, g.groupKey])).toEqual([
      ["unhelpful", "How much is the Starter plan?", gapGroupKey("How much is the Starter plan?")],
    ]);
    // Rating down twice is still one gap.
    await rate({ message_id: id, rating: "down" }, cookie);
    expect(await gapsOf(id)).toHaveLength(1);

    expect((await rate({ message_id: id, rating: "up" }, cookie)).status).toBe(200);
    expect(await gapsOf(id)).toEqual([]);

    // Another visitor, no cookie, the visitor's own question, an unknown id: 404.
    const stranger = cookieFrom(await ask("Where is your office?"));
    for (const [body, who] of [
      [{ message_id: id, rating: "down" }, stranger],
      [{ message_id: id, rating: "down" }, undefined],
      [{ message_id: id - 1, rating: "down" }, cookie],
      [{ message_id: 9_999_999, rating: "down" }, cookie],
    ] as const) {
      expect(await rate(body, who)).toMatchObject({
        status: 404,
        body: { error: FEEDBACK_MESSAGES.notFound },
      });
    }
    const [after] = await db().select().from(chatMessages).where(eq(chatMessages.id, id));
    expect(after!.rating).toBe("up");

    expect(await rate({ message_id: id, rating: "meh" }, cookie)).toMatchObject({
      status: 400,
      body: { rating: [FEEDBACK_MESSAGES.rating] },
    });
    expect(await rate({ rating: "up" }, cookie)).toMatchObject({ status: 400 });
  });

  it("works without JavaScript: the panel's form posts intent=feedback to /chat, and the page shows the pressed rating", async () => {
    const asked = await ask("Do you make explainer videos?");
    const cookie = cookieFrom(asked);
    const id = reply(asked).message_id;
    const posted = await call(
      chatPage.action,
      formRequest("/chat", { intent: "feedback", message_id: String(id), rating: "down" }, { cookie }),
    );
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe(`/chat#chat-msg-${id}`);
    const page = await call(chatPage.loader, getRequest("/chat", { cookie }));
    const messages = (page.body as { messages: { id: number; rating: string | null }[] }).messages;
    expect(messages.find((m) => m.id === id)?.rating).toBe("down");

    const stranger = await call(
      chatPage.action,
      formRequest("/chat", { intent: "feedback", message_id: String(id), rating: "up" }),
    );
    expect(stranger.status).toBe(404);
    const bad = await call(
      chatPage.action,
      formRequest("/chat", { intent: "feedback", message_id: "x", rating: "up" }, { cookie }),
    );
    expect(bad).toMatchObject({ status: 400, body: { error: FEEDBACK_MESSAGES.messageId } });
  });
});

describe("the gap queue", () => {
  const wordings = [
    "Do you repair vintage zeppelin engines?",
    "vintage zeppelin engines: do you repair them",
    "Can you repair a vintage zeppelin engine?",
  ];

  it("records every 'I don't know' and groups wordings of one question, with counts and reasons", async () => {
    const ids: number[] = [];
    let cookie: string | undefined;
    for (const q of wordings) {
      const outcome = await ask(q, cookie);
      cookie ??= cookieFrom(outcome);
      expect(reply(outcome).response).toBe(CHAT_COPY.unknown);
      ids.push(reply(outcome).message_id);
    }
    expect(new Set(wordings.map(gapGroupKey)).size).toBe(1);
    // A down-rating of an "I don't know" adds its own reason to the same group.
    await rate({ message_id: ids[0], rating: "down" }, cookie);

    // Another question is its own group, with its own wordings.
    await ask("Do you sell car insurance?");
    const { groups, page } = await listGapGroups("open", 1);
    expect(groups.find((g) => g.key === gapGroupKey("Do you sell car insurance?"))).toMatchObject({
      asked: 1,
      examples: ["Do you sell car insurance?"],
    });
    const group = groups.find((g) => g.key === gapGroupKey(wordings[0]!));
    expect(group).toMatchObject({ asked: 3, unknown: 3, unhelpful: 1 });
    expect(group!.examples.sort()).toEqual([...wordings].sort());
    expect(page.total).toBe(groups.length);

    const listed = await call(gapsPage.loader, getRequest("/admin/chat-gaps", { cookie: staff.cookie }));
    expect(listed.status).toBe(200);
    expect(await call(gapsPage.loader, getRequest("/admin/chat-gaps"))).toMatchObject({ status: 404 });
  });

  it("staff answer a group: validated, stored as an FAQ entry with an audit entry, the group closed, and the assistant answers from it", async () => {
    const key = gapGroupKey(wordings[0]!);
    const url = `/admin/chat-gaps/${encodeURIComponent(key)}`;
    const answer = {
      intent: "answer",
      question: "Do you repair vintage zeppelin engines?",
      answer: "No: we are a branding agency. For airship engines, ask a specialist restorer.",
      link: "/contact#help-support",
    };

    const invalid = await call(
      gapPage.action,
      formRequest(
        url,
        { ...answer, answer: "  ", link: "https://elsewhere.example/" },
        { cookie: staff.cookie },
      ),
      { key },
    );
    expect(invalid.status).toBe(400);
    const errors = (invalid.body as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors.answer).toEqual([FAQ_MESSAGES.answerRequired]);
    expect(errors.link).toEqual([FAQ_MESSAGES.link]);
    const protocolRelative = await call(
      gapPage.action,
      formRequest(url, { ...answer, link: "//elsewhere.example" }, { cookie: staff.cookie }),
      { key },
    );
    expect(protocolRelative.status).toBe(400);
    expect(await db().select().from(chatFaqs)).toEqual([]);
    // Not staff: the back-office does not exist.
    expect((await call(gapPage.action, formRequest(url, answer), { key })).status).toBe(404);

    const saved = await call(gapPage.action, formRequest(url, answer, { cookie: staff.cookie }), { key });
    expect(saved.status).toBe(302);
    const [faq] = await db().select().from(chatFaqs);
    expect(faq).toMatchObject({ question: answer.question, answer: answer.answer, link: answer.link });
    expect(saved.headers.get("Location")).toBe(`/admin/chat-faqs/${faq!.id}?answered=3`);

    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "chat_faq.create"), eq(auditLog.targetId, faq!.id)));
    expect(audit).toMatchObject({ actorId: staff.id, targetType: "chat_faq", targetLabel: answer.question });

    expect((await listGapGroups("open", 1)).groups.map((g) => g.key)).not.toContain(key);
    expect((await listGapGroups("answered", 1)).groups.find((g) => g.key === key)).toMatchObject({
      asked: 3,
      faqId: faq!.id,
      faqQuestion: answer.question,
    });
    const list = await call(faqsPage.loader, getRequest("/admin/chat-faqs", { cookie: staff.cookie }));
    expect((list.body as { faqs: { id: string; answered: number }[] }).faqs).toEqual([
      expect.objectContaining({ id: faq!.id, answered: 3 }),
    ]);
    // A second answer to the closed group writes nothing.
    const again = await call(gapPage.action, formRequest(url, answer, { cookie: staff.cookie }), { key });
    expect(again.status).toBe(409);
    expect(await db().select().from(chatFaqs)).toHaveLength(1);

    // The next question after the check interval is answered from the entry.
    await getChatIndex(Date.now() + CHAT_INDEX_CHECK_INTERVAL_MS);
    const asked = await ask("Could you repair my vintage zeppelin engine?");
    expect(reply(asked).response).toBe(answer.answer);
    expect(reply(asked).sources).toEqual([{ title: answer.question, url: answer.link }]);
  });

  it("staff edit and delete entries; deleting one reopens the questions it answered", async () => {
    const [faq] = await db().select().from(chatFaqs);
    const url = `/admin/chat-faqs/${faq!.id}`;
    const params = { id: faq!.id };
    const edited = await call(
      faqPage.action,
      formRequest(
        url,
        { intent: "save", question: faq!.question, answer: "We don't, sorry.", link: "" },
        {
          cookie: staff.cookie,
        },
      ),
      params,
    );
    expect(edited).toMatchObject({ status: 200, body: { message: FAQ_MESSAGES.saved } });
    const [changed] = await db().select().from(chatFaqs);
    expect(changed).toMatchObject({ answer: "We don't, sorry.", link: null });

    const bad = await call(
      faqPage.action,
      formRequest(url, { intent: "save", question: "", answer: "x" }, { cookie: staff.cookie }),
      params,
    );
    expect(bad.status).toBe(400);

    const deleted = await call(
      faqPage.action,
      formRequest(url, { intent: "delete" }, { cookie: staff.cookie }),
      params,
    );
    expect(deleted).toMatchObject({ status: 302 });
    expect(await db().select().from(chatFaqs)).toEqual([]);
    expect((await listGapGroups("open", 1)).groups.map((g) => g.key)).toContain(gapGroupKey(wordings[0]!));
    const actions = (await db().select({ action: auditLog.action }).from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["chat_faq.update", "chat_faq.delete"]));
    expect((await call(faqPage.loader, getRequest(url, { cookie: staff.cookie }), params)).status).toBe(404);
  });
});

describe("seeds/chat-faqs.json", () => {
  it("loads entries by id, idempotently, and refuses a link to another site", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "chat-faqs-"));
    const sources = SEED_SOURCES.filter((source) => source.name === "chat-faqs");
    // Missing file: nothing to load.
    expect(await runSeed({ dir, sources })).toEqual({
      "chat-faqs": { inserted: 0, updated: 0, unchanged: 0 },
    });
    const entry = {
      id: "6f1c1d5e-3c3b-4d7e-9a51-0f7d2b9e8a10",
      question: "Do you ship printed posters abroad?",
      answer: "We deliver files, not prints.",
    };
    await writeFile(path.join(dir, "chat-faqs.json"), JSON.stringify([entry]));
    expect((await runSeed({ dir, sources }))["chat-faqs"]).toEqual({ inserted: 1, updated: 0, unchanged: 0 });
    expect((await runSeed({ dir, sources }))["chat-faqs"]).toEqual({ inserted: 0, updated: 0, unchanged: 1 });
    const [row] = await db().select().from(chatFaqs).where(eq(chatFaqs.id, entry.id));
    expect(row).toMatchObject({ question: entry.question, answer: entry.answer, link: null });

    await writeFile(
      path.join(dir, "chat-faqs.json"),
      JSON.stringify([{ ...entry, link: "https://x.example" }]),
    );
    await expect(runSeed({ dir, sources })).rejects.toBeInstanceOf(SeedValidationError);
    await db().delete(chatFaqs).where(eq(chatFaqs.id, entry.id));
  });
});

describe("index freshness across processes (content revision)", () => {
  const state = globalThis as { __ascendraChatIndex?: unknown };

  it("a process that never saw the write answers from an FAQ entry on its next check, within the 10 s bound", async () => {
    const question = "Do you restore antique carousel organs?";
    const key = gapGroupKey(question);
    expect(reply(await ask(question)).response).toBe(CHAT_COPY.unknown);

    // "Process B": its own index, built before the write, from its own boot.
    state.__ascendraChatIndex = undefined;
    const before = await rebuildChatIndex();
    const builtAt = Date.now();

    // "Process A" (staff in the back-office) writes the answer through the model.
    const answered = await answerGapGroup(
      key,
      { question, answer: "Carousel organs are outside what we do; we design brands." },
      { id: staff.id, role: "staff", label: staff.username },
    );
    expect(answered).toMatchObject({ ok: true, answered: 1 });

    // Nothing told process B: inside the interval it keeps its index...
    expect(await getChatIndex(builtAt)).toBe(before);
    expect(answerFromContent(before, question).found).toBe(false);

    // ...and the first question after it reads the revision and rebuilds before answering.
    const started = performance.now();
    const after = await getChatIndex(builtAt + CHAT_INDEX_CHECK_INTERVAL_MS);
    const rebuildMs = performance.now() - started;
    expect(after).not.toBe(before);
    const answer = answerFromContent(after, question);
    expect(answer.response).toBe("Carousel organs are outside what we do; we design brands.");
    expect(answer.sources).toEqual([{ title: question, url: "/helpsupport#faq" }]);
    expect(CHAT_INDEX_CHECK_INTERVAL_MS + rebuildMs).toBeLessThan(CHAT_INDEX_FRESHNESS_MS);

    // With nothing changed, a later check keeps the same index.
    expect(await getChatIndex(builtAt + 2 * CHAT_INDEX_CHECK_INTERVAL_MS)).toBe(after);
  });

  it("a content change written by another process (npm run seed, raw SQL) raises the revision; a view count does not", async () => {
    const revision = async () =>
      (await db().execute(sql`select revision from content_revisions`)) as unknown as {
        rows: { revision: string | number }[];
      };
    const read = async () => Number((await revision()).rows[0]!.revision);
    const start = await read();
    const [site] = await db().select().from(contentBlocks).where(eq(contentBlocks.key, "site"));
    await db().execute(sql`update content_blocks set data = data where key = 'site'`);
    expect(await read()).toBe(start + 1);
    await db().execute(sql`update blog_posts set counted_views = counted_views + 1`);
    expect(await read()).toBe(start + 1);
    expect(site).toBeDefined();
  });
});

describe("a staff answer fixes the group that raised it (decision 0063)", () => {
  it("the group's own words, worded unlike the entry, get the staff answer; a group attached later does too", async () => {
    const actor = { id: staff.id, role: "staff" as const, label: staff.username };
    const first = "do u teach pottery to kids";
    expect(reply(await ask(first)).response).toBe(CHAT_COPY.unknown);
    const answered = await answerGapGroup(
      gapGroupKey(first),
      {
        question: "Can you repair carousel music machines?",
        answer: "Ceramics courses are outside what we do.",
      },
      actor,
    );
    expect(answered).toMatchObject({ ok: true });
    await rebuildChatIndex();
    expect(reply(await ask(first)).response).toBe("Ceramics courses are outside what we do.");

    const later = "do u sell saxophone reeds";
    expect(reply(await ask(later)).response).toBe(CHAT_COPY.unknown);
    const attached = await attachGapGroup(gapGroupKey(later), answered.ok ? answered.faqId : "", actor);
    expect(attached).toMatchObject({ ok: true, answered: 1 });
    // A group with nothing open left, or an entry that does not exist, changes nothing.
    expect(await attachGapGroup(gapGroupKey(later), answered.ok ? answered.faqId : "", actor)).toEqual({
      ok: false,
      reason: "answered",
    });
    expect(await attachGapGroup(gapGroupKey(later), "not-an-entry", actor)).toEqual({
      ok: false,
      reason: "no-entry",
    });
    await rebuildChatIndex();
    expect(reply(await ask(later)).response).toBe("Ceramics courses are outside what we do.");
  });
});

describe("resolution rate (decision 0063)", () => {
  it("counts a conversation resolved when the visitor thanks the assistant, or leaves for 24 hours; not when it only said it does not know", async () => {
    const before = await chatResolutionRate();
    const thanked = await ask("How much is the Starter plan?");
    await ask("thanks, that helped", cookieFrom(thanked));
    const unknown = await ask("do you restore vintage motorbikes");
    expect(reply(unknown).response).toBe(CHAT_COPY.unknown);
    const after = await chatResolutionRate();
    expect(after.byResolution.confirmed).toBe(before.byResolution.confirmed + 1);
    expect(after.byResolution.unanswered).toBe(before.byResolution.unanswered + 1);
    // A day later, an answered conversation nobody confirmed or escalated counts as resolved.
    const later = await chatResolutionRate({}, new Date(Date.now() + RESOLUTION_WAIT_MS + 60_000));
    expect(later.open).toBe(0);
    expect(later.resolved).toBeGreaterThanOrEqual(after.resolved);
  });

  it("is computed for any period a report asks for: only the conversations started in it", async () => {
    const start = new Date();
    const thanked = await ask("Where is your office?");
    await ask("perfect thanks", cookieFrom(thanked));
    const end = new Date(Date.now() + 1000);
    const period = await chatResolutionRate({ from: start, to: end });
    expect(period).toMatchObject({ counted: 1, resolved: 1, rate: 1 });
    expect(period.byResolution.confirmed).toBe(1);
    expect(await chatResolutionRate({ from: end, to: new Date(end.getTime() + 3600_000) })).toMatchObject({
      counted: 0,
      rate: null,
    });
  });
});
