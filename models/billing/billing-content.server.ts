import { eq } from "drizzle-orm";
import { billingSettingsSchema, type BillingSettings } from "./billing-content";
import { db, type Database, type Transaction } from "../platform/db.server";
import { contentBlocks } from "../schema";
import { keptContent } from "../content/kept-content.server";

const keptBillingSettings = keptContent(() => readBillingSettings(db()));

/**
 * seeds/billing.json as stored: the referral reward, the gift card rate and the
 * gift page's copy. Kept per process; read afresh inside a transaction.
 */
export function getBillingSettings(database?: Database | Transaction): Promise<BillingSettings> {
  return database ? readBillingSettings(database) : keptBillingSettings();
}

async function readBillingSettings(database: Database | Transaction): Promise<BillingSettings> {
  const [row] = await database
    .select({ data: contentBlocks.data })
    .from(contentBlocks)
    .where(eq(contentBlocks.key, "billing"));
  if (!row) throw new Error('Content block "billing" is missing: run npm run seed.');
  return billingSettingsSchema.parse(row.data);
}
