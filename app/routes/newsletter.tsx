import { data, Link } from "react-router";
import { NewsletterForm } from "~/components/newsletter-form";
import { handleNewsletter } from "~/lib/newsletter.server";
import { requireForm } from "~/lib/body/form.server";
import type { Route } from "./+types/newsletter";

export const meta: Route.MetaFunction = () => [
  { title: "Newsletter — Ascendra" },
  { name: "robots", content: "noindex" },
];

export async function action({ request }: Route.ActionArgs) {
  const reply = await handleNewsletter(request, Object.fromEntries(await requireForm(request)));
  const { status, ...body } = reply;
  return data(body, { status: status === 201 ? 200 : status });
}

/** Without JavaScript the footer's form lands here and shows the answer. */
export default function Newsletter({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-5 py-20">
      <h1 className="font-display text-3xl font-semibold">Newsletter</h1>
      <p className="text-text-muted">New work, ideas and studio news, once a month. No noise.</p>
      {/* The form shows and announces the answer, once, next to the field it is about. */}
      <NewsletterForm idPrefix="newsletter-page" reply={actionData} />
      <Link to="/" className="text-sm underline underline-offset-4">
        Back to home
      </Link>
    </div>
  );
}
