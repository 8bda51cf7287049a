import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { data, Form, Link } from "react-router";
import {
  AGENCY_TIME_ZONE,
  CancelMeetingSchema,
  DURATIONS,
  formatMeetingTime,
  MEETING_MESSAGES,
  MEETING_SOURCES,
  MeetingFieldsSchema,
  meetingFormSchema,
  TIME_ZONES,
  utcToZonedFields,
  type MeetingSource,
} from "~models/calendar/meetings";
import {
  cancelMeeting,
  confirmMeeting,
  getMeetingRequest,
  rescheduleMeeting,
  type MeetingOutcome,
} from "~models/calendar/meetings.server";
import { ActionMessage, Badge, PageHeader, smallButton } from "~/components/admin/ui";
import { Field, SelectField, SubmitButton, TextareaField } from "~/components/forms";
import { adminMeta } from "~/lib/admin-meta";
import { notFoundResponse } from "~/lib/auth.server";
import { formIntent } from "~/lib/form-intent";
import { requireForm } from "~/lib/body/form.server";
import { useZodForm } from "~/lib/use-zod-form";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/meeting";

// /admin/meetings/:source/:id : confirm a meeting for an office visit, an
// investor meeting or a "Schedule Online Meet" request; then move or cancel
// it. Each change emails the client an .ics (docs/decisions/0050).

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(data ? `Meeting: ${data.request.title}` : "Meeting");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await staffOf({ request, context });
  const found = await getMeetingRequest(params.source, params.id);
  if (!found) throw notFoundResponse();
  const { current } = found;
  const defaults = current
    ? {
        ...utcToZonedFields(current.startsAt, current.timeZone),
        duration: String(current.durationMinutes),
        time_zone: current.timeZone,
        location: current.location,
        meeting_url: current.meetingUrl,
        note: current.note,
      }
    : {
        ...found.proposed,
        duration: "30",
        time_zone: AGENCY_TIME_ZONE,
        location: "",
        meeting_url: "",
        note: "",
      };
  return { request: found, defaults };
}

const INTENTS = ["confirm", "reschedule", "cancel"] as const;

type ActionData = {
  message?: string;
  tone?: "success" | "error";
  result?: SubmissionResult<string[]>;
  cancelResult?: SubmissionResult<string[]>;
};

const FAILURES: Record<Exclude<MeetingOutcome, { ok: true }>["reason"], string> = {
  not_found: "",
  already_confirmed: MEETING_MESSAGES.alreadyConfirmed,
  not_confirmed: MEETING_MESSAGES.notConfirmed,
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await staffOf({ request, context });
  const found = await getMeetingRequest(params.source, params.id);
  if (!found) throw notFoundResponse();
  const formData = await requireForm(request);
  const intent = formIntent(formData, INTENTS);
  if (!intent) return data<ActionData>({ message: "Unknown action.", tone: "error" }, { status: 400 });

  if (intent === "cancel") {
    const parsed = parseWithZod(formData, { schema: CancelMeetingSchema });
    if (parsed.status !== "success")
      return data<ActionData>({ cancelResult: parsed.reply() }, { status: 400 });
    const outcome = await cancelMeeting(found.source, found.id, parsed.value.note, actor);
    if (!outcome.ok) {
      if (outcome.reason === "not_found") throw notFoundResponse();
      return data<ActionData>({ message: FAILURES[outcome.reason], tone: "error" }, { status: 409 });
    }
    return data<ActionData>({
      message: MEETING_MESSAGES.cancelled(outcome.meeting.attendeeEmail),
      tone: "success",
      cancelResult: parsed.reply({ resetForm: true }),
    });
  }

  const parsed = parseWithZod(formData, { schema: meetingFormSchema(found.source) });
  if (parsed.status !== "success") return data<ActionData>({ result: parsed.reply() }, { status: 400 });
  const outcome =
    intent === "confirm"
      ? await confirmMeeting(found.source, found.id, parsed.value, actor)
      : await rescheduleMeeting(found.source, found.id, parsed.value, actor);
  if (!outcome.ok) {
    if (outcome.reason === "not_found") throw notFoundResponse();
    return data<ActionData>({ message: FAILURES[outcome.reason], tone: "error" }, { status: 409 });
  }
  const to = outcome.meeting.attendeeEmail;
  return data<ActionData>({
    message:
      MEETING_MESSAGES[
        outcome.change === "updated" ? "updated" : intent === "confirm" ? "confirmed" : "rescheduled"
      ](to),
    tone: "success",
    result: parsed.reply({ resetForm: true }),
  });
}

