import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { answerGapGroup, getGapGroup } from "~models/chat/gap-queue.server";
import { ChatFaqSchema, FAQ_MESSAGES } from "~models/chat/gaps";
import { FaqForm } from "~/components/admin/faq-form";
import { ActionMessage, Badge, PageHeader } from "~/components/admin/ui";
import { adminMeta } from "~/lib/admin-meta";
import { notFoundResponse } from "~/lib/auth.server";
import { formatDateTime } from "~/lib/format";
import { formIntent } from "~/lib/form-intent";
import { requireForm } from "~/lib/body/form.server";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/chat-gap";

// One group of the gap queue (/admin/chat-gaps/<group key>): its wordings and
// staff's answer, which becomes an FAQ entry the assistant answers from.

export const meta: Route.MetaFunction = () => adminMeta("Answer a chat gap");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await staffOf({ request, context });
  const group = await getGapGroup(params.key);
  if (!group) throw notFoundResponse();
  return { group };
}

type ActionData = { message?: string; tone?: "success" | "error"; result?: SubmissionResult<string[]> };

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await staffOf({ request, context });
  const formData = await requireForm(request);
  if (!formIntent(formData, ["answer"] as const))
    return data<ActionData>({ message: "Unknown action.", tone: "error" }, { status: 400 });
  const submission = parseWithZod(formData, { schema: ChatFaqSchema });
  if (submission.status !== "success")
    return data<ActionData>({ result: submission.reply() }, { status: 400 });
  const answered = await answerGapGroup(params.key, submission.value, actor);
  if (!answered.ok)
    return data<ActionData>(
      { result: submission.reply(), message: FAQ_MESSAGES.alreadyAnswered, tone: "error" },
      { status: 409 },
    );
  return redirect(`/admin/chat-faqs/${answered.faqId}?answered=${answered.answered}`);
}

export default function ChatGap({ loaderData, actionData }: Route.ComponentProps) {
  const { group } = loaderData;
  return (
    <>
      <PageHeader
        title={group.open ? "Answer a chat gap" : "An answered chat gap"}
        description={
          <>
            Asked {group.asked} time{group.asked === 1 ? "" : "s"}, last on {formatDateTime(group.lastAsked)}.{" "}
            <Link to="/admin/chat-gaps" className="underline underline-offset-4">
              Back to the gaps
            </Link>
          </>
        }
      />
      <section aria-labelledby="wordings" className="flex flex-col gap-3">
        <h2 id="wordings" className="font-display text-lg font-semibold">
          How visitors asked it
        </h2>
        <div className="flex flex-wrap gap-2">
          {group.unknown ? <Badge tone="warning">{group.unknown} answered “I don't know”</Badge> : null}
          {group.unhelpful ? <Badge tone="danger">{group.unhelpful} rated not helpful</Badge> : null}
        </div>
        <ul className="flex list-disc flex-col gap-1 pl-5" data-testid="gap-examples">
          {group.examples.map((example) => (
            <li key={example} className="break-words">
              {example}
            </li>
          ))}
        </ul>
        <p className="text-sm text-text-muted">Topic words: {group.key}</p>
      </section>
      {group.open ? (
        <section aria-labelledby="answer" className="flex flex-col gap-3">
          <h2 id="answer" className="font-display text-lg font-semibold">
            Your answer
          </h2>
          <ActionMessage message={actionData?.message} tone={actionData?.tone} />
          <FaqForm
            id="answer-gap"
            intent="answer"
            submitLabel="Save the answer"
            defaultValue={{ question: group.examples[0] }}
            lastResult={actionData?.result}
          />
        </section>
      ) : group.faqId ? (
        <p>
          Answered by{" "}
          <Link to={`/admin/chat-faqs/${group.faqId}`} className="font-semibold underline underline-offset-4">
            {group.faqQuestion}
          </Link>
          .
        </p>
      ) : null}
    </>
  );
}
