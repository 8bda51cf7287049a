// Home's "Needs you now" (decision 0056): proofs to review, briefs returned,
// payments due, the week's meetings and tokens expiring, from the real rows,
// the client's own only, most urgent first.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { grantTokens } from "~models/billing/tokens.server";
import { confirmMeeting } from "~models/calendar/meetings.server";
import { runSeed } from "~models/views/seed.server";
import { queryRows } from "~models/platform/db.server";
import { createProjectRequest } from "~models/projects/project-requests.server";
import { addProofVersion } from "~models/projects/proofing.server";
import { transitionProject } from "~models/views/revision-rounds.server";
import * as dashboardHome from "~/routes/dashboard/index";
import { call, getRequest } from "./helpers";
import { projectOf, signedInClient, withTemporaryDataDir, type Client } from "./project-helpers";
import { pngFile } from "./proofing-helpers";

withTemporaryDataDir();

const DAY = 86_400_000;
type Item = { key: string; kind: string; whose: string; text: string; to: string; action: string };

let staff: Client;

const home = async (client: Client) =>
  (
    (await call(dashboardHome.loader, getRequest("/dashboard2", { cookie: client.cookie }))).body as {
      waiting: Item[];
    }
  ).waiting;

/** A project delivered for review (accepted, a version uploaded, sent for review). */
async function delivered(client: Client, title: string) {
  const project = await projectOf(client, { title });
  await transitionProject(project.id, staff, "accept");
  const version = await addProofVersion(project.id, staff, pngFile());
  if (!version.ok) throw new Error(`proof version: ${JSON.stringify(version)}`);
  const sent = await transitionProject(project.id, staff, "send_for_review", "Version 1 is ready");
  if (!sent.ok) throw new Error(`send for review: ${JSON.stringify(sent)}`);
  return { project, deliverable: version.deliverable };
}

/**
 * A confirmed online meeting `days` from now at 11:00 in the zone, or, with a
 * fraction of a day, at that instant in UTC (so "within a day" holds at any hour the test runs).
 */
async function meetingIn(client: Client, days: number, zone = "Asia/Kolkata") {
  const project = await projectOf(client, { title: `Meeting project ${days}` });
  const exact = !Number.isInteger(days);
  const at = new Date(Date.now() + days * DAY).toISOString();
  await createProjectRequest(project, client.id, { kind: "meeting" });
  const [request] = await queryRows<{ id: string }>(
    sql`select id from project_requests where project_id = ${project.id} and kind = 'meeting' limit 1`,
  );
  const confirmed = await confirmMeeting(
    "online_meet",
    request!.id,
    {
      date: at.slice(0, 10),
      time: exact ? at.slice(11, 16) : "11:00",
      duration: 30,
      time_zone: exact ? "UTC" : zone,
      location: "",
      meeting_url: "https://meet.example.com/needs",
      note: "",
    },
    { id: staff.id, role: "staff", label: staff.username },
  );
  if (!confirmed.ok) throw new Error(`confirm meeting: ${confirmed.reason}`);
  return confirmed.meeting;
}

beforeAll(async () => {
  await runSeed();
  staff = await signedInClient("staff");
}, 60_000);

