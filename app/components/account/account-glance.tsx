import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatAmount } from "~models/platform/money";
import type { getAccountDashboard } from "~models/views/account-projects.server";
import { formatDateTime } from "~/lib/format";

// What Manage account's dashboard showed besides the active projects (its page became the workspace's
// Home, decision 0056): completed projects, what was spent, satisfaction, and the recent activity.

type AccountDashboard = Awaited<ReturnType<typeof getAccountDashboard>>;

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

/** The account's numbers beyond the active projects: completed, spent, satisfaction. */
export function AccountNumbers({ stats }: { stats: AccountDashboard["stats"] }) {
  const { totalSpent, satisfaction } = stats;
  const money = totalSpent.money.length ? totalSpent.money.map(formatAmount).join(" + ") : "No payments yet";
  return (
    <>
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
    </>
  );
}

/** What happened lately on the account: project updates, payments, settings. */
export function RecentActivity({ activity }: { activity: AccountDashboard["activity"] }) {
  return (
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
  );
}
