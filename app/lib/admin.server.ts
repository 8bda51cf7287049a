import { staffActor, type AuditActor } from "~models/platform/audit.server";
import type { AccountUser } from "~models/identity/accounts.server";
import { apiError } from "./api.server";
import { clientAddress, getApiUser, requireStaff } from "./auth.server";

// Route glue for the back-office (/admin and /api/admin). Every loader and
// action calls requireStaffActor (pages) or requireStaffApi (API) itself:
// loaders run in parallel, so a check in the layout alone would not protect them.

/** Never stored by any cache, never indexed. */
export const BACK_OFFICE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

/** The staff member and how they appear in the audit log (with their address). */
export async function requireStaffActor(
  request: Request,
): Promise<{ user: AccountUser; actor: AuditActor & { id: string } }> {
  const user = await requireStaff(request);
  return { user, actor: { ...staffActor(user, clientAddress(request)), id: user.id } };
}

/** The admin API's caller (API key or session cookie); anyone else gets the API's 404. */
export async function requireStaffApi(
  request: Request,
): Promise<{ user: AccountUser; actor: AuditActor & { id: string } }> {
  const user = await getApiUser(request);
  if (user?.role !== "staff") throw apiError(404, "Not found.", BACK_OFFICE_HEADERS);
  return { user, actor: { ...staffActor(user, clientAddress(request)), id: user.id } };
}
