import { TOKEN_API_ERRORS } from "~models/billing/tokens";
import { apiLedgerEntry } from "~models/billing/api";
import { countLedger, listLedger, settleTokenAccount } from "~models/billing/tokens.server";
import { apiPageOf, pagedApiJson } from "~/lib/api-paging.server";
import { methodNotAllowed, withApiErrors } from "~/lib/api.server";
import { apiMemberOf } from "~/lib/membership.server";
import type { Route } from "./+types/token-history";

/**
 * GET /api/token-history/ → ledger rows, newest first: {id, transaction_type, reason, amount,
 * balance_after, description, created_at, expires_at}; one page (?page=, ?page_size=;
 * X-Total-Count and Link headers: app/lib/api-paging.server.ts).
 */
export function loader({ request }: Route.LoaderArgs) {
  return withApiErrors(TOKEN_API_ERRORS.fetchHistory, async () => {
    const member = await apiMemberOf(request);
    await settleTokenAccount(member.accountId);
    const page = apiPageOf(request);
    const [rows, total] = await Promise.all([
      listLedger(member.accountId, page.size, page.offset),
      countLedger(member.accountId),
    ]);
    return pagedApiJson(request, rows.map(apiLedgerEntry), total, page);
  });
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
