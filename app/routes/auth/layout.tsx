import { Link, Outlet } from "react-router";
import { CloseIcon } from "~/components/icons";

/** Sign-in pages: the form in a card beside a brand panel, with a close link to /. */
export default function AuthLayout() {
  return (
    <div className="mx-auto max-w-6xl px-5 py-10 lg:px-8 lg:py-16">
      <div className="grid overflow-hidden rounded-3xl border border-border lg:grid-cols-[1fr_1.1fr]">
        <aside
          className="relative hidden flex-col justify-between gap-10 bg-surface p-12 lg:flex"
          aria-hidden="true"
        >
          <svg viewBox="0 0 400 400" width="400" height="400" className="h-auto w-full max-w-sm self-center">
            <circle cx="200" cy="200" r="150" fill="none" stroke="var(--color-border)" />
            <circle cx="200" cy="200" r="100" fill="none" stroke="var(--color-border)" />
            <path d="M110 300 200 110l90 190h-48l-42-90-42 90z" fill="var(--color-text)" />
            <circle cx="300" cy="120" r="22" fill="var(--color-yellow)" />
            <rect
              x="70"
              y="90"
              width="44"
              height="44"
              rx="12"
              fill="var(--color-purple)"
              transform="rotate(14 92 112)"
            />
          </svg>
          <p className="font-display text-2xl leading-snug font-semibold">
            Your projects, tokens and team, in one place.
          </p>
        </aside>
        <div className="relative px-6 py-14 sm:px-12">
          <Link
            to="/"
            aria-label="Close"
            className="absolute top-5 right-5 grid size-10 place-items-center rounded-full border border-border text-text hover:border-text-muted"
          >
            <CloseIcon />
          </Link>
          <div className="mx-auto w-full max-w-md">
            <Outlet />
          </div>
        </div>
      </div>
    </div>
  );
}
