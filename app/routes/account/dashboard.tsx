import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatAmount } from "~models/billing/money";
import { getAccountDashboard } from "~models/projects/account-projects.server";
import { requireUser } from "~/lib/auth.server";
import { formatDateTime } from "~/lib/format";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Manage account — Ascendra" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { firstName: user.firstName || user.username, ...(await getAccountDashboard(user.id)) };
}

function StatCard({
  label,
  value,
  detail,
  testId,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  testId: string;
}) {
  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-border bg-surface p-5">
      <p className="text-sm text-text-muted">{label}</p>
      <p className="font-display text-3xl font-semibold break-words" data-testid={testId}>
        {value}
      </p>
      {detail ? <p className="text-xs text-text-muted">{detail}</p> : null}
    </div>
  );
}

const TONE_DOTS = { success: "bg-green", warning: "bg-yellow", info: "bg-blue" } as const;

const actionClass = "flex flex-col gap-1 rounded-2xl border border-border p-4 hover:border-text-muted";

export default function AccountDashboard({ loaderData }: Route.ComponentProps) {
  const { firstName, stats, activity, contactTeamHref } = loaderData;
  const { totalSpent, satisfaction } = stats;
  const money = totalSpent.money.length ? totalSpent.money.map(formatAmount).join(" + ") : "No payments yet";
  return (
    <div className="flex flex-col gap-10">
      <header className="flex flex-col gap-2">
        <p className="font-display text-xs tracking-[0.3em] text-green uppercase">Manage account</p>
        <h1 className="font-display text-3xl font-semibold break-words sm:text-4xl">
          Welcome back, {firstName}
        </h1>
        <p className="text-text-muted">Your projects, profile and billing in one place.</p>
      </header>

      <section className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Your numbers">
        <StatCard label="Active projects" value={stats.activeProjects} testId="stat-active" />
        <StatCard label="Completed projects" value={stats.completedProjects} testId="stat-completed" />
        <StatCard
          label="Total spent"
          value={`${totalSpent.tokens} tokens`}
          detail={money}
          testId="stat-spent"
        />
        <StatCard
          label="Satisfaction"
          value={satisfaction.average === null ? "—" : `${satisfaction.average.toFixed(1)} / 5`}
          detail={
            satisfaction.count
              ? `From ${satisfaction.count} rated project${satisfaction.count === 1 ? "" : "s"}`
              : "Rate a completed project to see it here"
          }
          testId="stat-satisfaction"
        />
      </section>

      <div className="grid gap-10 xl:grid-cols-[1fr_18rem]">
        <section className="flex flex-col gap-4" aria-labelledby="recent-activity">
          <h2 id="recent-activity" className="font-display text-lg font-semibold">
            Recent activity
          </h2>
          {activity.length ? (
            <ol className="flex flex-col gap-2" data-testid="recent-activity">
              {activity.map((item) => (
                <li
                  key={`${item.source}-${item.id}`}
                  className="flex gap-3 rounded-xl border border-border bg-surface p-4"
                >
                  <span
                    className={`mt-1.5 size-2 shrink-0 rounded-full ${TONE_DOTS[item.tone]}`}
                    aria-hidden="true"
                  />
                  <div className="flex min-w-0 flex-col gap-0.5">
                    <p className="font-medium">
                      {item.link ? (
                        <Link to={item.link} className="hover:underline">
                          {item.title}
                        </Link>
                      ) : (
                        item.title
                      )}
                    </p>
                    <p className="text-sm break-words text-text-muted">{item.message}</p>
                    <time className="text-xs text-text-muted" dateTime={new Date(item.at).toISOString()}>
                      {formatDateTime(item.at)}
                    </time>
                  </div>
                </li>
              ))}
            </ol>
          ) : (
            <p className="text-text-muted">Nothing yet. Submit a project and its updates will appear here.</p>
          )}
        </section>

        <section className="flex flex-col gap-4" aria-labelledby="quick-actions">
          <h2 id="quick-actions" className="font-display text-lg font-semibold">
            Quick actions
          </h2>
          <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-1">
            <Link to="/manageaccount/projects" className={actionClass}>
              <span className="font-semibold">View Projects</span>
              <span className="text-sm text-text-muted">Status, progress and files</span>
            </Link>
            <Link to="/manageaccount/billing" className={actionClass}>
              <span className="font-semibold">Billing</span>
              <span className="text-sm text-text-muted">Plan, usage and receipts</span>
            </Link>
            <Link to="/createticket" className={actionClass}>
              <span className="font-semibold">Support</span>
              <span className="text-sm text-text-muted">Open a support ticket</span>
            </Link>
            <Link to={contactTeamHref} className={actionClass}>
              <span className="font-semibold">Contact Team</span>
              <span className="text-sm text-text-muted">
                {contactTeamHref.startsWith("/project/") ? "Message your project manager" : "Write to us"}
              </span>
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
