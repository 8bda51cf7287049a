import { formatMeetingTime, MEETING_MESSAGES } from "~models/calendar/meetings";
import { listClientMeetings } from "~models/calendar/meetings.server";
import { pageNumber } from "~models/platform/pagination";
import { EmailConfirmationNotice } from "~/components/account/email-confirmation-notice";
import { Pager } from "~/components/pager";
import { memberOf } from "~/lib/membership.server";
import type { Route } from "./+types/meetings";

// The dashboard's Meetings tab: the visits and calls we confirmed with the
// client, upcoming first, each with its calendar file (docs/decisions/0050).

export const meta: Route.MetaFunction = () => [{ title: "Meetings — Ascendra" }];

/** Meetings per page. */
const PAGE_SIZE = 20;

export async function loader({ request }: Route.LoaderArgs) {
  const member = await memberOf(request);
  const requested = pageNumber(new URL(request.url).searchParams.get("page"));
  const { rows, page } = await listClientMeetings(member.accountId, requested, PAGE_SIZE);
  return {
    meetings: rows.map(({ attendeeEmail: _email, sourceId: _source, ...meeting }) => meeting),
    page: { page: page.page, pageCount: page.pageCount, total: page.total },
    now: Date.now(),
    // Meetings booked with the address appear once it is confirmed (decision 0053).
    emailToConfirm: member.person.emailVerified ? null : member.person.email,
  };
}

export default function MeetingsTab({ loaderData }: Route.ComponentProps) {
  const { meetings, page, now, emailToConfirm } = loaderData;
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-semibold">Meetings</h1>
        <p className="text-text-muted">
          Visits and calls we confirmed with you. Add one to your calendar with its invite file.
        </p>
      </header>
      {emailToConfirm ? <EmailConfirmationNotice email={emailToConfirm} /> : null}
      {meetings.length ? (
        <ul className="flex flex-col gap-4">
          {meetings.map((meeting) => {
            const cancelled = meeting.status === "cancelled";
            const past = new Date(meeting.startsAt).getTime() + meeting.durationMinutes * 60_000 < now;
            return (
              <li
                key={meeting.id}
                className="flex flex-wrap items-center gap-5 rounded-2xl border border-border bg-surface p-4"
                data-testid="meeting"
              >
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <p className="font-display text-lg font-semibold">
                    {meeting.title}
                    {cancelled ? <span className="ml-2 text-sm text-red">Cancelled</span> : null}
                    {!cancelled && past ? <span className="ml-2 text-sm text-text-muted">Past</span> : null}
                  </p>
                  <p className="text-sm">
                    {formatMeetingTime(new Date(meeting.startsAt), meeting.timeZone)},{" "}
                    {meeting.durationMinutes} minutes
                  </p>
                  {meeting.location ? <p className="text-sm text-text-muted">{meeting.location}</p> : null}
                  {meeting.note ? (
                    <div className="mt-1 rounded-xl bg-canvas p-3 text-sm" data-testid="meeting-note">
                      <p className="font-semibold">{MEETING_MESSAGES.noteHeading}</p>
                      <p className="whitespace-pre-line wrap-anywhere text-text-muted">{meeting.note}</p>
                    </div>
                  ) : null}
                  {meeting.meetingUrl && !cancelled ? (
                    <a
                      href={meeting.meetingUrl}
                      className="text-sm font-semibold break-all underline underline-offset-4"
                      rel="noopener noreferrer"
                    >
                      Join: {meeting.meetingUrl}
                    </a>
                  ) : null}
                </div>
                <a
                  href={`/dashboard2/meetings/${meeting.id}/invite.ics`}
                  download
                  className="rounded-full bg-text px-5 py-3 text-sm font-semibold text-canvas"
                  aria-label={`${cancelled ? "Download the cancellation of" : "Add to calendar:"} ${meeting.title}`}
                >
                  {cancelled ? "Cancellation (.ics)" : "Add to calendar (.ics)"}
                </a>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="rounded-2xl border border-dashed border-border p-8 text-text-muted" role="status">
          {MEETING_MESSAGES.emptyClient}
        </p>
      )}
      <Pager page={page} noun={["meeting", "meetings"]} label="Meetings pages" />
    </div>
  );
}
