// Deleting an organisation from the Team page (issue #40, decision 0078): an
// owner alone in an organisation that is not their own account and holds
// nothing may delete it (audited; their session falls back to another
// organisation); with other members, on their own account, with records, or
// not an owner: refused with the reason, nothing deleted.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { findMembership } from "~models/identity/organisations.server";
import { ORGANISATION_MESSAGES } from "~models/identity/organisations";
import { db } from "~models/platform/db.server";
import { auditLog, organisationMembers, organisations, users } from "~models/schema";
import { runSeed } from "~models/views/seed.server";
import * as newOrganisation from "~/routes/organisations/new";
import * as teamPage from "~/routes/dashboard/team";
import { give } from "./billing-helpers";
import { call, formRequest, getRequest } from "./helpers";
import { signedInClient, type Client } from "./project-helpers";

beforeAll(async () => {
  await runSeed();
});

/** `person` creates a new organisation through its page; their session now acts in it. */
async function newOrganisationOf(person: Client, name: string) {
  const created = await call(
    newOrganisation.action,
    formRequest("/organisations/new", { name }, { cookie: person.cookie }),
  );
  expect(created.status).toBe(302);
  const [row] = await db()
    .select({ id: organisations.id, accountId: organisations.accountId })
    .from(organisations)
    .innerJoin(organisationMembers, eq(organisationMembers.organisationId, organisations.id))
    .where(and(eq(organisations.name, name), eq(organisationMembers.userId, person.id)));
  return row!;
}

const deleteAs = (person: Client) =>
  call(teamPage.action, formRequest("/dashboard2/team", { intent: "delete" }, { cookie: person.cookie }));

const stillThere = async (id: string) =>
  (await db().select().from(organisations).where(eq(organisations.id, id))).length === 1;

describe("deleting an organisation", () => {
  it("deletes an owner's own empty organisation, audited, and the session falls back", async () => {
    const owner = await signedInClient();
    const name = `Side project ${owner.username}`;
    const created = await newOrganisationOf(owner, name);
    const page = await call(teamPage.loader, getRequest("/dashboard2/team?delete", { cookie: owner.cookie }));
    expect(page.body).toMatchObject({ deletable: true, confirming: { delete: true } });

    const deleted = await deleteAs(owner);
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("Location")).toBe(`/dashboard2/team?deleted=${encodeURIComponent(name)}`);
    expect(await stillThere(created.id)).toBe(false);
    expect(await db().select().from(users).where(eq(users.id, created.accountId))).toEqual([]);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "organisation.delete"), eq(auditLog.targetId, created.id)));
    expect(audit).toMatchObject({ actorId: owner.id, targetLabel: name });

    // Back in their first organisation, which says which one went.
    const after = await call(
      teamPage.loader,
      getRequest(`/dashboard2/team?deleted=${encodeURIComponent(name)}`, { cookie: owner.cookie }),
    );
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({
      organisation: { id: (await findMembership(owner.id))!.organisationId },
      deleted: name,
      deletable: false,
    });
  });

  it("refuses with the reason, deleting nothing", async () => {
    // Their own account's organisation.
    const solo = await signedInClient();
    const own = (await findMembership(solo.id))!;
    const refusedOwn = await deleteAs(solo);
    expect(refusedOwn.status).toBe(400);
    expect(refusedOwn.body).toMatchObject({ message: ORGANISATION_MESSAGES.deleteOwnAccount });
    expect(await stillThere(own.organisationId)).toBe(true);

    // Another member still in it; and that member, not an owner, may not delete it either.
    const owner = await signedInClient();
    const shared = await newOrganisationOf(owner, `Shared ${owner.username}`);
    const colleague = await signedInClient();
    await db().delete(organisationMembers).where(eq(organisationMembers.userId, colleague.id));
    await db()
      .insert(organisationMembers)
      .values({ organisationId: shared.id, userId: colleague.id, role: "billing" });
    const refusedMembers = await deleteAs(owner);
    expect(refusedMembers.status).toBe(400);
    expect(refusedMembers.body).toMatchObject({ message: ORGANISATION_MESSAGES.deleteHasMembers });
    const refusedRole = await deleteAs(colleague);
    expect(refusedRole.status).toBe(403);
    expect(refusedRole.body).toMatchObject({ message: ORGANISATION_MESSAGES.deleteNotOwner });
    expect(await stillThere(shared.id)).toBe(true);

    // Records the studio keeps: tokens moved through its wallet.
    const holder = await signedInClient();
    const wallet = await newOrganisationOf(holder, `Wallet ${holder.username}`);
    await give({ id: wallet.accountId }, 5);
    const refusedRecords = await deleteAs(holder);
    expect(refusedRecords.status).toBe(400);
    expect(refusedRecords.body).toMatchObject({ message: ORGANISATION_MESSAGES.deleteHoldsRecords });
    expect(await stillThere(wallet.id)).toBe(true);
  });
});