describe("Home's Needs you now", () => {
  it("lists the client's proofs, returned briefs, payments due, meetings and expiring tokens, and no one else's", async () => {
    const client = await signedInClient();
    const other = await signedInClient();

    // Proofs: one delivered version under review; a project in progress is the studio's move.
    const { project, deliverable } = await delivered(client, "Café rebrand");
    const working = await projectOf(client, { title: "Still with the studio" });
    await transitionProject(working.id, staff, "accept");
    // A brief returned to the client.
    const returned = await projectOf(client, { title: "Menu cards" });
    const back = await transitionProject(returned.id, staff, "return_to_draft", "Which menu?");
    expect(back.ok).toBe(true);
    // Meetings: one in 2 days; one in 10 days (too far) and a cancelled one are left out.
    const soon = await meetingIn(client, 2, "Europe/Berlin");
    await meetingIn(client, 10);
    const cancelled = await meetingIn(client, 3);
    await queryRows(sql`update meetings set status = 'cancelled' where id = ${cancelled.id}`);
    // Payments due: a plan Stripe bills whose renewal was declined this period.
    await queryRows(sql`
      insert into subscriptions (user_id, plan_id, status, started_at, current_period_start, current_period_end,
        gateway_subscription_id)
      values (${client.id}, 'starter', 'active', now() - interval '40 days', now() - interval '31 days',
        now() - interval '1 day', ${`sub_${client.id}`})`);
    await queryRows(sql`
      insert into payments (user_id, kind, description, amount_minor, currency, method, status, gateway,
        idempotency_key, subscription_plan_id, failure_message, created_at)
      values (${client.id}, 'subscription', 'Starter plan renewal, attempt 1', 4900, 'EUR', 'credit_card',
        'failed', 'stripe', ${`stripe:in_${client.id}:attempt:1`}, 'starter', 'The card was declined.',
        now() - interval '1 day')`);
    // Tokens expiring within a week: granted 85 days ago (grants live 90).
    await grantTokens({
      userId: client.id,
      amount: 12,
      reason: "token_purchase",
      now: new Date(Date.now() - 85 * DAY),
    });

    // Another client's proof, meeting and ended plan.
    await delivered(other, "Not yours");
    // A quarter of a day from now: within a day whatever the hour.
    await meetingIn(other, 0.25);
    await queryRows(sql`
      insert into subscriptions (user_id, plan_id, status, started_at, current_period_start, current_period_end,
        ended_at, end_reason)
      values (${other.id}, 'starter', 'ended', now() - interval '40 days', now() - interval '40 days',
        now() - interval '10 days', now() - interval '10 days', 'payment_failed')`);

    const waiting = await home(client);
    const keys = waiting.map((item) => item.key);
    expect(keys).toEqual([
      "payment-renewal-starter",
      `proof-${project.id}`,
      `returned-${returned.id}`,
      `meeting-${soon.id}`,
      "token-expiry",
      "unread-notifications",
      "complete-profile",
    ]);
    const byKey = new Map(waiting.map((item) => [item.key, item]));
    expect(byKey.get(`proof-${project.id}`)).toMatchObject({
      kind: "proof",
      whose: "Your move",
      text: "Café rebrand, version 1: Ready for your review. Approve & Publish the delivered version, or request a revision.",
      to: `/project/${project.id}/proof/${deliverable.id}`,
      action: "Review version 1",
    });
    expect(byKey.get(`returned-${returned.id}`)).toMatchObject({
      whose: "Your move",
      to: `/project/${returned.id}`,
    });
    expect(byKey.get(`returned-${returned.id}`)!.text).toMatch(/^Menu cards: Returned to you\./);
    expect(byKey.get("payment-renewal-starter")).toMatchObject({
      whose: "Your move",
      to: "/manageaccount/billing/payment-methods",
      action: "Update your card",
    });
    expect(byKey.get("payment-renewal-starter")!.text).toMatch(
      /^We could not take €49(\.00)? for your STARTER plan\./,
    );
    // The time in the meeting's zone, as the Meetings page says it.
    expect(byKey.get(`meeting-${soon.id}`)).toMatchObject({
      whose: "You and the studio",
      to: "/dashboard2/meetings",
    });
    expect(byKey.get(`meeting-${soon.id}`)!.text).toMatch(/, 11:00 \(Europe\/Berlin\), 30 minutes$/);
    expect(byKey.get("token-expiry")!.text).toMatch(/^12 tokens expire on /);
    expect(waiting.map((item) => item.text).join("\n")).not.toContain("Not yours");

    // The other client sees their own, including the plan that ended for a failed payment.
    const theirs = await home(other);
    // Their meeting is within a day: first; then money; then the proof.
    expect(theirs.map((item) => item.kind).slice(0, 3)).toEqual(["meeting", "payment", "proof"]);
    expect(theirs.find((item) => item.kind === "payment")).toMatchObject({
      to: "/dashboard2/billing/plans/starter",
      action: "Subscribe again",
    });
    expect(theirs.map((item) => item.text).join("\n")).not.toContain("Café rebrand");
  });

  it("stops listing a proof once the client answered, and a renewal once it was paid", async () => {
    const client = await signedInClient();
    const { project } = await delivered(client, "Approved at once");
    expect((await home(client)).some((item) => item.key === `proof-${project.id}`)).toBe(true);
    const approved = await transitionProject(project.id, client, "approve", "", { approveVersion: 1 });
    expect(approved.ok).toBe(true);
    expect((await home(client)).some((item) => item.kind === "proof")).toBe(false);

    await queryRows(sql`
      insert into subscriptions (user_id, plan_id, status, started_at, current_period_start, current_period_end,
        gateway_subscription_id)
      values (${client.id}, 'starter', 'active', now() - interval '40 days', now() - interval '31 days',
        now() - interval '1 day', ${`sub_${client.id}`})`);
    for (const [status, ago] of [
      ["failed", "2 days"],
      ["succeeded", "1 day"],
    ] as const)
      await queryRows(sql`
        insert into payments (user_id, kind, description, amount_minor, currency, method, status, gateway,
          idempotency_key, subscription_plan_id, created_at)
        values (${client.id}, 'subscription', 'Starter plan renewal', 4900, 'USD', 'credit_card', ${status},
          'stripe', ${`stripe:${status}:${client.id}`}, 'starter', now() - ${ago}::interval)`);
    expect((await home(client)).some((item) => item.kind === "payment")).toBe(false);
  });

  it("says nothing needs the client when nothing does", async () => {
    const client = await signedInClient();
    await queryRows(sql`update notifications set is_read = true where user_id = ${client.id}`);
    await queryRows(sql`
      insert into profiles (user_id, company_name, contact, company_website)
      values (${client.id}, 'Rao & Co', '+91 98765 43210', 'https://rao.example')
      on conflict (user_id) do update set company_name = excluded.company_name, contact = excluded.contact,
        company_website = excluded.company_website`);
    expect(await home(client)).toEqual([]);
  });
});
