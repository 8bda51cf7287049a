import { and, countDistinct, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { readPage } from "../platform/paging.server";
import { recordAudit, type AuditActor } from "../platform/audit.server";
import { db } from "../platform/db.server";
import { chatFaqs, chatGaps } from "../schema";
import type { ChatFaqInput, GapStatus } from "./gaps";

// The back-office's gap queue (docs/decisions/0037): gap rows grouped by their
// key in SQL, newest question first, and staff's answer to a group.

/** Example wordings shown per group in the list. */
const LIST_EXAMPLES = 3;
/** Example wordings on a group's page. */
const GROUP_EXAMPLES = 10;

export type GapGroup = {
  key: string;
  asked: number;
  unknown: number;
  unhelpful: number;
  lastAsked: Date;
  examples: string[];
  /** Answered groups: the entry that answered them. */
  faqId: string | null;
  faqQuestion: string | null;
};

const statusFilter = (status: GapStatus) =>
  status === "open" ? isNull(chatGaps.answeredAt) : isNotNull(chatGaps.answeredAt);

function groupColumns(status: GapStatus, examples: number) {
  const sameStatus = status === "open" ? sql`g.answered_at is null` : sql`g.answered_at is not null`;
  return {
    key: chatGaps.groupKey,
    // Times asked: an "I don't know" that was also rated down is one question with two reasons.
    asked: sql<number>`count(distinct coalesce(${chatGaps.messageId}, -${chatGaps.id}))::int`,
    unknown: sql<number>`(count(*) filter (where ${chatGaps.reason} = 'unknown'))::int`,
    unhelpful: sql<number>`(count(*) filter (where ${chatGaps.reason} = 'unhelpful'))::int`,
    lastAsked: sql<Date>`max(${chatGaps.createdAt})`.mapWith(chatGaps.createdAt),
    // The most recent distinct wordings.
    examples: sql<string[]>`(select coalesce(array_agg(q.question), '{}') from (
      select g.question from ${chatGaps} g
      where g.group_key = "chat_gaps"."group_key" and ${sameStatus}
      group by g.question order by max(g.created_at) desc limit ${examples}) q)`,
    faqId: sql<string | null>`(array_agg(${chatGaps.faqId}::text order by ${chatGaps.createdAt} desc))[1]`,
  };
}

/** One page of groups, most recently asked first; "answered" lists groups staff answered. */
export async function listGapGroups(status: GapStatus, requestedPage: number) {
  const { rows, page } = await readPage(
    requestedPage,
    db()
      .select({ n: countDistinct(chatGaps.groupKey) })
      .from(chatGaps)
      .where(statusFilter(status)),
    (page) =>
      db()
        .select(groupColumns(status, LIST_EXAMPLES))
        .from(chatGaps)
        .where(statusFilter(status))
        .groupBy(chatGaps.groupKey)
        .orderBy(desc(sql`max(${chatGaps.createdAt})`), chatGaps.groupKey)
        .limit(page.limit)
        .offset(page.offset),
  );
  return { groups: await withFaqQuestions(rows), page };
}

async function withFaqQuestions(rows: Omit<GapGroup, "faqQuestion">[]): Promise<GapGroup[]> {
  const ids = [...new Set(rows.map((r) => r.faqId).filter((id): id is string => !!id))];
  const questions = new Map(
    ids.length
      ? (
          await db()
            .select({ id: chatFaqs.id, question: chatFaqs.question })
            .from(chatFaqs)
            .where(sql`${chatFaqs.id} in ${ids}`)
        ).map((row) => [row.id, row.question])
      : [],
  );
  return rows.map((row) => ({ ...row, faqQuestion: row.faqId ? (questions.get(row.faqId) ?? null) : null }));
}

/** A group's open questions (or, once answered, its answered ones); null when it has none. */
export async function getGapGroup(key: string): Promise<(GapGroup & { open: boolean }) | null> {
  for (const status of ["open", "answered"] as const) {
    const rows = await db()
      .select(groupColumns(status, GROUP_EXAMPLES))
      .from(chatGaps)
      .where(and(eq(chatGaps.groupKey, key), statusFilter(status)))
      .groupBy(chatGaps.groupKey);
    if (rows.length) return { ...(await withFaqQuestions(rows))[0]!, open: status === "open" };
  }
  return null;
}

/**
 * Staff answer a group: the answer becomes an FAQ entry the assistant uses,
 * the group's open questions are marked answered by it, and the audit log
 * records it, in one transaction. A group with no open questions left (a
 * colleague was quicker) writes nothing.
 */
export async function answerGapGroup(
  key: string,
  input: ChatFaqInput,
  actor: AuditActor & { id: string },
): Promise<{ ok: true; faqId: string; answered: number } | { ok: false }> {
  return db().transaction(async (tx) => {
    const open = await tx
      .select({ id: chatGaps.id })
      .from(chatGaps)
      .where(and(eq(chatGaps.groupKey, key), isNull(chatGaps.answeredAt)))
      .for("update");
    if (!open.length) return { ok: false as const };
    const [faq] = await tx
      .insert(chatFaqs)
      .values({
        question: input.question,
        answer: input.answer,
        link: input.link || null,
        createdBy: actor.id,
      })
      .returning({ id: chatFaqs.id });
    const answered = await tx
      .update(chatGaps)
      .set({ answeredAt: sql`now()`, faqId: faq!.id })
      .where(and(eq(chatGaps.groupKey, key), isNull(chatGaps.answeredAt)))
      .returning({ id: chatGaps.id, messageId: chatGaps.messageId });
    const questions = new Set(answered.map((row) => row.messageId ?? -row.id)).size;
    await recordAudit(
      {
        actor,
        action: "chat_faq.create",
        target: { type: "chat_faq", id: faq!.id, label: input.question },
        after: { question: input.question, answer: input.answer, link: input.link || null, group: key },
        reason: `${questions} question${questions === 1 ? "" : "s"} in the group "${key}"`,
      },
      tx,
    );
    return { ok: true as const, faqId: faq!.id, answered: questions };
  });
}

/**
 * Staff attach a group to an entry that already answers it: the group's open
 * questions are marked answered by it and become its phrasings in the
 * assistant's index (the entry's updated_at moves, which raises the content
 * revision, so every process rebuilds). Null when there is no such entry;
 * false when the group has no open questions left.
 */
export async function attachGapGroup(
  key: string,
  faqId: string,
  actor: AuditActor & { id: string },
): Promise<{ ok: true; answered: number } | { ok: false; reason: "no-entry" | "answered" }> {
  return db().transaction(async (tx) => {
    const [faq] = await tx
      .select({ id: chatFaqs.id, question: chatFaqs.question })
      .from(chatFaqs)
      .where(sql`${chatFaqs.id}::text = ${faqId}`)
      .for("update");
    if (!faq) return { ok: false as const, reason: "no-entry" as const };
    const answered = await tx
      .update(chatGaps)
      .set({ answeredAt: sql`now()`, faqId: faq.id })
      .where(and(eq(chatGaps.groupKey, key), isNull(chatGaps.answeredAt)))
      .returning({ id: chatGaps.id, messageId: chatGaps.messageId });
    if (!answered.length) return { ok: false as const, reason: "answered" as const };
    await tx
      .update(chatFaqs)
      .set({ updatedAt: sql`now()` })
      .where(eq(chatFaqs.id, faq.id));
    const questions = new Set(answered.map((row) => row.messageId ?? -row.id)).size;
    await recordAudit(
      {
        actor,
        action: "chat_faq.attach",
        target: { type: "chat_faq", id: faq.id, label: faq.question },
        after: { group: key },
        reason: `${questions} question${questions === 1 ? "" : "s"} in the group "${key}"`,
      },
      tx,
    );
    return { ok: true as const, answered: questions };
  });
}
