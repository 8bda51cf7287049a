import { TOKEN_API_ERRORS } from "~models/billing/tokens";
import { apiLedgerEntry, listLedger, settleTokenAccount } from "~models/billing/tokens.server";
import { methodNotAllowed, requireApiUser, withApiErrors } from "~/lib/api.server";
import type { Route } from "./+types/token-history";

/** GET /api/token-history/ → every ledger row, newest first: {id, transaction_type, reason, amount, balance_after, description, created_at, expires_at} */
export function loader({ request }: Route.LoaderArgs) {
  return withApiErrors(TOKEN_API_ERRORS.fetchHistory, async () => {
    const user = await requireApiUser(request);
    await settleTokenAccount(user.id);
    return Response.json((await listLedger(user.id)).map(apiLedgerEntry));
  });
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
