import { Link } from "react-router";
import { getProfile } from "~models/accounts.server";
import { requireUser } from "~/lib/auth.server";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard — Ascendra" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const profile = await getProfile(user.id);
  return { username: user.username, profile: profile!.profile };
}

export default function DashboardHome({ loaderData }: Route.ComponentProps) {
  const { username, profile } = loaderData;
  const missing = [
    !profile.company_name && "company name",
    !profile.contact && "contact number",
    !profile.company_website && "website",
  ].filter(Boolean);
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-2">
        <p className="font-display text-xs tracking-[0.3em] text-green uppercase">Dashboard</p>
        <h1 className="font-display text-3xl font-semibold sm:text-4xl">Hello, {username}</h1>
      </header>
      <section className="grid gap-4 sm:grid-cols-2" aria-label="Your account">
        <div className="rounded-2xl border border-border bg-surface p-6">
          <p className="text-sm text-text-muted">Creative Tokens</p>
          <p className="mt-2 font-display text-4xl font-semibold">{profile.creative_tokens}</p>
        </div>
        <div className="rounded-2xl border border-border bg-surface p-6">
          <p className="text-sm text-text-muted">Plan</p>
          <p className="mt-2 font-display text-4xl font-semibold capitalize">{profile.current_plan}</p>
        </div>
      </section>
      {missing.length ? (
        <section className="flex flex-col items-start gap-4 rounded-2xl border border-border p-6" aria-labelledby="complete-profile">
          <h2 id="complete-profile" className="font-display text-lg font-semibold">
            Complete your profile
          </h2>
          <p className="text-text-muted">Add your {missing.join(", ")} so our team knows who they are working with.</p>
          <Link to="/dashboard2/profile" className="rounded-full bg-text px-5 py-3 text-sm font-semibold text-canvas">
            Edit profile
          </Link>
        </section>
      ) : null}
    </div>
  );
}
