import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { deleteFaq, getFaq, updateFaq } from "~models/chat/faqs.server";
import { ChatFaqSchema, FAQ_MESSAGES } from "~models/chat/gaps";
import { FaqForm } from "~/components/admin/faq-form";
import { ActionMessage, PageHeader } from "~/components/admin/ui";
import { adminMeta } from "~/lib/admin-meta";
import { notFoundResponse } from "~/lib/auth.server";
import { formIntent } from "~/lib/form-intent";
import { requireForm } from "~/lib/body/form.server";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/chat-faq";

// One FAQ entry of the chat assistant: edit its wording or link, or delete it.

export const meta: Route.MetaFunction = () => adminMeta("Chat FAQ entry");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await staffOf({ request, context });
  const faq = await getFaq(params.id);
  if (!faq) throw notFoundResponse();
  const answered = Number(new URL(request.url).searchParams.get("answered"));
  return { faq, answered: Number.isInteger(answered) && answered > 0 ? answered : null };
}

type ActionData = { message?: string; tone?: "success" | "error"; result?: SubmissionResult<string[]> };

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await staffOf({ request, context });
  const formData = await requireForm(request);
  const intent = formIntent(formData, ["save", "delete"] as const);
  if (!intent) return data<ActionData>({ message: "Unknown action.", tone: "error" }, { status: 400 });
  if (intent === "delete") {
    if (!(await deleteFaq(params.id, actor))) throw notFoundResponse();
    return redirect("/admin/chat-faqs");
  }
  const submission = parseWithZod(formData, { schema: ChatFaqSchema });
  if (submission.status !== "success")
    return data<ActionData>({ result: submission.reply() }, { status: 400 });
  if (!(await updateFaq(params.id, submission.value, actor))) throw notFoundResponse();
  return data<ActionData>({ result: submission.reply(), message: FAQ_MESSAGES.saved, tone: "success" });
}

export default function ChatFaq({ loaderData, actionData }: Route.ComponentProps) {
  const { faq, answered } = loaderData;
  const message = actionData?.message ?? (answered ? FAQ_MESSAGES.answered(answered) : undefined);
  return (
    <>
      <PageHeader
        title="Chat FAQ entry"
        description={
          <Link to="/admin/chat-faqs" className="underline underline-offset-4">
            All entries
          </Link>
        }
      />
      <ActionMessage message={message} tone={actionData?.tone ?? "success"} />
      <FaqForm
        id="edit-faq"
        intent="save"
        submitLabel="Save changes"
        defaultValue={{ question: faq.question, answer: faq.answer, link: faq.link ?? undefined }}
        lastResult={actionData?.result}
      />
      <details className="rounded-2xl border border-border p-5">
        <summary className="cursor-pointer text-sm font-semibold text-red">Delete this entry</summary>
        <Form method="post" className="mt-3 flex flex-col gap-2">
          <p className="text-sm text-text-muted">
            The assistant stops using it, and the questions it answered go back to the open gaps.
          </p>
          <button
            type="submit"
            name="intent"
            value="delete"
            className="self-start rounded-full bg-red px-4 py-2 text-sm font-semibold text-red-ink"
          >
            Yes, delete it
          </button>
        </Form>
      </details>
    </>
  );
}
