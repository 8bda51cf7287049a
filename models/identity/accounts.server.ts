import { and, eq, isNull, like, ne, or, sql } from "drizzle-orm";
import { ACCOUNT_MESSAGES, type ProfileUpdate } from "./accounts";
import { revokeApiTokens } from "./api-tokens.server";
import { db, type Database, type Transaction } from "../platform/db.server";
import { newPasswordProblem } from "./common-passwords.server";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./passwords.server";
import { consumeRateLimit, RATE_LIMITS, resetRateLimit } from "../platform/rate-limit.server";
import { passwordResets, profiles, rateLimits, users } from "../schema";
import { deleteUserSessions } from "./sessions.server";
import { accountColumns } from "./account-columns.server";
import { createPersonalOrganisation, leaveAllOrganisations } from "./organisations.server";
import { apiProfile } from "./api";
import { queueEmailVerification, type MailContext } from "./email-verification.server";
import { sendQueuedEmail, type QueuedEmail } from "../platform/mail.server";

export type AccountUser = {
  id: string;
  username: string;
  email: string;
  role: "client" | "staff";
  /** What a staff member may see: `full`, or `studio` (no money figures; decision 0075). */
  staffAccess: "full" | "studio";
  firstName: string;
  lastName: string;
  /** Whether the owner proved the address: only then is what others sent to it linked to the account. */
  emailVerified: boolean;
};

type Conflict = { field: "username" | "email" | "referral_code"; message: string };

async function findConflict(
  username: string,
  email: string,
  database: Database | Transaction = db(),
): Promise<Conflict | undefined> {
  const [taken] = await database
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      or(sql`lower(${users.username}) = lower(${username})`, sql`lower(${users.email}) = lower(${email})`),
    )
    .limit(1);
  if (!taken) return undefined;
  return taken.username.toLowerCase() === username.toLowerCase()
    ? { field: "username", message: ACCOUNT_MESSAGES.usernameTaken }
    : { field: "email", message: ACCOUNT_MESSAGES.emailTaken };
}

function uniqueViolation(error: unknown): Conflict | undefined {
  const cause =
    (error as { cause?: { code?: string; constraint?: string } })?.cause ??
    (error as { code?: string; constraint?: string });
  if (cause?.code !== "23505") return undefined;
  if (cause.constraint === "referral_signups_referral_id_key")
    return { field: "referral_code", message: ACCOUNT_MESSAGES.referralUsed };
  return cause.constraint === "users_email_lower_key"
    ? { field: "email", message: ACCOUNT_MESSAGES.emailTaken }
    : { field: "username", message: ACCOUNT_MESSAGES.usernameTaken };
}

export type CreateAccountResult =
  { ok: true; user: AccountUser; confirmation?: QueuedEmail } | ({ ok: false } & Conflict);

/**
 * Creates a client account and its empty profile, linked to the invitation
 * when a referral code came with it. A taken username or email, or an unknown
 * or used code, is a field error, not a crash. Inside a caller's transaction
 * (`database`), it runs in a savepoint of it.
 *
 * The address starts unconfirmed. `confirmationMail` records the link that
 * confirms it with the account (send `confirmation` after the commit);
 * `emailVerified` is for an address already proved (a staff invitation, the
 * operator's command line).
 */
/**
 * A referral code a signup brings (billing's `signupReferral`): checked once
 * the name and address are known to be free, and recorded in the account's
 * transaction. Identity knows nothing of rewards; billing sits to its right.
 */
export type SignupReferral = () => Promise<
  { ok: false; message: string } | { ok: true; record: (tx: Transaction, userId: string) => Promise<void> }
>;

