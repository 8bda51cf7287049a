import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~models/platform/db.server";
import { deliverDueGiftCards } from "~models/billing/gift-cards.server";
import { todayInAgencyTimeZone } from "~models/platform/form-fields";
import { changePassword } from "~models/identity/account-settings.server";
import { verifyPassword } from "~models/identity/passwords.server";
import { transitionProject } from "~models/views/revision-rounds.server";
import { emailOutbox, giftCards, projectStatusHistory, projects, serviceQuotes, users } from "~models/schema";
import * as giftPage from "~/routes/gift";
import { runSeed } from "~models/views/seed.server";
import { sendQuote } from "./admin-helpers";
import { body } from "./billing-helpers";
import { call, formRequest, getRequest } from "./helpers";
import { projectOf, signedInClient } from "./project-helpers";

// Every email is recorded in the outbox inside the transaction of the change it
// tells of, and sent after the commit. A trigger that refuses outbox rows to one
// address stands in for the process dying between the two: the change must not
// commit without its email (before, it committed and the email was lost).
const REFUSED = "refused-mail@example.com";

beforeAll(async () => {
  await runSeed();
  await db().execute(
    sql.raw(`CREATE FUNCTION refuse_test_mail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW."to" = '${REFUSED}' THEN RAISE EXCEPTION 'outbox refused'; END IF;
        RETURN NEW;
      END $$`),
  );
  await db().execute(
    sql.raw(`CREATE TRIGGER refuse_test_mail BEFORE INSERT ON email_outbox
      FOR EACH ROW EXECUTE FUNCTION refuse_test_mail()`),
  );
});

afterAll(async () => {
  await db().execute(sql.raw("DROP TRIGGER refuse_test_mail ON email_outbox"));
  await db().execute(sql.raw("DROP FUNCTION refuse_test_mail()"));
});

const outboxTo = (to: string) => db().select().from(emailOutbox).where(eq(emailOutbox.to, to));

describe("an email and its change commit together", () => {
  it("a project's status change: no change without its email, then both", async () => {
    const client = await signedInClient();
    const staff = await signedInClient("staff");
    const project = await projectOf(client);
    await db().update(users).set({ email: REFUSED }).where(eq(users.id, client.id));
    await expect(transitionProject(project.id, staff, "accept")).rejects.toThrow();
    const [still] = await db().select().from(projects).where(eq(projects.id, project.id));
    expect(still!.status).toBe("in_review");
    const history = () =>
      db().select().from(projectStatusHistory).where(eq(projectStatusHistory.projectId, project.id));
    expect(await history()).toHaveLength(1);

    await db().update(users).set({ email: client.email }).where(eq(users.id, client.id));
    expect((await transitionProject(project.id, staff, "accept")).ok).toBe(true);
    const emails = (await outboxTo(client.email)).filter((e) => e.kind === "project_update");
    expect(emails.map((e) => e.subject)).toEqual([
      `Project submitted: ${project.title}`,
      `${project.title}: In Progress`,
    ]);
    // One transaction: the same transaction time on the history row and the email.
    const accepted = (await history()).find((row) => row.action === "accept")!;
    expect(emails[1]!.createdAt.getTime()).toBe(accepted.createdAt.getTime());
  });

  it("a due gift card: not marked delivered unless its email is recorded, then sent once", async () => {
    const tomorrow = new Date(Date.now() + 36 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const page = body<{ idempotencyKey: string }>(await call(giftPage.loader, getRequest("/gift")));
    await call(
      giftPage.action,
      formRequest("/gift", {
        idempotency_key: page.idempotencyKey,
        amount: "5000",
        deliveryDate: tomorrow,
        recipientName: "Meera",
        recipientEmail: REFUSED,
        senderName: "Ravi",
        senderEmail: "ravi@brand.example",
        card_number: "4242424242424242",
        card_expiry: "01/39",
        card_cvc: "321",
        card_name: "Ravi Menon",
      }),
    );
    const mine = eq(giftCards.senderEmail, "ravi@brand.example");
    await db()
      .update(giftCards)
      .set({ deliverOn: todayInAgencyTimeZone(new Date()) })
      .where(mine);

    await expect(deliverDueGiftCards()).rejects.toThrow();
    const [card] = await db().select().from(giftCards).where(mine);
    expect(card!.deliveredAt).toBeNull();

    await db().update(giftCards).set({ recipientEmail: "meera@studio.example" }).where(mine);
    expect(await deliverDueGiftCards()).toBe(1);
    expect(await deliverDueGiftCards()).toBe(0);
    const sent = (await outboxTo("meera@studio.example")).filter((e) => e.kind === "gift_card");
    expect(sent).toHaveLength(1);
  });

  it("a public form: nothing is stored unless the sender's copy is recorded too", async () => {
    await expect(sendQuote({ company_email: REFUSED })).rejects.toThrow();
    const stored = await db().select().from(serviceQuotes).where(eq(serviceQuotes.companyEmail, REFUSED));
    expect(stored).toHaveLength(0);
  });

  it("a password change: the old password stands unless the security notice is recorded", async () => {
    const client = await signedInClient();
    await db().update(users).set({ email: REFUSED }).where(eq(users.id, client.id));
    await expect(
      changePassword(client.id, { currentPassword: "secret12", newPassword: "a much longer secret" }, null, {
        siteName: "Ascendra",
      }),
    ).rejects.toThrow();
    const [row] = await db()
      .select({ hash: users.passwordHash })
      .from(users)
      .where(and(eq(users.id, client.id)));
    expect(await verifyPassword(row!.hash, "secret12")).toBe(true);
  });
});
