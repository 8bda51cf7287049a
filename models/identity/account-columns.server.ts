import { sql } from "drizzle-orm";
import { users } from "../schema";

/** The columns of an `AccountUser` (accounts.server.ts): what a session, an API token or a sign-in reads of a user. */
export const accountColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  /** Sign-in never finds an organisation's account row (role `organisation`, decision 0077). */
  role: sql<"client" | "staff">`${users.role}`.as("role"),
  /** A staff member's access level (decision 0075). */
  staffAccess: users.staffAccess,
  firstName: users.firstName,
  lastName: users.lastName,
  /** Whether the owner proved the address (docs/decisions/0053-email-verification.md). */
  emailVerified: sql<boolean>`${users.emailVerifiedAt} is not null`.as("email_verified"),
};
