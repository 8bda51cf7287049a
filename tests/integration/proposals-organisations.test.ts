// Proposals addressed to a real organisation (decisions 0084, 0085): staff type
// a member's email (and choose the organisation when that person belongs to
// several); every member is told and reads the page; only owners and approvers
// sign (the others see who can); another organisation's member gets 404.
// Members are stored as the organisation gates' tests store them: each joins
// the organisation as their only one, so their session acts in it.
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { OrganisationRole } from "~models/identity/roles";
import { createOrganisation } from "~models/identity/organisations.server";
import { db } from "~models/platform/db.server";
import { emailOutbox, notifications, organisationMembers, organisations, proposals } from "~models/schema";
import { runSeed } from "~models/views/seed.server";
import { renderProposalPdf } from "~models/billing/proposal-pdf.server";
import { PROPOSAL_MESSAGES, type ProposalInput } from "~models/projects/proposals";
import {
  clientOrganisations,
  createProposalDraft,
  getStaffProposal,
  listStaffProposals,
  sendProposal,
} from "~models/projects/proposals.server";
import * as proposalPage from "~/routes/proposals/detail";
import * as proposalPdf from "~/routes/proposals/pdf";
import * as newProposalPage from "~/routes/admin/proposal-new";
import * as invoicesPage from "~/routes/dashboard/invoices";
import { saveBuyerTaxDetails } from "~models/billing/invoices.server";
import { call, formRequest, getRequest } from "./helpers";
import { signedInClient, withTemporaryDataDir, type Client } from "./project-helpers";

withTemporaryDataDir();

let staff: Client;
const actor = () => ({ id: staff.id, role: "staff" as const });

type Team = { owner: Client; organisationId: string; accountId: string; name: string };

/** An organisation of its own account row (created from /organisations/new), owned by `owner`. */
async function team(name: string): Promise<Team> {
  const owner = await signedInClient();
  const created = await createOrganisation(owner, name);
  if (!created.ok) throw new Error(created.message);
  const [row] = await db().select().from(organisations).where(eq(organisations.id, created.id));
  return { owner, organisationId: created.id, accountId: row!.accountId, name };
}

