import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { db } from "../platform/db.server";
import type { Page } from "../platform/pagination";
import { payments, users } from "../schema";
import { readPage } from "../platform/paging.server";

// Payments as staff list them: succeeded ones, newest first, a page at a time,
// or the one with a given receipt number. Refunds go through
// models/billing/refunds.server.ts.

export type StaffPaymentRow = {
  id: string;
  number: number;
  kind: string;
  description: string;
  amountMinor: number;
  refundedMinor: number;
  currency: string;
  gateway: string;
  completedAt: Date | null;
  email: string | null;
};

export async function listPaymentsPage(
  receipt: number | null,
  requestedPage = 1,
): Promise<{ rows: StaffPaymentRow[]; page: Page }> {
  const where: SQL | undefined = and(
    eq(payments.status, "succeeded"),
    receipt ? eq(payments.number, receipt) : undefined,
  );
  return readPage(requestedPage, db().select({ n: count() }).from(payments).where(where), (page) =>
    db()
      .select({
        id: payments.id,
        number: payments.number,
        kind: payments.kind,
        description: payments.description,
        amountMinor: payments.amountMinor,
        refundedMinor: payments.refundedMinor,
        currency: payments.currency,
        gateway: payments.gateway,
        completedAt: payments.completedAt,
        email: sql<string | null>`coalesce(${users.email}, ${payments.payerEmail})`,
      })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.userId))
      .where(where)
      .orderBy(desc(payments.completedAt), desc(payments.id))
      .limit(page.limit)
      .offset(page.offset),
  );
}
