// Which role right each client route needs (issue #40, decision 0079), for the
// access gate: a page that shows a refusal in place of its form
// (data-testid="role-refusal"), a file or an API call that answers 403, and the
// writes each role must be refused. The rights themselves come from the one
// table (models/identity/roles.ts: ROLE_RIGHTS and can); a route missing here
// needs no right beyond membership.
import type { OrganisationRight } from "~models/identity/roles";

/** How a refusal shows on a GET: the page's refusal text, or a 403. */
type Shown = "text" | "403";

export type RouteRights = {
  /** The right a GET needs, and how its refusal shows. */
  get?: { right: OrganisationRight; shown: Shown };
  /** The right a write needs (every write the route takes), with the method and the body the probe sends. */
  write?: {
    right: OrganisationRight;
    method?: string;
    json?: Record<string, unknown>;
    form?: Record<string, string>;
  };
};

export const ROUTE_RIGHTS: Record<string, RouteRights> = {
  // Buying: token packages, plans, gift cards, the cart's checkout.
  "/api/purchase-tokens": { write: { right: "buy", json: { package_id: "probe" } } },
  "/api/subscribe": { write: { right: "buy", json: { plan_id: "probe" } } },
  "/api/checkout": { write: { right: "buy", json: {} } },
  "/dashboard2/billing/tokens": {
    get: { right: "buy", shown: "text" },
    write: { right: "buy", form: { package_id: "probe" } },
  },
  "/dashboard2/billing/plans/:planId": { write: { right: "buy", form: { plan_id: "probe" } } },
  "/cart/checkout": { write: { right: "buy", form: { intent: "checkout" } } },
  "/gift": { get: { right: "buy", shown: "text" }, write: { right: "buy", form: { amount: "1" } } },
  // Billing: receipts, payment methods, the plan's cancelling, the Stripe portal.
  "/api/cancel-subscription": { write: { right: "billing", json: {} } },
  "/manageaccount/billing": {
    get: { right: "billing", shown: "text" },
    write: { right: "billing", form: { intent: "remove-method", id: "probe" } },
  },
  "/manageaccount/billing/payment-methods": {
    get: { right: "billing", shown: "text" },
    write: { right: "billing", form: { intent: "remove", id: "probe" } },
  },
  "/manageaccount/billing/stripe-portal": { write: { right: "billing", form: {} } },
  // Tax invoices and the organisation's tax details (decisions 0078, 0082): owner and billing only.
  "/dashboard2/billing/invoices": {
    get: { right: "billing", shown: "403" },
    write: { right: "billing", form: { legalName: "Probe", address: "1 Road", country: "IN" } },
  },
  "/dashboard2/billing/invoices/:id/pdf": { get: { right: "billing", shown: "403" } },
  "/manageaccount/receipts/:id/:format?": { get: { right: "billing", shown: "403" } },
  "/manageaccount/checkouts/:id/receipt": { get: { right: "billing", shown: "403" } },
  // Approving: a project's irreversible steps (its page shows why, when a step is open).
  "/project/:id": {
    get: { right: "approve", shown: "text" },
    write: { right: "approve", form: { intent: "cancel" } },
  },
  // Members: the team's invitations and roles.
  "/api/organisation/invitations": {
    write: { right: "members", json: { email: "probe@example.com", role: "member" } },
  },
  "/api/organisation/members/:username": { write: { right: "members", method: "DELETE" } },
};
