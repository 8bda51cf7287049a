import { Outlet } from "react-router";
import { PillLinks } from "~/components/pill-links";
import { TabNav } from "~/components/shell/tab-nav";
import { getUser } from "~/lib/auth.server";
import type { Route } from "./+types/layout";

/** The profile placeholder's sidebar links to /, /profile and /profile/projects (docs/product.md, "Marketing pages"). */
const PROFILE_LINKS = [
  { label: "Home", to: "/", end: true },
  { label: "Latest project", to: "/profile", end: true },
  { label: "Projects", to: "/profile/projects", end: false },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getUser(request);
  return { signedIn: Boolean(user) };
}

export const meta: Route.MetaFunction = () => [{ title: "Your project — Ascendra" }];

function Invitation() {
  return (
    <section className="flex flex-col items-start gap-5 rounded-3xl border border-border bg-surface p-8 sm:p-12">
      <p className="font-display text-xs tracking-[0.3em] text-purple uppercase">Client space</p>
      <h1 className="font-display text-3xl font-semibold sm:text-4xl">Follow your project, live</h1>
      <p className="max-w-xl text-lg text-text-muted">
        Create a free account to submit a brief, follow every step of your project, talk to your project
        manager and book an online meet whenever you need one.
      </p>
      <PillLinks
        links={[
          { to: "/signup", label: "Create an account" },
          { to: "/login?redirectTo=%2Fprofile", label: "Sign in" },
        ]}
      />
    </section>
  );
}

export default function ProfileLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-5 py-10 lg:grid-cols-[13rem_1fr] lg:px-8">
      <TabNav label="Profile" tabs={PROFILE_LINKS} bleed={false} />
      <div className="min-w-0">{loaderData.signedIn ? <Outlet /> : <Invitation />}</div>
    </div>
  );
}
