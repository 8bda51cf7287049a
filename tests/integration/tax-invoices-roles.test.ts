// Tax invoices are for the organisation's members with the billing right
// (owner, billing: models/identity/roles.ts). Until organisations are stored
// every account is its owner, so the member's role is set here through
// memberOf, the one place client routes learn it.
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { OrganisationRole } from "~models/identity/roles";
import { purchaseTokens } from "~models/billing/token-purchases.server";
import { listAccountInvoices } from "~models/billing/invoices.server";
import { runSeed } from "~models/views/seed.server";
import * as clientPdf from "~/routes/dashboard/invoice-pdf";
import * as clientPage from "~/routes/dashboard/invoices";
import type * as Membership from "~/lib/membership.server";
import { call, formRequest, getRequest } from "./helpers";
import { signedInClient, type Client } from "./project-helpers";

const as = vi.hoisted(() => ({ role: "owner" as OrganisationRole }));
vi.mock("~/lib/membership.server", async (importOriginal) => {
  const real = await importOriginal<typeof Membership>();
  return {
    ...real,
    memberOf: async (request: Request) => ({ ...(await real.memberOf(request)), role: as.role }),
  };
});

const card = { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123", name: "Asha Rao" };
let client: Client;
let invoiceId: string;

beforeAll(async () => {
  await runSeed();
  client = await signedInClient();
  const bought = await purchaseTokens(client.id, {
    package_id: "essential",
    region: "in",
    payment_method: "credit_card",
    card,
  });
  if (!bought.ok) throw new Error(bought.message);
  invoiceId = (await listAccountInvoices(client.id)).rows[0]!.id;
});

describe("who sees an organisation's tax invoices", () => {
  it.each(["owner", "billing"] as const)("a member with the %s role does", async (role) => {
    as.role = role;
    expect(
      (await call(clientPage.loader, getRequest("/dashboard2/billing/invoices", { cookie: client.cookie })))
        .status,
    ).toBe(200);
    const pdf = await call(
      clientPdf.loader,
      getRequest(`/dashboard2/billing/invoices/${invoiceId}/pdf`, { cookie: client.cookie }),
      {
        id: invoiceId,
      },
    );
    expect(pdf.status).toBe(200);
  });

  it.each(["approver", "member"] as const)(
    "a member with the %s role does not, nor changes the tax details",
    async (role) => {
      as.role = role;
      expect(
        (await call(clientPage.loader, getRequest("/dashboard2/billing/invoices", { cookie: client.cookie })))
          .status,
      ).toBe(403);
      expect(
        (
          await call(
            clientPage.action,
            formRequest(
              "/dashboard2/billing/invoices",
              { legalName: "X", address: "Y", country: "US" },
              { cookie: client.cookie },
            ),
          )
        ).status,
      ).toBe(403);
      const pdf = await call(
        clientPdf.loader,
        getRequest(`/dashboard2/billing/invoices/${invoiceId}/pdf`, { cookie: client.cookie }),
        {
          id: invoiceId,
        },
      );
      expect(pdf.status).toBe(404);
    },
  );
});
