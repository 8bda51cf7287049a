import { sql } from "drizzle-orm";
import { db, type Transaction } from "../platform/db.server";
import { contentBlocks, subscriptions, tokenLots } from "../schema";
import { quoteRound, revisionPrices, roundApplies } from "../projects/proofing";
import { roundCountsSql, type RevisionRoundPayment, type RoundOffer } from "../projects/proofing.server";
import { queueReceipt } from "./receipt-email.server";
import { spendTokens } from "./tokens.server";
import { capMessage } from "./spending-caps.server";

// The paid side of a proof's revision rounds (decisions 0047, 0069): what the
// next round costs the client, and paying it through the ledger with its
// receipt. Projects closes the round in its status transition and takes this
// as an argument (`revisionRoundPayment`), since it sits to billing's left.

type Executor = ReturnType<typeof db> | Transaction;

/**
 * What the client's next "Request Revision" would do: whether it closes a
 * round (only once a version exists), its number, tier and price, the pins it
 * would gather and the client's balance. One statement: proofing's counts
 * (`roundCountsSql`) beside the plan, the tiers' prices and the balance.
 */
export async function quoteRevisionRound(
  project: { id: string; userId: string },
  database: Executor = db(),
  now = new Date(),
): Promise<RoundOffer> {
  const result = (await database.execute(sql`select
      ${roundCountsSql(project.id)},
      (select ${subscriptions.planId} from ${subscriptions}
        where ${subscriptions.userId} = ${project.userId} and ${subscriptions.status} = 'active' limit 1) as plan,
      (select ${contentBlocks.data} -> 'tiers' -> 'items' from ${contentBlocks} where ${contentBlocks.key} = 'creative-tokens') as tiers,
      (select coalesce(sum(${tokenLots.remaining}), 0)::int from ${tokenLots}
        where ${tokenLots.userId} = ${project.userId} and ${tokenLots.remaining} > 0
        and ${tokenLots.expiresAt} > ${now.toISOString()}) as balance`)) as unknown as {
    rows: {
      rounds: number;
      versions: number;
      drafts: number;
      plan: string | null;
      tiers: unknown;
      balance: number;
    }[];
  };
  const row = result.rows[0];
  const items = Array.isArray(row?.tiers) ? (row.tiers as { name: string; revision: number }[]) : undefined;
  const quote = quoteRound({
    roundsSoFar: row?.rounds ?? 0,
    planId: row?.plan,
    prices: revisionPrices(items),
  });
  return {
    ...quote,
    applies: roundApplies(row?.versions ?? 0),
    draftPins: row?.drafts ?? 0,
    balance: row?.balance ?? 0,
  };
}

/** Billing's part of a revision round, for projects' `transitionProject` and `getClientProofing`. */
export const revisionRoundPayment: RevisionRoundPayment = {
  quote: quoteRevisionRound,
  async pay(tx, { project, offer, viewerId, now }) {
    const spent = await spendTokens(
      {
        userId: project.userId,
        amount: offer.cost,
        reason: "project",
        description: `Revision round ${offer.number} (${offer.tier}): ${project.title}`.slice(0, 300),
        sourceKey: `revision-round:${project.id}:${offer.number}`,
        now,
        actor: { id: viewerId, role: "client" },
        actorId: viewerId,
      },
      tx,
    );
    if (!spent.ok && spent.reason === "cap")
      return {
        ok: false,
        balance: spent.balance,
        message: capMessage(spent.refusal),
        refusal: spent.refusal,
      };
    if (!spent.ok) return { ok: false, balance: spent.balance };
    // The round's receipt (email + notification) commits with the spend; the jobs send its email (decision 0058).
    if (offer.cost > 0)
      await queueReceipt(
        tx,
        {
          kind: "revision_round",
          userId: project.userId,
          tokens: offer.cost,
          round: offer.number,
          project: { id: project.id, title: project.title },
        },
        { now },
      );
    return { ok: true, ledgerEntryId: spent.entry.id };
  },
};
