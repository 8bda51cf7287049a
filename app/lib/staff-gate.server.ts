import { createContext, RouterContextProvider, type MiddlewareFunction } from "react-router";
import { staffActor, type AuditActor } from "~models/platform/audit.server";
import { reportError } from "~models/platform/errors.server";
import type { AccountUser } from "~models/identity/accounts.server";
import { apiError } from "./api.server";
import { clientAddress, getApiUser, getUser, notFoundResponse } from "./auth.server";
import { BACK_OFFICE_HEADERS } from "./admin.server";

// The one staff gate (docs/decisions/0065-one-staff-gate.md). The back-office
// layout (/admin pages), the pathless layout over /admin's files and the one
// over /api/admin/* run a middleware that works out once who is asking and
// puts the answer in a context; every loader and action reads it through
// staffOf (pages, files) or staffApiOf (the admin API). Anyone but staff gets
// a 404: the site's own 404 page, or the API's {"error": "Not found."}.
//
// The API gate answers strangers itself. The page gate only records: a page's
// 404 has to be rendered by its loaders (the root loader for the navbar, the
// layout's error boundary), and React Router renders a middleware's error
// without any loader data, so there the accessor throws the 404.
//
// A handler that runs with no gate above it (the integration tests call
// loaders directly; a route moved out of its layout) makes the same check
// itself, so no back-office handler is ever unprotected. The route-discovery
// gates (tests/http/gates-access.test.ts, tests/integration/admin-authorization.test.ts)
// remain the safety net.

/** The staff member and how they appear in the audit log (with their address). */
export type StaffCaller = { user: AccountUser; actor: AuditActor & { id: string } };

/** What the gate found: the staff caller, null for anyone else, "unchecked" when no gate ran. */
const staffContext = createContext<StaffCaller | null | "unchecked">("unchecked");

type HandlerArgs = { request: Request; context: Readonly<RouterContextProvider> };

const asCaller = (user: AccountUser | null, request: Request): StaffCaller | null =>
  user?.role === "staff"
    ? { user, actor: { ...staffActor(user, clientAddress(request)), id: user.id } }
    : null;

/** The session's staff member (pages and files sign in with the cookie only). */
const pageCaller = async (request: Request) => asCaller(await getUser(request), request);
/** The admin API's caller: `Authorization: Token <key>`, or else the session cookie. */
const apiCaller = async (request: Request) => asCaller(await getApiUser(request), request);

/** What the admin API answers anyone but staff: the back-office does not reveal itself. */
const apiNotFound = () => apiError(404, "Not found.", BACK_OFFICE_HEADERS);

/** The back-office pages and files: records who is asking; their handlers refuse strangers with the site's 404. */
export const staffPageGate: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(staffContext, await pageCaller(request));
  return next();
};

/** The admin API: anyone but staff gets the API's 404 here, before any handler runs. */
export const staffApiGate: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  let caller: StaffCaller | null;
  try {
    caller = await apiCaller(request);
  } catch (error) {
    // In the API's error shape, as a handler's failure would be (withApiErrors).
    reportError(error, "Request failed");
    return apiError(500, "Request failed");
  }
  if (!caller) return apiNotFound();
  context.set(staffContext, caller);
  return next();
};

function recorded(context: HandlerArgs["context"] | undefined): StaffCaller | null | "unchecked" {
  return context instanceof RouterContextProvider ? context.get(staffContext) : "unchecked";
}

/** A back-office page's or file's staff caller; anyone else gets the site's 404. */
export async function staffOf({ request, context }: HandlerArgs): Promise<StaffCaller> {
  const found = recorded(context);
  const caller = found === "unchecked" ? await pageCaller(request) : found;
  if (!caller) throw notFoundResponse();
  return caller;
}

/** The admin API's staff caller (API key or session cookie); anyone else gets the API's 404. */
export async function staffApiOf({ request, context }: HandlerArgs): Promise<StaffCaller> {
  const found = recorded(context);
  const caller = found === "unchecked" ? await apiCaller(request) : found;
  if (!caller) throw apiNotFound();
  return caller;
}
