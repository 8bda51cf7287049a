import { grantTokens, ledgerTotals } from "~models/billing/tokens.server";
import { call, getRequest, jsonRequest, type Outcome } from "./helpers";
import { tokenHeader, type Client } from "./project-helpers";

// Helpers for the billing tests: API calls as a client (API token), tokens
// granted directly, and the ledger's invariants.

type Handler = (args: never) => unknown;

export const api = {
  get: (handler: Handler, client: Client | null, path: string, params: Record<string, string> = {}) =>
    call(handler, getRequest(path, { headers: client ? tokenHeader(client) : {} }), params),
  send: (
    handler: Handler,
    client: Client | null,
    method: string,
    path: string,
    body: unknown = {},
    params: Record<string, string> = {},
    headers: Record<string, string> = {},
  ) =>
    call(
      handler,
      jsonRequest(path, method, body, { headers: { ...(client ? tokenHeader(client) : {}), ...headers } }),
      params,
    ),
};

export const give = (client: { id: string }, amount: number) =>
  grantTokens({ userId: client.id, amount, reason: "staff_adjustment", description: "Test tokens" });

/** The stored balance equals the sum of the ledger and what is left of the grants; the kept row count, the rows. */
export async function ledgerIsConsistent(client: { id: string }): Promise<number> {
  const totals = await ledgerTotals(client.id);
  if (
    totals.balance !== totals.ledgerSum ||
    totals.balance !== totals.lotsRemaining ||
    totals.balance < 0 ||
    totals.entries !== totals.ledgerRows
  ) {
    throw new Error(`Ledger out of balance: ${JSON.stringify(totals)}`);
  }
  return totals.balance;
}

export const body = <T = Record<string, unknown>>(outcome: Outcome) => outcome.body as T;
