import { asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { WriteCount } from "../content/site-content.server";
import { recordAudit, type AuditActor } from "../platform/audit.server";
import { db, type Database, type Transaction } from "../platform/db.server";
import { readPage } from "../platform/paging.server";
import { chatFaqs, chatGaps } from "../schema";
import type { ChatFaqInput } from "./gaps";

// FAQ entries staff wrote for the assistant's gaps (docs/decisions/0037).
// Every write raises the content revision (a trigger), so each server
// process's chat index picks it up within seconds.

export type ChatFaq = {
  id: string;
  question: string;
  answer: string;
  link: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** An entry with the visitors' questions it answered (the gap groups staff answered or attached with it). */
export type ChatFaqWithQuestions = ChatFaq & { askedAs: string[] };

/** Visitors' wordings indexed per entry at most (the most recent). */
const ASKED_AS_LIMIT = 50;

const columns = {
  id: chatFaqs.id,
  question: chatFaqs.question,
  answer: chatFaqs.answer,
  link: chatFaqs.link,
  createdAt: chatFaqs.createdAt,
  updatedAt: chatFaqs.updatedAt,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every entry, oldest first: for the export. */
export async function listAllFaqs(database: Database = db()): Promise<ChatFaq[]> {
  return database.select(columns).from(chatFaqs).orderBy(asc(chatFaqs.createdAt), asc(chatFaqs.id));
}

/**
 * Every entry with the distinct questions of the gap rows it answered, for the
 * assistant's index: the words that raised a gap, and their paraphrases, find
 * the staff answer (decision 0063).
 */
export async function listFaqsWithQuestions(database: Database = db()): Promise<ChatFaqWithQuestions[]> {
  return database
    .select({
      ...columns,
      // Qualified by hand: inside sql`` drizzle names columns without their table.
      askedAs: sql<string[]>`(select coalesce(array_agg(q.question), '{}') from (
        select g.question from "chat_gaps" g where g.faq_id = "chat_faqs"."id"
        group by g.question order by max(g.created_at) desc limit ${ASKED_AS_LIMIT}) q)`,
    })
    .from(chatFaqs)
    .orderBy(asc(chatFaqs.createdAt), asc(chatFaqs.id));
}

/** The back-office list, newest change first, with how many gap questions each answered. */
export async function listFaqPage(requestedPage: number) {
  return readPage(requestedPage, db().select({ n: count() }).from(chatFaqs), (page) =>
    db()
      .select({
        ...columns,
        // Qualified by hand: inside sql`` drizzle names columns without their table.
        answered: sql<number>`(select count(distinct coalesce(g.message_id, -g.id))::int from "chat_gaps" g where g.faq_id = "chat_faqs"."id")`,
      })
      .from(chatFaqs)
      .orderBy(desc(chatFaqs.updatedAt), desc(chatFaqs.id))
      .limit(page.limit)
      .offset(page.offset),
  );
}

export async function getFaq(id: string): Promise<ChatFaq | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db().select(columns).from(chatFaqs).where(eq(chatFaqs.id, id)).limit(1);
  return row ?? null;
}

const stored = (input: ChatFaqInput) => ({
  question: input.question,
  answer: input.answer,
  link: input.link || null,
});

/** Staff change an entry's wording or link; null when there is no such entry. */
export async function updateFaq(id: string, input: ChatFaqInput, actor: AuditActor): Promise<ChatFaq | null> {
  if (!UUID.test(id)) return null;
  return db().transaction(async (tx) => {
    const [before] = await tx.select(columns).from(chatFaqs).where(eq(chatFaqs.id, id)).for("update");
    if (!before) return null;
    const [after] = await tx
      .update(chatFaqs)
      .set({ ...stored(input), updatedAt: sql`now()` })
      .where(eq(chatFaqs.id, id))
      .returning(columns);
    await recordAudit(
      {
        actor,
        action: "chat_faq.update",
        target: { type: "chat_faq", id, label: after!.question },
        before: { question: before.question, answer: before.answer, link: before.link },
        after: stored(input),
      },
      tx,
    );
    return after!;
  });
}

/** Deletes an entry; the gap questions it answered are open again. */
export async function deleteFaq(id: string, actor: AuditActor): Promise<boolean> {
  if (!UUID.test(id)) return false;
  return db().transaction(async (tx) => {
    const [before] = await tx.select(columns).from(chatFaqs).where(eq(chatFaqs.id, id)).for("update");
    if (!before) return false;
    await tx.update(chatGaps).set({ answeredAt: null, faqId: null }).where(eq(chatGaps.faqId, id));
    await tx.delete(chatFaqs).where(eq(chatFaqs.id, id));
    await recordAudit(
      {
        actor,
        action: "chat_faq.delete",
        target: { type: "chat_faq", id, label: before.question },
        before: { question: before.question, answer: before.answer, link: before.link },
      },
      tx,
    );
    return true;
  });
}

/**
 * seeds/chat-faqs.json into the table, by id: new entries are added, changed
 * ones updated, the rest left alone. Entries only in the database (written
 * since the last export) stay.
 */
export async function upsertFaqSeeds(
  tx: Transaction,
  items: Array<ChatFaqInput & { id: string }>,
): Promise<WriteCount> {
  const result: WriteCount = { inserted: 0, updated: 0, unchanged: 0 };
  if (!items.length) return result;
  const existing = new Map(
    (
      await tx
        .select(columns)
        .from(chatFaqs)
        .where(
          inArray(
            chatFaqs.id,
            items.map((item) => item.id),
          ),
        )
    ).map((row) => [row.id, row]),
  );
  for (const item of items) {
    const values = stored(item);
    const row = existing.get(item.id);
    if (!row) {
      await tx.insert(chatFaqs).values({ id: item.id, ...values });
      result.inserted++;
    } else if (row.question !== values.question || row.answer !== values.answer || row.link !== values.link) {
      await tx
        .update(chatFaqs)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(chatFaqs.id, item.id));
      result.updated++;
    } else result.unchanged++;
  }
  return result;
}