/** A person whose only organisation is `t`'s, with `role`. */
async function join(t: Team, role: OrganisationRole): Promise<Client> {
  const person = await signedInClient();
  await db().delete(organisationMembers).where(eq(organisationMembers.userId, person.id));
  await db()
    .insert(organisationMembers)
    .values({ organisationId: t.organisationId, userId: person.id, role });
  return person;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const input = (email: string, organisationId: string | null = null): ProposalInput => ({
  clientEmail: email,
  organisationId,
  title: "Packaging for Tidewater Foods",
  scope: "Labels for the spice range.",
  pricing: "money",
  currency: "INR",
  category: "graphic",
  depositPercent: 50,
  validUntil: inDays(14),
  deliveryDays: 14,
  lines: [{ description: "Label system", quantity: 1, unitAmount: 4_000_000 }],
});

const page = (person: Client, id: string) =>
  call(proposalPage.loader, getRequest(`/proposals/${id}`, { cookie: person.cookie }), { id });
const post = (person: Client, id: string, fields: Record<string, string>) =>
  call(proposalPage.action, formRequest(`/proposals/${id}`, fields, { cookie: person.cookie }), { id });

type Loaded = {
  proposal: { status: string; sha256: string; signers: { name: string; email: string }[] };
  organisation: string;
  mayApprove: boolean;
};

beforeAll(async () => {
  await runSeed();
  staff = await signedInClient("staff");
});

describe("a proposal addressed to an organisation", () => {
  it("staff choose the organisation when the person belongs to several; one membership needs no choice", async () => {
    const t = await team("Tidewater Foods");
    const approver = await join(t, "approver");
    // The owner belongs to their own one-person organisation and to Tidewater.
    const choices = await clientOrganisations(t.owner.email.toUpperCase());
    expect(choices.map((c) => c.name)).toEqual([expect.any(String), "Tidewater Foods"]);
    expect(await createProposalDraft(input(t.owner.email), actor())).toMatchObject({
      ok: false,
      field: "organisation_id",
      message: PROPOSAL_MESSAGES.organisationRequired,
    });
    const other = await team("Elsewhere Ltd");
    expect(await createProposalDraft(input(t.owner.email, other.organisationId), actor())).toMatchObject({
      ok: false,
      field: "organisation_id",
      message: PROPOSAL_MESSAGES.organisationNotTheirs,
    });
    // Staff's form, opened from the organisation's card, offers the picker with Tidewater chosen.
    const form = await call(
      newProposalPage.loader,
      getRequest(
        `/admin/proposals/new?client=${encodeURIComponent(t.owner.email)}&organisation=${t.organisationId}`,
        { cookie: staff.cookie },
      ),
    );
    expect(form.status).toBe(200);
    const prefilled = form.body as { values: { organisation_id: string }; organisations: { id: string }[] };
    expect(prefilled.values.organisation_id).toBe(t.organisationId);
    expect(prefilled.organisations).toHaveLength(2);
    // Saved without a choice, the form answers the picker's error and keeps the choices.
    const unchosen = await call(
      newProposalPage.action,
      formRequest(
        "/admin/proposals/new",
        {
          client_email: t.owner.email,
          title: "Labels",
          scope: "Labels.",
          pricing: "money",
          currency: "INR",
          category: "graphic",
          deposit_percent: "30",
          valid_until: inDays(10),
          delivery_days: "10",
          line_0_description: "Labels",
          line_0_quantity: "1",
          line_0_amount: "1000",
        },
        { cookie: staff.cookie },
      ),
    );
    expect(unchosen.status).toBe(422);
    expect(unchosen.body).toMatchObject({
      errors: { organisation_id: PROPOSAL_MESSAGES.organisationRequired },
      organisations: [expect.anything(), expect.objectContaining({ id: t.organisationId })],
    });
    const chosen = await createProposalDraft(input(t.owner.email, t.organisationId), actor());
    expect(chosen.ok && chosen.proposal.accountId).toBe(t.accountId);
    // The approver's only organisation is Tidewater: their email alone addresses it.
    const direct = await createProposalDraft(input(approver.email), actor());
    expect(direct.ok && direct.proposal.accountId).toBe(t.accountId);
    // Staff read the organisation's owner and name, never the account row's own address.
    const staffView = await getStaffProposal(direct.ok ? direct.proposal.id : "");
    expect(staffView).toMatchObject({
      clientEmail: t.owner.email,
      clientName: "Tidewater Foods",
      organisationId: t.organisationId,
    });
    const listed = await listStaffProposals({});
    expect(listed.find((p) => p.id === staffView!.id)?.clientEmail).toBe(t.owner.email);
  });

  it("every member is told and reads it; a member cannot sign and sees who can; an approver signs", async () => {
    const t = await team("Saltpan Studio");
    const approver = await join(t, "approver");
    const member = await join(t, "member");
    const billing = await join(t, "billing");
    const draft = await createProposalDraft(input(approver.email), actor());
    if (!draft.ok) throw new Error(draft.message);
    const sent = await sendProposal(draft.proposal.id, actor(), { render: renderProposalPdf });
    if (!sent.ok) throw new Error(sent.message);
    const id = sent.proposal.id;
    const everyone = [t.owner, approver, member, billing];

    // An in-app notification and an email to each member; none to the organisation's account row.
    const notes = await db()
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.link, `/proposals/${id}`));
    expect(notes.map((n) => n.userId).sort()).toEqual(everyone.map((p) => p.id).sort());
    const mails = await db()
      .select({ to: emailOutbox.to, text: emailOutbox.text })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.kind, "proposal"),
          inArray(
            emailOutbox.to,
            everyone.map((p) => p.email),
          ),
        ),
      );
    expect(mails.map((m) => m.to).sort()).toEqual(everyone.map((p) => p.email).sort());
    expect(sent.to.sort()).toEqual(everyone.map((p) => p.email).sort());

    // The member reads the page, cannot sign, and is shown the owner and the approver.
    const seen = await page(member, id);
    expect(seen.status).toBe(200);
    const loaded = seen.body as Loaded;
    expect(loaded.organisation).toBe("Saltpan Studio");
    expect(loaded.mayApprove).toBe(false);
    expect(loaded.proposal.signers.map((s) => s.email)).toEqual([t.owner.email, approver.email]);
    const refused = await post(member, id, {
      intent: "sign",
      full_name: "Meera Member",
      consent: "on",
      sha256: loaded.proposal.sha256,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ problem: { message: PROPOSAL_MESSAGES.noRight } });
    expect(PROPOSAL_MESSAGES.noRight).toBe(
      "Only an owner or approver of your organisation can sign or decline proposals.",
    );
    const billingRefused = await post(billing, id, { intent: "decline", reason: "Too dear" });
    expect(billingRefused.status).toBe(403);
    const [still] = await db().select().from(proposals).where(eq(proposals.id, id));
    expect(still!.status).toBe("sent");

    // The approver signs; the signature is theirs, for the organisation.
    const signed = await post(approver, id, {
      intent: "sign",
      full_name: "Arjun Approver",
      consent: "on",
      sha256: loaded.proposal.sha256,
    });
    expect(signed.status).toBe(303);
    expect(signed.headers.get("Location")).toBe(`/proposals/${id}?done=signed#deposit-step`);
    const [row] = await db().select().from(proposals).where(eq(proposals.id, id));
    expect(row).toMatchObject({
      status: "signed",
      signerId: approver.id,
      signerEmail: approver.email,
      signerName: "Arjun Approver",
      accountId: t.accountId,
    });
    // The deposit step: no tax details yet, so a billing member is sent to add them first.
    const billingView = (await page(billing, id)).body as Loaded & {
      taxDetailsMissing: boolean;
      mayEditTaxDetails: boolean;
    };
    expect(billingView).toMatchObject({ taxDetailsMissing: true, mayEditTaxDetails: true });
    const back = await call(
      invoicesPage.loader,
      getRequest(`/dashboard2/billing/invoices?back=${encodeURIComponent(`/proposals/${id}`)}`, {
        cookie: billing.cookie,
      }),
    );
    expect((back.body as { back: string | null }).back).toBe(`/proposals/${id}`);
    const elsewhere = await call(
      invoicesPage.loader,
      getRequest("/dashboard2/billing/invoices?back=https://evil.example/", { cookie: billing.cookie }),
    );
    expect((elsewhere.body as { back: string | null }).back).toBeNull();
    await saveBuyerTaxDetails(t.accountId, {
      legalName: "Saltpan Studio LLP",
      address: "1 Sector 15, Vashi",
      country: "IN",
      stateCode: "27",
      gstin: "",
      vatNumber: "",
    });
    expect(((await page(billing, id)).body as { taxDetailsMissing: boolean }).taxDetailsMissing).toBe(false);
    // Every member downloads the signed copy.
    const copy = await call(
      proposalPdf.loader,
      getRequest(`/proposals/${id}/signed.pdf`, { cookie: member.cookie }),
      { id },
    );
    expect(copy.status).toBe(200);
    expect(copy.headers.get("Content-Type")).toBe("application/pdf");
  });

  it("a member of another organisation gets 404 on the page, its forms and its PDFs", async () => {
    const t = await team("Monsoon Co");
    const approver = await join(t, "approver");
    const draft = await createProposalDraft(input(approver.email), actor());
    if (!draft.ok) throw new Error(draft.message);
    const sent = await sendProposal(draft.proposal.id, actor(), { render: renderProposalPdf });
    if (!sent.ok) throw new Error(sent.message);
    const id = sent.proposal.id;
    const elsewhere = await team("Other Org");
    const outsider = await join(elsewhere, "owner");
    expect((await page(outsider, id)).status).toBe(404);
    expect((await page(elsewhere.owner, id)).status).toBe(404);
    const signing = await post(outsider, id, {
      intent: "sign",
      full_name: "Olga Outsider",
      consent: "on",
      sha256: sent.proposal.pdfSha256!,
    });
    expect(signing.status).toBe(404);
    const pdf = await call(
      proposalPdf.loader,
      getRequest(`/proposals/${id}/pdf`, { cookie: outsider.cookie }),
      { id },
    );
    expect(pdf.status).toBe(404);
    const [row] = await db().select().from(proposals).where(eq(proposals.id, id));
    expect(row!.status).toBe("sent");
  });
});
