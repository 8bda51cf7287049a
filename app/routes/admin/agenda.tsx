import { Link } from "react-router";
import {
  AGENCY_TIME_ZONE,
  formatMeetingTime,
  MEETING_MESSAGES,
  MEETING_SOURCES,
  isMeetingSource,
} from "~models/calendar/meetings";
import { listAgenda, listWaitingOnlineMeetRequests } from "~models/calendar/meetings.server";
import { PagedTable } from "~/components/admin/paged-table";
import { cell, PageHeader } from "~/components/admin/ui";
import { listQuery } from "~/lib/admin-list.server";
import { adminMeta } from "~/lib/admin-meta";
import { formatDateTime } from "~/lib/format";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/agenda";

// /admin/agenda : confirmed meetings, upcoming first (then past ones, latest
// first), and the "Schedule Online Meet" requests nobody has confirmed yet.

export const meta: Route.MetaFunction = () => adminMeta("Agenda");

export async function loader({ request, context }: Route.LoaderArgs) {
  await staffOf({ request, context });
  const query = listQuery(request);
  const [{ rows, page }, waiting] = await Promise.all([
    listAgenda(query.page),
    listWaitingOnlineMeetRequests(),
  ]);
  return { meetings: rows, page, waiting, now: Date.now() };
}

export default function Agenda({ loaderData }: Route.ComponentProps) {
  const { meetings, page, waiting, now } = loaderData;
  return (
    <>
      <PageHeader
        title="Agenda"
        description="Confirmed office visits, investor meetings and online meetings, upcoming first. Confirm one from its request in the inbox or below."
      />
      {waiting.length ? (
        <section aria-labelledby="waiting" className="flex flex-col gap-3">
          <h2 id="waiting" className="font-display text-lg font-semibold">
            Online meetings to schedule
          </h2>
          <ul className="flex flex-col gap-2" data-testid="waiting-requests">
            {waiting.map((request) => (
              <li key={request.id} className="rounded-xl border border-border bg-surface px-4 py-3 text-sm">
                <Link
                  to={`/admin/meetings/online_meet/${request.id}`}
                  className="font-semibold underline-offset-4 hover:underline"
                >
                  {request.client} · “{request.projectTitle}”
                </Link>{" "}
                <span className="text-text-muted">
                  asked {formatDateTime(request.createdAt)}
                  {request.preferredTime
                    ? `, prefers ${formatMeetingTime(new Date(request.preferredTime), AGENCY_TIME_ZONE)}`
                    : ""}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <PagedTable
        rows={meetings}
        caption="Confirmed meetings"
        columns={["When", "What", "With", "Where"]}
        empty={MEETING_MESSAGES.emptyAgenda}
        page={page}
        noun={["meeting", "meetings"]}
      >
        {(meeting) => {
          const past = new Date(meeting.startsAt).getTime() + meeting.durationMinutes * 60_000 < now;
          const kind = isMeetingSource(meeting.sourceType) ? MEETING_SOURCES[meeting.sourceType].label : "";
          return (
            <tr key={meeting.id} data-testid="agenda-row" className={past ? "text-text-muted" : undefined}>
              <td className={cell}>
                {formatMeetingTime(new Date(meeting.startsAt), meeting.timeZone)}
                <span className="block text-xs text-text-muted">
                  {meeting.durationMinutes} minutes{past ? " · past" : ""}
                </span>
              </td>
              <td className={cell}>
                <Link
                  to={`/admin/meetings/${meeting.sourceType}/${meeting.sourceId}`}
                  className="font-semibold break-words underline-offset-4 hover:underline"
                >
                  {meeting.title}
                </Link>
                <span className="block text-xs text-text-muted">{kind}</span>
              </td>
              <td className={`${cell} break-all`}>
                {meeting.attendeeName}
                <span className="block text-xs text-text-muted">{meeting.attendeeEmail}</span>
              </td>
              <td className={`${cell} break-words`}>{meeting.location || meeting.meetingUrl}</td>
            </tr>
          );
        }}
      </PagedTable>
    </>
  );
}