function MeetingForm({
  source,
  intent,
  defaults,
  lastResult,
}: {
  source: MeetingSource;
  intent: "confirm" | "reschedule";
  defaults: Record<string, string>;
  lastResult?: SubmissionResult<string[]>;
}) {
  const schema = useMemo(() => meetingFormSchema(source), [source]);
  const [form, fields] = useZodForm(schema, {
    id: `meeting-${intent}`,
    lastResult,
    defaultValue: defaults,
    constraintFrom: MeetingFieldsSchema,
  });
  const place = MEETING_SOURCES[source].place;
  return (
    <Form
      method="post"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value={intent} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          labelProps={{ children: "Date" }}
          inputProps={getInputProps(fields.date, { type: "date" })}
          errors={fields.date.errors}
        />
        <Field
          labelProps={{ children: "Time" }}
          inputProps={getInputProps(fields.time, { type: "time" })}
          errors={fields.time.errors}
        />
        <SelectField
          labelProps={{ children: "Duration" }}
          selectProps={getSelectProps(fields.duration)}
          options={DURATIONS.map((minutes) => ({ value: String(minutes), label: `${minutes} minutes` }))}
          errors={fields.duration.errors}
        />
        <SelectField
          labelProps={{ children: "Time zone" }}
          selectProps={getSelectProps(fields.time_zone)}
          options={[
            ...TIME_ZONES.map((zone) => ({ value: zone, label: zone })),
            ...((TIME_ZONES as readonly string[]).includes(defaults.time_zone ?? "")
              ? []
              : [{ value: defaults.time_zone!, label: defaults.time_zone! }]),
          ]}
          errors={fields.time_zone.errors}
        />
      </div>
      {place !== "link" ? (
        <Field
          labelProps={{ children: place === "location" ? "Address" : "Address (for a meeting in person)" }}
          inputProps={getInputProps(fields.location, { type: "text" })}
          errors={fields.location.errors}
        />
      ) : null}
      {place !== "location" ? (
        <Field
          labelProps={{ children: place === "link" ? "Meeting link" : "Meeting link (for a call)" }}
          inputProps={{ ...getInputProps(fields.meeting_url, { type: "url" }), placeholder: "https://" }}
          errors={fields.meeting_url.errors}
        />
      ) : null}
      <TextareaField
        label="Note to the client (optional)"
        textareaProps={{ ...getTextareaProps(fields.note), rows: 3 }}
        errors={fields.note.errors}
      />
      <SubmitButton className="self-start" pendingLabel="Sending the invite…" intent={intent}>
        {intent === "confirm" ? "Confirm and send invite" : "Move and send update"}
      </SubmitButton>
    </Form>
  );
}

function CancelForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useZodForm(CancelMeetingSchema, { id: "meeting-cancel", lastResult });
  return (
    <Form
      method="post"
      className="flex flex-col gap-4 rounded-2xl border border-red/40 bg-surface p-5"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="cancel" />
      <TextareaField
        label="Why (optional, sent to the client)"
        textareaProps={{ ...getTextareaProps(fields.note), rows: 2 }}
        errors={fields.note.errors}
      />
      <button type="submit" name="intent" value="cancel" className={`${smallButton} self-start`}>
        Cancel the meeting
      </button>
    </Form>
  );
}