export async function createAccount(
  input: {
    username: string;
    email: string;
    password: string;
    role?: AccountUser["role"];
    referral?: SignupReferral;
    emailVerified?: boolean;
    confirmationMail?: MailContext;
  },
  database: Database | Transaction = db(),
): Promise<CreateAccountResult> {
  const conflict = await findConflict(input.username, input.email, database);
  if (conflict) return { ok: false, ...conflict };
  let recordReferral: ((tx: Transaction, userId: string) => Promise<void>) | null = null;
  if (input.referral) {
    const referral = await input.referral();
    if (!referral.ok) return { ok: false, field: "referral_code", message: referral.message };
    recordReferral = referral.record;
  }
  const passwordHash = await hashPassword(input.password);
  try {
    return await database.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          passwordHash,
          role: input.role ?? "client",
          emailVerifiedAt: input.emailVerified ? sql`now()` : null,
        })
        .returning(accountColumns);
      const user = created!;
      await tx.insert(profiles).values({ userId: user.id });
      // Every client is the owner of an organisation from the start (decision 0077).
      if (user.role === "client") await createPersonalOrganisation(user, tx);
      if (recordReferral) await recordReferral(tx, user.id);
      const confirmation =
        input.confirmationMail && !user.emailVerified
          ? await queueEmailVerification(user, input.confirmationMail, tx)
          : undefined;
      return { ok: true, user, confirmation } as const;
    });
  } catch (error) {
    // Two signups racing for the same name: the unique index decides.
    const raced = uniqueViolation(error);
    if (raced) return { ok: false, ...raced };
    throw error;
  }
}

/**
 * The account for a username or email and password, or null. Unknown users
 * cost the same password check as a wrong password, so timing reveals nothing.
 */
export async function verifyLogin(identifier: string, password: string): Promise<AccountUser | null> {
  return checkLoginPassword(await findLoginAccount(identifier), password);
}

type LoginAccount = AccountUser & { passwordHash: string };

