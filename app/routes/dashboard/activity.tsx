import { Link } from "react-router";
import { getAccountDashboard } from "~models/views/account-projects.server";
import { AccountNumbers, RecentActivity } from "~/components/account/account-glance";
import { memberOf } from "~/lib/membership.server";
import type { Route } from "./+types/activity";

// Home's second page: the account at a glance and what happened lately (what Manage account's
// dashboard showed; decision 0056). Home itself stays on what needs the client now.

export const meta: Route.MetaFunction = () => [{ title: "Activity — Ascendra" }];

export async function loader({ request }: Route.LoaderArgs) {
  const member = await memberOf(request);
  const { stats, activity, contactTeamHref } = await getAccountDashboard(member.accountId, member.person.id);
  return { stats, activity, contactTeamHref };
}

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { stats, activity, contactTeamHref } = loaderData;
  return (
    <div className="flex flex-col gap-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-2">
          <p className="font-display text-xs tracking-[0.3em] text-green uppercase">Home</p>
          <h1 className="font-display text-3xl font-semibold sm:text-4xl">Activity</h1>
          <p className="text-text-muted">Your account in numbers, and what happened lately.</p>
        </div>
        <Link
          to={contactTeamHref}
          className="rounded-full border border-border px-5 py-3 text-sm font-semibold hover:border-text-muted"
        >
          Contact Team
        </Link>
      </header>
      <section className="grid grid-cols-1 gap-4 sm:grid-cols-3" aria-label="Your numbers">
        <AccountNumbers stats={stats} />
      </section>
      <RecentActivity activity={activity} />
    </div>
  );
}
