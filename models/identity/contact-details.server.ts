import { eq } from "drizzle-orm";
import { db } from "../platform/db.server";
import { profiles, users } from "../schema";
import { NO_CONTACT_DETAILS, type ContactDetails } from "./contact-details";
import { fullNameOf } from "./manage-account";

/** The account's own details (one read), or none for an unknown or deleted account. */
export async function getContactDetails(userId: string): Promise<ContactDetails> {
  const [row] = await db()
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      deletedAt: users.deletedAt,
      contact: profiles.contact,
      countryCode: profiles.countryCode,
      companyName: profiles.companyName,
      companyEmail: profiles.companyEmail,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || row.deletedAt) return NO_CONTACT_DETAILS;
  const phone = row.contact?.trim() ?? "";
  return {
    name: fullNameOf(row),
    email: row.email,
    phoneCountry: phone ? (row.countryCode ?? "") : "",
    phone,
    company: row.companyName?.trim() ?? "",
    companyEmail: row.companyEmail?.trim() ?? "",
  };
}
