import { createCookie, redirect } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { type AccountUser, attemptLogin } from "~models/identity/accounts.server";
import { getApiTokenPerson, getApiTokenUser } from "~models/identity/api-tokens.server";
import type { Membership } from "~models/identity/organisations";
import { sha256 } from "~models/identity/passwords.server";
import type { ChatAsker } from "~models/chat/assistant.server";
import {
  accountSummaryForRequest,
  getSessionAccount,
  type AccountSummary,
} from "~models/views/account-summary.server";
import { addLogContext } from "~models/platform/log.server";
import { oncePerRequest } from "~models/platform/per-request";
import { markPrivate } from "./cache-control.server";
import { forgetChatVisitor } from "./chat-cookie.server";
import {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  getSessionPerson,
  REMEMBER_ME_TTL_MS,
} from "~models/identity/sessions.server";
import { DEFAULT_REDIRECT_PATH } from "./safe-redirect";

// Every redirect target that comes from input goes through this one check.
export { safeRedirect } from "./safe-redirect";

const DASHBOARD_PATH = DEFAULT_REDIRECT_PATH;
export const LOGIN_PATH = "/login";
const ADMIN_PATH = "/admin";

/** Where an account lands after signing in when no page asked for it: staff work from the back-office. */
export const landingPath = (user: Pick<AccountUser, "role">) =>
  user.role === "staff" ? ADMIN_PATH : DASHBOARD_PATH;

export class InvalidCredentialsError extends Error {
  name = "InvalidCredentialsError";
}

export class TooManyAttemptsError extends Error {
  name = "TooManyAttemptsError";
  constructor(readonly retryAfterSeconds: number) {
    super("Too many login attempts");
  }
}

/** remix-auth with a FormStrategy: username (or email) and password, rate limited. */
export const authenticator = new Authenticator<AccountUser>();
authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const attempt = await attemptLogin({
      identifier: String(form.get("username") ?? "").trim(),
      password: String(form.get("password") ?? ""),
      clientAddress: clientAddress(request),
    });
    if (attempt.status === "limited") throw new TooManyAttemptsError(attempt.retryAfterSeconds);
    if (attempt.status === "invalid") throw new InvalidCredentialsError();
    return attempt.user;
  }),
  "password",
);

// The cookie holds only the random session id (the database stores its hash).
// On https it gets the __Host- prefix and Secure; plain http on 127.0.0.1 must
// still work, so both follow the request's protocol.
const cookieOptions = { httpOnly: true, sameSite: "lax", path: "/" } as const;
const httpCookie = createCookie("ascendra_session", { ...cookieOptions, secure: false });
const httpsCookie = createCookie("__Host-ascendra_session", { ...cookieOptions, secure: true });

const isHttps = (request: Request) => new URL(request.url).protocol === "https:";
const sessionCookie = (request: Request) => (isHttps(request) ? httpsCookie : httpCookie);

