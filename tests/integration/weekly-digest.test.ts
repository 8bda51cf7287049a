// The organisations' weekly digest (issue #40, decision 0078): each member who
// keeps it on gets their organisation's week by email through the outbox, once
// per week even when two runs go at once; a member who turned it off gets none.
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { spendTokens } from "~models/billing/tokens.server";
import { findMembership } from "~models/identity/organisations.server";
import type { OrganisationRole } from "~models/identity/roles";
import { db } from "~models/platform/db.server";
import { emailOutbox, organisationMembers } from "~models/schema";
import { runSeed } from "~models/views/seed.server";
import { runWeeklyDigest, sendWeeklyDigests } from "~models/views/weekly-digest.server";
import { digestWeekStart } from "~models/views/weekly-digest";
import * as apiProjects from "~/routes/api/projects";
import { api, body, give } from "./billing-helpers";
import { signedInClient, validProject, type Client } from "./project-helpers";

type Team = { owner: Client; approver: Client; quiet: Client; title: string };

/** An owner, an approver and a member who turned the digest off; a project, tokens, and a spend by the approver. */
async function team(): Promise<Team> {
  const owner = await signedInClient();
  const { organisationId } = (await findMembership(owner.id))!;
  const join = async (role: OrganisationRole, emailDigest: boolean) => {
    const person = await signedInClient();
    await db().delete(organisationMembers).where(eq(organisationMembers.userId, person.id));
    await db().insert(organisationMembers).values({ organisationId, userId: person.id, role, emailDigest });
    return person;
  };
  const approver = await join("approver", true);
  const quiet = await join("member", false);
  const title = `Digest ${owner.username}`;
  const created = await api.send(apiProjects.action, owner, "POST", "/api/projects/", {
    ...validProject,
    title,
  });
  expect(created.status).toBe(201);
  body<{ id: string }>(created);
  await give(owner, 40);
  const spent = await spendTokens({ userId: owner.id, amount: 12, reason: "project", actorId: approver.id });
  expect(spent.ok).toBe(true);
  return { owner, approver, quiet, title };
}

const digestsTo = async (people: Client[]) =>
  db()
    .select({ to: emailOutbox.to, subject: emailOutbox.subject, text: emailOutbox.text })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.kind, "weekly_digest"),
        inArray(
          emailOutbox.to,
          people.map((p) => p.email),
        ),
      ),
    );

beforeAll(async () => {
  await runSeed();
});

describe("the weekly digest", () => {
  it("weeks start on Monday in India", () => {
    // Sunday 20:00 UTC is Monday 01:30 in India: its own week.
    expect(digestWeekStart(new Date("2026-11-29T20:00:00Z")).toISOString()).toBe("2026-11-29T18:30:00.000Z");
    expect(digestWeekStart(new Date("2026-11-29T18:00:00Z")).toISOString()).toBe("2026-11-22T18:30:00.000Z");
  });

  it("emails each member who keeps it on their organisation's week, none to one who turned it off", async () => {
    const t = await team();
    const now = new Date();
    await sendWeeklyDigests(now, { siteUrl: "https://ascendra.example" });
    const sent = await digestsTo([t.owner, t.approver, t.quiet]);
    expect(sent.map((e) => e.to).sort()).toEqual([t.owner.email, t.approver.email].sort());
    const text = sent[0]!.text;
    expect(sent[0]!.subject).toMatch(/^Your weekly digest for /);
    expect(text).toContain(`${t.title}: now In Review`);
    expect(text).toContain("Balance: 28 tokens");
    expect(text).toContain("Spent this week: 12 tokens");
    expect(text).toContain(`${t.approver.username}: 12 tokens`);
    expect(text).toContain("No meetings in the coming week.");
    expect(text).toContain("https://ascendra.example/dashboard2/team");

    // Again the same week: nothing more. The next week: one more each.
    await sendWeeklyDigests(now);
    expect(await digestsTo([t.owner, t.approver, t.quiet])).toHaveLength(2);
    await sendWeeklyDigests(new Date(now.getTime() + 7 * 86_400_000));
    const twoWeeks = await digestsTo([t.owner, t.approver, t.quiet]);
    expect(twoWeeks.map((e) => e.to).sort()).toEqual(
      [t.owner.email, t.owner.email, t.approver.email, t.approver.email].sort(),
    );
  });

  it("sends one per member when two runs go at once", async () => {
    const t = await team();
    const now = new Date();
    await Promise.all([
      runWeeklyDigest(now),
      runWeeklyDigest(now),
      sendWeeklyDigests(now),
      sendWeeklyDigests(now),
    ]);
    const sent = await digestsTo([t.owner, t.approver, t.quiet]);
    expect(sent.map((e) => e.to).sort()).toEqual([t.owner.email, t.approver.email].sort());
  });
});
