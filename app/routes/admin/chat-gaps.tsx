import { Link } from "react-router";
import { listGapGroups } from "~models/chat/gap-queue.server";
import { GAP_STATUSES, parseGapStatus } from "~models/chat/gaps";
import { RESOLUTION_WINDOW_DAYS } from "~models/chat/resolution";
import { chatResolutionRate } from "~models/chat/resolution.server";
import { PagedTable } from "~/components/admin/paged-table";
import { Badge, cell, FilterForm, PageHeader, SelectFilter } from "~/components/admin/ui";
import { listQuery } from "~/lib/admin-list.server";
import { adminMeta } from "~/lib/admin-meta";
import { formatDateTime } from "~/lib/format";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/chat-gaps";

// The chat assistant's gap queue (docs/decisions/0037): questions it could not
// answer, or whose answer a visitor rated down, grouped by topic words.

export const meta: Route.MetaFunction = () => adminMeta("Chat gaps");

export async function loader({ request, context }: Route.LoaderArgs) {
  await staffOf({ request, context });
  const query = listQuery(request);
  const status = parseGapStatus(query.params);
  const [{ groups, page }, resolution] = await Promise.all([
    listGapGroups(status, query.page),
    chatResolutionRate(),
  ]);
  return { status, groups, page, resolution };
}

const answerHref = (key: string) => `/admin/chat-gaps/${encodeURIComponent(key)}`;

export default function ChatGaps({ loaderData }: Route.ComponentProps) {
  const { status, groups, page, resolution } = loaderData;
  return (
    <>
      <PageHeader
        title="Chat gaps"
        description={
          "Questions the assistant answered with “I don't know”, or whose answer a visitor rated not helpful. " +
          "Answer a group and the assistant uses your answer within 10 seconds."
        }
      >
        <Link
          to="/admin/chat-faqs"
          className="rounded-full border border-border px-4 py-2 text-sm font-semibold"
        >
          FAQ entries
        </Link>
      </PageHeader>
      <p className="text-sm" data-testid="chat-resolution">
        <span className="font-semibold">
          Resolution rate:{" "}
          {resolution.rate === null ? "nothing to count yet" : `${Math.round(resolution.rate * 100)}%`}
        </span>{" "}
        ({resolution.resolved} of {resolution.counted} conversations of the last {RESOLUTION_WINDOW_DAYS}{" "}
        days: confirmed, or left without asking for a person within 24 hours of the last answer;{" "}
        {resolution.byResolution["handed-off"]} asked for a person, {resolution.byResolution["rated-down"]}{" "}
        rated the last answer down, {resolution.byResolution.unanswered} got no answer; {resolution.open}{" "}
        still open).
      </p>
      <FilterForm label="Filter the gaps">
        <SelectFilter name="status" label="Status" value={status} options={GAP_STATUSES} />
      </FilterForm>
      <PagedTable
        rows={groups}
        caption={status === "open" ? "Open questions, grouped" : "Answered questions, grouped"}
        columns={["Question", "Asked", "Why", "Last asked", ""]}
        empty={status === "open" ? "No open gaps: the assistant knew every answer." : "Nothing answered yet."}
        page={page}
        noun={["group", "groups"]}
      >
        {(group) => (
          <tr key={group.key} data-testid="gap-group">
            <td className={cell}>
              <ul className="flex flex-col gap-1">
                {group.examples.map((example) => (
                  <li key={example} className="break-words">
                    “{example}”
                  </li>
                ))}
              </ul>
              <p className="mt-1 text-xs text-text-muted">Topic words: {group.key}</p>
              {group.faqQuestion ? (
                <p className="mt-1 text-sm">
                  Answered by{" "}
                  <Link to={`/admin/chat-faqs/${group.faqId}`} className="underline underline-offset-4">
                    {group.faqQuestion}
                  </Link>
                </p>
              ) : null}
            </td>
            <td className={cell} data-testid="gap-count">
              {group.asked}
            </td>
            <td className={cell}>
              <div className="flex flex-wrap gap-1">
                {group.unknown ? <Badge tone="warning">{group.unknown} unknown</Badge> : null}
                {group.unhelpful ? <Badge tone="danger">{group.unhelpful} not helpful</Badge> : null}
              </div>
            </td>
            <td className={`${cell} whitespace-nowrap text-text-muted`}>{formatDateTime(group.lastAsked)}</td>
            <td className={cell}>
              {status === "open" ? (
                <Link to={answerHref(group.key)} className="font-semibold underline underline-offset-4">
                  Answer<span className="sr-only"> “{group.examples[0]}”</span>
                </Link>
              ) : null}
            </td>
          </tr>
        )}
      </PagedTable>
    </>
  );
}
