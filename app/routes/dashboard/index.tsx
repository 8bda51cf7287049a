import { Link } from "react-router";
import { planAndBalance } from "~models/views/account-summary.server";
import { profileFields } from "~models/identity/api";
import { RECOMMENDATIONS_SHOWN } from "~models/projects/dashboard";
import { getDashboard, tokenUsageForRequest } from "~models/views/dashboard.server";
import { expiryLine } from "~models/billing/wallet.server";
import { waitingItems } from "~models/views/needs-you-words";
import { EmailConfirmationNotice } from "~/components/account/email-confirmation-notice";
import { DashboardLoadError } from "~/components/dashboard-load-error";
import { ProjectList } from "~/components/projects/project-card";
import { RecommendationCard } from "~/components/recommendation-card";
import { NeedsYouNow } from "~/components/workspace/needs-you-now";
import { memberWithSummary } from "~/lib/member-summary.server";
import { formatDate } from "~/lib/format";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard — Ascendra" }];

export async function loader({ request }: Route.LoaderArgs) {
  // The profile row, plan and balance come with the request's account summary (the shell reads it too).
  const { member, summary } = await memberWithSummary(request);
  const user = member.person;
  const now = new Date();
  // The projects, the stats, and the proofs to review, briefs returned, the week's meetings and
  // payments due: one statement.
  const { waiting: facts, ...dashboard } = await getDashboard(
    member.accountId,
    tokenUsageForRequest(request, member.accountId),
    now,
  );
  const { planName, balance } = planAndBalance(summary);
  const profile = profileFields(summary.profile, planName, balance);
  const missingProfile = [
    !profile.company_name && "company name",
    !profile.contact && "contact number",
    !profile.company_website && "website",
  ].filter((field): field is string => Boolean(field));
  return {
    // The client's first name once they have given one, as a person would greet them; else the username.
    greeting: user.firstName || user.username,
    ...dashboard,
    // Worded here, most urgent first. Unread notifications, the cart and the soonest expiring
    // tokens come with the account summary: no statement of their own.
    waiting: waitingItems(
      facts,
      {
        unread: summary.unread,
        cartCount: summary.cartCount,
        expiry: expiryLine(summary.soonestExpiry),
        missingProfile,
      },
      now,
    ),
    // Meetings booked with the address wait for it to be confirmed (decision 0053).
    emailToConfirm: user.emailVerified ? null : user.email,
  };
}

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="rounded-2xl border border-border bg-surface p-6">
      <p className="text-sm text-text-muted">{label}</p>
      <p className="mt-2 font-display text-4xl font-semibold" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

export default function DashboardHome({ loaderData }: Route.ComponentProps) {
  const { greeting, stats, recent, tokens, recommendations, waiting, emailToConfirm } = loaderData;
  return (
    <div className="flex flex-col gap-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        {/* A username is one long word: it wraps anywhere rather than widen a phone's page. */}
        <div className="flex min-w-0 flex-col gap-2">
          <p className="font-display text-xs tracking-[0.3em] text-green uppercase">Home</p>
          <h1 className="font-display text-3xl font-semibold wrap-anywhere sm:text-4xl">Hello, {greeting}</h1>
        </div>
        <Link
          to="/createprojectform"
          className="rounded-full bg-text px-5 py-3 text-sm font-semibold text-canvas"
        >
          New project
        </Link>
      </header>
      {emailToConfirm ? <EmailConfirmationNotice email={emailToConfirm} /> : null}
      <NeedsYouNow items={waiting} />

      <section className="grid grid-cols-2 gap-4" aria-label="Your numbers">
        <Stat label="Active projects" value={stats.active_projects} testId="stat-active-projects" />
        <Stat label="Creative Tokens left" value={stats.tokens_left} testId="stat-tokens-left" />
      </section>

      <section className="flex flex-col gap-4" aria-labelledby="token-usage">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="token-usage" className="font-display text-lg font-semibold">
            Token usage
          </h2>
          <p className="text-sm text-text-muted">
            This period: {formatDate(tokens.periodStart)} –{" "}
            {formatDate(new Date(new Date(tokens.periodEnd).getTime() - 1))}
          </p>
        </div>
        <div
          className="h-3 overflow-hidden rounded-full bg-surface-raised"
          role="progressbar"
          aria-labelledby="token-usage"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={tokens.percent}
          aria-valuetext={`${tokens.percent}% of this period's tokens used`}
        >
          <div className="h-full rounded-full bg-yellow" style={{ width: `${tokens.percent}%` }} />
        </div>
        <p className="text-sm text-text-muted" data-testid="token-usage-text">
          {tokens.granted > 0
            ? `${tokens.spent} of ${tokens.granted} tokens used (${tokens.percent}%).`
            : "No tokens granted this period yet, so nothing is used (0%). Buy a token package or subscribe to a plan to get tokens."}
        </p>
      </section>

      <section className="flex flex-col gap-4" aria-labelledby="recent-projects">
        <div className="flex items-baseline justify-between gap-4">
          <h2 id="recent-projects" className="font-display text-lg font-semibold">
            Recent projects
          </h2>
          {recent.length ? (
            <Link
              to="/dashboard2/projects"
              className="text-sm font-semibold text-text underline-offset-4 hover:underline"
            >
              View all
            </Link>
          ) : null}
        </div>
        <ProjectList projects={recent} />
      </section>

      <section className="flex flex-col gap-4" aria-labelledby="recommended">
        <h2 id="recommended" className="font-display text-lg font-semibold">
          Recommended for you
        </h2>
        {recommendations.length ? (
          <ul className="grid gap-4 md:grid-cols-3">
            {recommendations.slice(0, RECOMMENDATIONS_SHOWN).map((item) => (
              <RecommendationCard key={item.title} item={item} />
            ))}
          </ul>
        ) : (
          <p className="text-text-muted">No recommendations right now.</p>
        )}
      </section>
    </div>
  );
}

/** A dashboard load failure shows a full-page error with a Reload button (docs/product.md, "Dashboard"). */
export const ErrorBoundary = DashboardLoadError;