async function readSessionId(request: Request): Promise<string | null> {
  markPrivate(request);
  const value = await sessionCookie(request).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** The id of this request's session (to keep it when signing out the others), or null. */
export const currentSessionId = readSessionId;

/** A signed-in person and their membership in their current organisation (decision 0077). */
export type SignedInPerson = { user: AccountUser; membership: Membership | null };

/**
 * The signed-in person and their current membership, from the session cookie,
 * in one statement once per request (app/lib/membership.server.ts reads it).
 */
export const getSessionMember = oncePerRequest((request): Promise<SignedInPerson | null> =>
  readSessionId(request)
    .then((id) => (id ? getSessionPerson(id) : null))
    .then((found) => {
      // The request's log line names who made it (models/platform/log.server.ts).
      if (found) addLogContext({ userId: found.user.id });
      return found;
    }),
);

/** The signed-in account, from the session cookie; looked up once per request. */
export const getUser = oncePerRequest((request): Promise<AccountUser | null> =>
  getSessionMember(request).then((found) => found?.user ?? null),
);

/**
 * The signed-in account and its account summary (the shell's balance, plan,
 * cart, unread count and latest notifications), read in one statement once per
 * request; getUser and accountSummaryForRequest then answer from it. The root
 * and the workspace layout ask for it, so the session lookup and the shell cost
 * a page one round trip. When the account alone is already being read, the
 * summary follows it (two statements, as before).
 */
export const getUserWithSummary = oncePerRequest(
  (request): Promise<{ user: AccountUser; summary: AccountSummary } | null> => {
    if (getSessionMember.has(request))
      return getSessionMember(request).then(async (found) =>
        found
          ? {
              user: found.user,
              summary: await accountSummaryForRequest(request, {
                accountId: found.membership?.accountId ?? found.user.id,
                personId: found.user.id,
              }),
            }
          : null,
      );
    const account = readSessionId(request)
      .then((id) => (id ? getSessionAccount(id) : null))
      .then((found) => {
        // Before anyone waiting for getUser resumes: a loader that then asks for the summary finds it.
        if (found) {
          accountSummaryForRequest.prime(request, Promise.resolve(found.summary));
          addLogContext({ userId: found.user.id });
        }
        return found;
      });
    getSessionMember.prime(
      request,
      account.then((found) => found && { user: found.user, membership: found.membership }),
    );
    return account.then((found) => found && { user: found.user, summary: found.summary });
  },
);

function redirectToLogin(request: Request): never {
  const url = new URL(request.url);
  const redirectTo = `${url.pathname}${url.search}`;
  throw redirect(`${LOGIN_PATH}?${new URLSearchParams({ redirectTo })}`);
}

/** The signed-in account, or a redirect to /login that comes back here afterwards. */
export async function requireUser(request: Request): Promise<AccountUser> {
  const user = await getUser(request);
  if (user) return user;
  return redirectToLogin(request);
}

/** What anyone but staff gets from the back-office: the same 404 as a page that does not exist. */
export const notFoundResponse = () =>
  new Response("Not Found", {
    status: 404,
    statusText: "Not Found",
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });

/** Signed-in users have no business on /login or /signup. */
export async function requireAnonymous(request: Request): Promise<void> {
  const user = await getUser(request);
  if (user) throw redirect(landingPath(user));
}

/**
 * The API's caller: `Authorization: Token <key>`, or else the session cookie.
 * Null when neither is valid.
 */
export async function getApiUser(request: Request): Promise<AccountUser | null> {
  return (await getApiMember(request))?.user ?? null;
}

/** The API's caller (as getApiUser) with their membership in the key's organisation; once per request. */
export const getApiMember = oncePerRequest(async (request): Promise<SignedInPerson | null> => {
  const token = readApiToken(request);
  if (token === undefined) return getSessionMember(request);
  const found = token ? await getApiTokenPerson(token) : null;
  if (found) addLogContext({ userId: found.user.id });
  return found;
});

/** The `Authorization: Token <key>` key; null for a header that is not one, undefined without the header. */
function readApiToken(request: Request): string | null | undefined {
  markPrivate(request);
  const header = request.headers.get("Authorization");
  if (!header) return undefined;
  const match = /^Token\s+([0-9a-f]{40})\s*$/i.exec(header);
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * Who is chatting: the signed-in account and the SHA-256 of the sign-in it
 * came with, this session (or, with `api`, the API token as getApiUser reads
 * it), or null. A conversation that holds answers about an account is shown
 * to that sign-in alone (app/lib/chat-cookie.server.ts).
 */
export async function getChatAsker(
  request: Request,
  options: { api?: boolean } = {},
): Promise<ChatAsker | null> {
  const token = options.api ? readApiToken(request) : undefined;
  const secret = token === undefined ? await readSessionId(request) : token;
  if (!secret) return null;
  const user = token === undefined ? await getUser(request) : await getApiTokenUser(secret);
  return user && { id: user.id, role: user.role, email: user.email, signInHash: sha256(secret) };
}

/**
 * Starts a new session (a fresh id at every login; any session the browser
 * still had is deleted) and returns its Set-Cookie header. "Remember me" makes
 * the cookie outlive the browser; otherwise it is a session cookie.
 */
export async function createSessionCookie(
  request: Request,
  user: AccountUser,
  options: { remember: boolean; organisationId?: string | null },
): Promise<string> {
  const previous = await readSessionId(request);
  if (previous) await deleteSession(previous);
  // Logins are a natural moment to sweep sessions that have run out.
  await deleteExpiredSessions();
  const session = await createSession({
    userId: user.id,
    remember: options.remember,
    userAgent: request.headers.get("User-Agent") ?? "",
    organisationId: options.organisationId,
  });
  return sessionCookie(request).serialize(session.id, {
    maxAge: options.remember ? REMEMBER_ME_TTL_MS / 1000 : undefined,
  });
}

/** Starts a new session (see createSessionCookie) and redirects. */
export async function startSession(
  request: Request,
  user: AccountUser,
  options: { remember: boolean; redirectTo: string; organisationId?: string | null },
): Promise<Response> {
  const cookie = await createSessionCookie(request, user, options);
  return redirect(options.redirectTo, { headers: { "Set-Cookie": cookie } });
}

/** Deletes the session row and clears the cookie. */
export async function endSession(request: Request, redirectTo = LOGIN_PATH): Promise<Response> {
  const id = await readSessionId(request);
  if (id) await deleteSession(id);
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    await sessionCookie(request).serialize("", { maxAge: 0, expires: new Date(0) }),
  );
  // The chat conversation may hold answers about this account (its balance,
  // its projects): signing out forgets it in this browser too.
  headers.append("Set-Cookie", await forgetChatVisitor(request));
  return redirect(redirectTo, { headers });
}

/** The client's address as the server saw it ("unknown" in development). */
export function clientAddress(request: Request): string {
  return request.headers.get("X-Client-Address") || "unknown";
}
