// Tax invoices by role (issue #40, decisions 0079 and 0082): only an
// organisation's owner and billing members see its invoices and their PDFs; a
// member or an approver is refused with the role's words. Members are stored
// (organisation_members), and each request is signed in as one of them.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { purchaseTokens } from "~models/billing/token-purchases.server";
import { roleRefusal, TAX_INVOICES_ACTION } from "~models/identity/role-messages";
import type { OrganisationRole } from "~models/identity/roles";
import { findMembership } from "~models/identity/organisations.server";
import { db } from "~models/platform/db.server";
import { organisationMembers } from "~models/schema";
import { runSeed } from "~models/views/seed.server";
import * as clientPdf from "~/routes/dashboard/invoice-pdf";
import * as clientPage from "~/routes/dashboard/invoices";
import { call, formRequest, getRequest } from "./helpers";
import { signedInClient, type Client } from "./project-helpers";

const card = { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123", name: "Asha Rao" };
let owner: Client;
let invoiceId: string;
const people = {} as Record<OrganisationRole, Client>;

/** A new person in the owner's organisation with `role` (their only one, so their session acts in it). */
async function join(organisationId: string, role: OrganisationRole): Promise<Client> {
  const person = await signedInClient();
  await db().delete(organisationMembers).where(eq(organisationMembers.userId, person.id));
  await db().insert(organisationMembers).values({ organisationId, userId: person.id, role });
  return person;
}

beforeAll(async () => {
  await runSeed();
  owner = await signedInClient();
  const { organisationId } = (await findMembership(owner.id))!;
  people.owner = owner;
  for (const role of ["approver", "billing", "member"] as const)
    people[role] = await join(organisationId, role);
  const bought = await purchaseTokens(owner.id, {
    package_id: "essential",
    region: "in",
    payment_method: "credit_card",
    card,
  });
  if (!bought.ok) throw new Error(bought.message);
  const page = await call(
    clientPage.loader,
    getRequest("/dashboard2/billing/invoices", { cookie: owner.cookie }),
  );
  const { invoices } = page.body as { invoices: Array<{ id: string }> };
  expect(invoices).toHaveLength(1);
  invoiceId = invoices[0]!.id;
});

const pageAs = (who: Client) =>
  call(clientPage.loader, getRequest("/dashboard2/billing/invoices", { cookie: who.cookie }));
const pdfAs = (who: Client) =>
  call(
    clientPdf.loader,
    getRequest(`/dashboard2/billing/invoices/${invoiceId}/pdf`, { cookie: who.cookie }),
    { id: invoiceId },
  );

describe("tax invoices by role", () => {
  it.each(["owner", "billing"] as const)(
    "shows the %s the organisation's invoices and their PDF",
    async (role) => {
      const page = await pageAs(people[role]);
      expect(page.status).toBe(200);
      expect((page.body as { invoices: Array<{ id: string }> }).invoices.map((i) => i.id)).toEqual([
        invoiceId,
      ]);
      const pdf = await pdfAs(people[role]);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    },
  );

  it.each(["approver", "member"] as const)("refuses the %s with the role's words", async (role) => {
    const words = roleRefusal(role, "billing", TAX_INVOICES_ACTION);
    expect(words).toBe(
      `Your role (${role === "member" ? "Member" : "Approver"}) can't see the tax invoices. Ask an owner or billing member.`,
    );
    const page = await pageAs(people[role]);
    expect(page.status).toBe(403);
    expect(page.body).toBe(words);
    const pdf = await pdfAs(people[role]);
    expect(pdf.status).toBe(403);
    expect(pdf.body).toBe(words);
    // Nor may they change the organisation's tax details.
    const saved = await call(
      clientPage.action,
      formRequest(
        "/dashboard2/billing/invoices",
        {
          legalName: "Not allowed",
          address: "1 Road",
          country: "IN",
          stateCode: "29",
          gstin: "",
          vatNumber: "",
        },
        { cookie: people[role].cookie },
      ),
    );
    expect(saved.status).toBe(403);
  });
});
