import { describe, expect, it } from "vitest";
import { recordAudit } from "~models/platform/audit.server";
import * as overview from "~/routes/admin/index";
import * as auditPage from "~/routes/admin/audit";
import { call, getRequest } from "./helpers";
import { signedInClient } from "./project-helpers";

// The overview's activity split (decision 0071): what clients did and what staff did, by the audit
// log's actor role, a few of each, newest first; the system's entries in neither. Each list links to
// the audit log filtered the same way (?role=client, ?role=staff).

type Entry = { id: number; actorLabel: string; actorRole: string; action: string; targetLabel: string };
type Overview = { activity: { client: Entry[]; staff: Entry[] }; activityLabels: Record<string, string> };

describe("the overview's activity", () => {
  it("splits what clients did from what staff did, a few of each, newest first", async () => {
    const staff = await signedInClient("staff");
    const client = await signedInClient();
    // Eight staff actions, then two client actions and one of the system: the staff's do not push the clients' out.
    for (let i = 1; i <= 8; i++)
      await recordAudit({
        actor: { id: staff.id, role: "staff" },
        action: "project.comment",
        target: { type: "project", id: String(i), label: `Staff step ${i}` },
      });
    for (let i = 1; i <= 2; i++)
      await recordAudit({
        actor: { id: client.id, role: "client" },
        action: "tokens.purchase",
        target: { type: "user", id: client.id, label: `Client step ${i}` },
      });
    await recordAudit({
      actor: { id: null, role: "system" },
      action: "tokens.expire",
      target: { type: "user" },
    });

    const outcome = await call(overview.loader, getRequest("/admin", { cookie: staff.cookie }));
    const { activity, activityLabels } = outcome.body as Overview;
    expect(activity.client.map((e) => e.targetLabel)).toEqual(["Client step 2", "Client step 1"]);
    expect(activity.client.every((e) => e.actorRole === "client" && e.actorLabel === client.username)).toBe(
      true,
    );
    expect(activity.staff.map((e) => e.targetLabel)).toEqual(
      [8, 7, 6, 5, 4, 3].map((i) => `Staff step ${i}`),
    );
    expect(activity.staff.every((e) => e.actorRole === "staff")).toBe(true);
    expect(activityLabels).toEqual({
      "project.comment": "Wrote to a client",
      "tokens.purchase": "Tokens bought",
    });

    // The links' filter: the audit log by the actor's role.
    for (const role of ["client", "staff"] as const) {
      const page = await call(
        auditPage.loader,
        getRequest(`/admin/audit?role=${role}`, { cookie: staff.cookie }),
      );
      const { entries, form } = page.body as { entries: Entry[]; form: { role: string } };
      expect(form.role).toBe(role);
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.every((e) => e.actorRole === role)).toBe(true);
    }
  });
});
