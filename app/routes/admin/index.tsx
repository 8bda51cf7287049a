import { Link } from "react-router";
import { auditLabelsFor } from "~models/platform/audit";
import { countBackOffice, recentActivity } from "~models/back-office/badges.server";
import { INBOX_TYPE_OPTIONS } from "~models/back-office/inbox-sources.server";
import { isMailConfigured } from "~models/back-office/outbox.server";
import { countProjectsByStatus } from "~models/back-office/project-pipeline.server";
import { ActivityList } from "~/components/admin/activity";
import { PageHeader } from "~/components/admin/ui";
import { adminMeta } from "~/lib/admin-meta";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => adminMeta("Overview");

export async function loader({ request, context }: Route.LoaderArgs) {
  await staffOf({ request, context });
  // The sidebar's counts are read once for the layout and this page.
  const [{ unhandled, failedEmails }, projects, activity] = await Promise.all([
    countBackOffice(request),
    countProjectsByStatus(),
    recentActivity(6),
  ]);
  return {
    waiting: INBOX_TYPE_OPTIONS.map((type) => ({ ...type, count: unhandled[type.value] ?? 0 })).filter(
      (type) => type.count > 0,
    ),
    projects: {
      inReview: projects.in_review,
      inProgress: projects.in_progress,
      revision: projects.revision_requested,
    },
    failedEmails,
    mailConfigured: isMailConfigured(),
    activity,
    activityLabels: auditLabelsFor([...activity.client, ...activity.staff]),
  };
}

function Stat({ label, value, to }: { label: string; value: number; to: string }) {
  return (
    <Link
      to={to}
      className="flex flex-col gap-1 rounded-2xl border border-border bg-surface p-5 hover:border-text-muted"
    >
      <span className="font-display text-3xl font-semibold">{value}</span>
      <span className="text-sm text-text-muted">{label}</span>
    </Link>
  );
}

export default function AdminOverview({ loaderData }: Route.ComponentProps) {
  const { waiting, projects, failedEmails, mailConfigured, activity, activityLabels } = loaderData;
  const waitingTotal = waiting.reduce((sum, type) => sum + type.count, 0);
  return (
    <>
      <PageHeader title="Overview" description="What is waiting for the team right now." />
      <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        <Stat label="Submissions waiting" value={waitingTotal} to="/admin/inbox?status=unhandled" />
        <Stat label="Projects to review" value={projects.inReview} to="/admin/projects?status=in_review" />
        <Stat
          label="Revisions requested"
          value={projects.revision}
          to="/admin/projects?status=revision_requested"
        />
        <Stat label="Emails that failed" value={failedEmails} to="/admin/outbox?status=failed" />
      </div>
      {mailConfigured ? null : (
        <p className="rounded-xl border border-yellow/40 bg-yellow/10 px-4 py-3 text-sm">
          No SMTP server is configured (SMTP_URL), so email is not sent: it waits in the{" "}
          <Link to="/admin/outbox" className="underline">
            outbox
          </Link>
          .
        </p>
      )}
      {waiting.length ? (
        <section className="flex flex-col gap-3" aria-labelledby="waiting">
          <h2 id="waiting" className="font-display text-lg font-semibold">
            Waiting in the inbox
          </h2>
          <ul className="flex flex-wrap gap-2">
            {waiting.map((type) => (
              <li key={type.value}>
                <Link
                  to={`/admin/inbox?type=${type.value}&status=unhandled`}
                  className="inline-flex gap-2 rounded-full border border-border px-4 py-2 text-sm hover:border-text-muted"
                >
                  {type.label} <span className="font-semibold">{type.count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <ActivityList
          id="client-activity"
          title="What clients did"
          entries={activity.client}
          labels={activityLabels}
          empty="No client activity yet."
          more={{ to: "/admin/audit?role=client", label: "All client actions in the audit log" }}
        />
        <ActivityList
          id="staff-activity"
          title="What staff did"
          entries={activity.staff}
          labels={activityLabels}
          empty="No staff actions yet."
          more={{ to: "/admin/audit?role=staff", label: "All staff actions in the audit log" }}
        />
      </div>
    </>
  );
}