/** Back to what the meeting was asked from: the project of an online meeting request, or the form's submission. */
function backHref(request: { source: MeetingSource; id: string; projectId: string | null }): string {
  return request.projectId
    ? `/admin/projects/${request.projectId}`
    : `/admin/inbox/${request.source}/${request.id}`;
}

export default function MeetingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { request, defaults } = loaderData;
  const current = request.current;
  return (
    <>
      <Link
        to={backHref(request)}
        className="self-start text-sm font-semibold text-text-muted hover:text-text"
      >
        ← {request.source === "online_meet" ? "Project" : request.sourceLabel}
      </Link>
      <PageHeader
        title={request.title}
        description={
          <>
            {request.sourceLabel} from {request.attendee.name} ·{" "}
            {current ? <Badge tone="success">Confirmed</Badge> : <Badge tone="warning">Not confirmed</Badge>}{" "}
            · {request.userId ? "linked to their account" : "no account with this email"}
          </>
        }
      />
      <ActionMessage message={actionData?.message} tone={actionData?.tone} />
      <div className="grid gap-8 xl:grid-cols-[1fr_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          {current ? (
            <section aria-labelledby="current" className="flex flex-col gap-3">
              <h2 id="current" className="font-display text-lg font-semibold">
                Confirmed meeting
              </h2>
              <dl
                className="grid gap-x-6 gap-y-2 rounded-2xl border border-border bg-surface p-5 text-sm sm:grid-cols-[10rem_1fr]"
                data-testid="confirmed-meeting"
              >
                <dt className="text-text-muted">When</dt>
                <dd>
                  {formatMeetingTime(new Date(current.startsAt), current.timeZone)}, {current.durationMinutes}{" "}
                  minutes
                </dd>
                {current.location ? (
                  <>
                    <dt className="text-text-muted">Where</dt>
                    <dd className="break-words">{current.location}</dd>
                  </>
                ) : null}
                {current.meetingUrl ? (
                  <>
                    <dt className="text-text-muted">Link</dt>
                    <dd className="break-all">{current.meetingUrl}</dd>
                  </>
                ) : null}
                <dt className="text-text-muted">Invite</dt>
                <dd>
                  Sent to {current.attendeeEmail} · version {current.sequence + 1}
                </dd>
              </dl>
            </section>
          ) : null}
          <section aria-labelledby="schedule" className="flex flex-col gap-3">
            <h2 id="schedule" className="font-display text-lg font-semibold">
              {current ? "Move it" : "Confirm a time"}
            </h2>
            <MeetingForm
              key={current ? `${current.id}-${current.sequence}` : "new"}
              source={request.source}
              intent={current ? "reschedule" : "confirm"}
              defaults={defaults}
              lastResult={actionData?.result}
            />
          </section>
          {current ? (
            <section aria-labelledby="cancel" className="flex flex-col gap-3">
              <h2 id="cancel" className="font-display text-lg font-semibold">
                Cancel it
              </h2>
              <CancelForm lastResult={actionData?.cancelResult} />
            </section>
          ) : null}
        </div>
        <aside className="flex flex-col gap-3" aria-labelledby="request">
          <h2 id="request" className="font-display text-base font-semibold">
            What they asked for
          </h2>
          <dl className="flex flex-col gap-2 rounded-2xl border border-border bg-surface p-4 text-sm">
            {request.fields.map(([label, value]) => (
              <div key={label}>
                <dt className="text-text-muted">{label}</dt>
                <dd className="break-words whitespace-pre-wrap">{value || "—"}</dd>
              </div>
            ))}
          </dl>
          {request.past.length ? (
            <>
              <h2 className="font-display text-base font-semibold">Cancelled before</h2>
              <ul className="flex flex-col gap-1 text-sm text-text-muted">
                {request.past.map((m) => (
                  <li key={m.id}>{formatMeetingTime(new Date(m.startsAt), m.timeZone)}</li>
                ))}
              </ul>
            </>
          ) : null}
        </aside>
      </div>
    </>
  );
}