/** The account a login name (its username or email, any case) signs in to, with its password hash. */
async function findLoginAccount(identifier: string): Promise<LoginAccount | null> {
  const [row] = await db()
    .select({ ...accountColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(
      and(
        or(
          sql`lower(${users.username}) = lower(${identifier})`,
          sql`lower(${users.email}) = lower(${identifier})`,
        ),
        // An organisation's account row holds data; nobody signs in to it.
        ne(users.role, "organisation"),
      ),
    )
    .limit(1);
  return row ?? null;
}

async function checkLoginPassword(row: LoginAccount | null, password: string): Promise<AccountUser | null> {
  if (!row) {
    await burnPasswordCheck(password);
    return null;
  }
  const { passwordHash, ...user } = row;
  return (await verifyPassword(passwordHash, password)) ? user : null;
}

export async function findAccountByEmail(email: string): Promise<AccountUser | null> {
  const [user] = await db()
    .select(accountColumns)
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return user ?? null;
}

/**
 * Puts a new password on the account and ends everything the old one let in:
 * every browser session (but `keepSessionId`, the one changing it), every API
 * key and every outstanding reset link. A password change, a reset and a staff
 * invitation accepted by an existing account all go through here, so none of
 * them can leave a key working. Returns how many sessions were signed out.
 */
export async function replacePassword(
  userId: string,
  passwordHash: string,
  options: { keepSessionId?: string | null } = {},
  database: Database | Transaction = db(),
): Promise<{ signedOut: number }> {
  await database
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  const signedOut = await deleteUserSessions(
    userId,
    { except: options.keepSessionId ?? undefined },
    database,
  );
  await revokeApiTokens(userId, database);
  await database
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  // Whoever set it proved they own the account: lift a lockout others caused.
  const subject = accountLoginSubject(userId);
  await database
    .delete(rateLimits)
    .where(
      or(
        eq(rateLimits.key, accountLimitKey(subject)),
        like(rateLimits.key, `${loginLimitKey(subject, "")}%`),
      ),
    );
  return { signedOut };
}

/** Sets a password from the command line (npm run create-staff): like a reset, it signs the account out everywhere. */
export async function setPassword(
  userId: string,
  password: string,
  database: Database | Transaction = db(),
): Promise<void> {
  await replacePassword(userId, await hashPassword(password), {}, database);
}

export async function setRole(
  userId: string,
  role: AccountUser["role"],
  database: Database | Transaction = db(),
): Promise<void> {
  await database
    .update(users)
    .set({ role, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  // Staff belong to no client organisation (decision 0077).
  if (role === "staff") await leaveAllOrganisations(userId, database);
}

/** The plan name and balance a profile shows: billing's, passed in (models/views/profile.server.ts reads them). */
export type PlanAndBalance = { planName: string; balance: number };

/**
 * GET /api/profile/ (docs/product.md, "Accounts"), with the plan and balance
 * given: read already this request (an account summary), or read once the
 * account is found (a function).
 */
export async function readProfile(
  userId: string,
  planAndBalance: Promise<PlanAndBalance> | (() => Promise<PlanAndBalance>),
) {
  const [row] = await db()
    .select({ user: accountColumns, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const { user, profile } = row;
  const account = await (typeof planAndBalance === "function" ? planAndBalance() : planAndBalance);
  const [plan, tokens] = [account.planName, account.balance] as const;
  return apiProfile(user, profile, plan, tokens);
}

export type Profile = NonNullable<Awaited<ReturnType<typeof readProfile>>>;

/** Updates the fields given; the others keep their values (models/views/profile.server.ts returns the profile after). */
export async function saveProfile(userId: string, input: ProfileUpdate): Promise<void> {
  await db().transaction(async (tx) => {
    const names = { firstName: input.first_name, lastName: input.last_name };
    const userValues = Object.fromEntries(Object.entries(names).filter(([, v]) => v !== undefined));
    await tx
      .update(users)
      .set({ ...userValues, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    const fields = {
      contact: input.contact,
      countryCode: input.country_code,
      companyName: input.company_name,
      companyEmail: input.company_email,
      companyWebsite: input.company_website,
    };
    const values = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    await tx
      .insert(profiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...values, updatedAt: sql`now()` } });
  });
}

export type LoginAttempt =
  | { status: "ok"; user: AccountUser }
  | { status: "invalid" }
  | { status: "limited"; retryAfterSeconds: number };

/**
 * Whom a login attempt is counted against: the account the name finds, so
 * its username and email share one count (docs/decisions/0029), or, for a
 * name that finds none, the name itself, trimmed and in lower case.
 */
const accountLoginSubject = (userId: string) => `account:${userId}`;
const loginSubject = (identifier: string, account: { id: string } | null) =>
  account ? accountLoginSubject(account.id) : `name:${identifier.trim().toLowerCase()}`;
const loginLimitKey = (subject: string, clientAddress: string) => `login:${subject}:${clientAddress}`;
const accountLimitKey = (subject: string) => `login-account:${subject}`;

/**
 * Login with its rate limits: 5 attempts per account and address, and 10 per
 * account from any address, in 15 minutes, whichever of its names is typed; a
 * successful login clears both counts. Unknown account and wrong password
 * are the same answer, and so is the lockout.
 */
export async function attemptLogin(input: {
  identifier: string;
  password: string;
  clientAddress: string;
}): Promise<LoginAttempt> {
  const account = await findLoginAccount(input.identifier);
  const subject = loginSubject(input.identifier, account);
  const addressKey = loginLimitKey(subject, input.clientAddress);
  const accountKey = accountLimitKey(subject);
  // Counted before the password is checked, so parallel guesses cannot slip past either limit.
  const byAddress = await consumeRateLimit(addressKey, RATE_LIMITS.login);
  if (byAddress.limited) return { status: "limited", retryAfterSeconds: byAddress.retryAfterSeconds };
  const byAccount = await consumeRateLimit(accountKey, RATE_LIMITS.loginAccount);
  if (byAccount.limited) return { status: "limited", retryAfterSeconds: byAccount.retryAfterSeconds };
  const user = await checkLoginPassword(account, input.password);
  if (!user) return { status: "invalid" };
  await resetRateLimit(addressKey);
  await resetRateLimit(accountKey);
  return { status: "ok", user };
}

export type SignUpResult =
  | CreateAccountResult
  | { ok: false; field: "form"; retryAfterSeconds: number }
  | { ok: false; field: "password"; message: string };

/**
 * Signup with its rate limit (10 accounts an hour per address), refusing the
 * most common passwords. The new account's address waits for the link emailed
 * to it (recorded with the account, sent once it is committed). A referral
 * code comes as billing's check (models/views/signup.server.ts).
 */
export async function signUp(input: {
  username: string;
  email: string;
  password: string;
  referral?: SignupReferral;
  clientAddress: string;
  mail: MailContext;
}): Promise<SignUpResult> {
  const limit = await consumeRateLimit(`signup:${input.clientAddress}`, RATE_LIMITS.signup);
  if (limit.limited) return { ok: false, field: "form", retryAfterSeconds: limit.retryAfterSeconds };
  const problem = await newPasswordProblem(input.password);
  if (problem) return { ok: false, field: "password", message: problem };
  const created = await createAccount({
    username: input.username,
    email: input.email,
    password: input.password,
    referral: input.referral,
    confirmationMail: input.mail,
  });
  if (created.ok && created.confirmation) await sendQueuedEmail(created.confirmation);
  return created;
}

/** Whole minutes until a limit lifts, for the message. */
export const minutesUntil = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));
