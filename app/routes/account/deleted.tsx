import { Link } from "react-router";
import type { Route } from "./+types/deleted";

export const meta: Route.MetaFunction = () => [
  { title: "Account deleted — Ascendra" },
  { name: "robots", content: "noindex" },
];

/** Where deleting an account ends: signed out, with what happened to the data. */
export default function AccountDeleted() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-6 px-5 py-20" role="status">
      <h1 className="font-display text-3xl font-semibold">Your account has been deleted</h1>
      <p className="text-text-muted">
        Your personal details are erased and you are signed out everywhere. We keep financial records as the
        law requires, and the projects we worked on together, without your name. Thank you for working with
        us.
      </p>
      <Link to="/" className="rounded-full bg-text px-6 py-3.5 text-sm font-semibold text-canvas">
        Back to home
      </Link>
    </div>
  );
}
