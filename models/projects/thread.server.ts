import { sql } from "drizzle-orm";
import { queryRows } from "../platform/db.server";
import { formatFileSize } from "../platform/uploads";
import { PAUSE_LABELS_FOR_CLIENT, type PauseReason } from "../delivery/clock";
import { describeWhere } from "./proofing";
import { type ProjectStatus } from "./projects";
import { describeStatus } from "./status-vocabulary";

// The project's thread (decision 0057): the brief, then one timeline of
// everything that happened on the project, oldest first, each entry with who
// and when. Read in one statement (a union over the tables that record it),
// the latest `limit` entries with the total, so the page links to older ones.

type ThreadKind =
  "status" | "message" | "file" | "version" | "round" | "pin" | "pin_resolved" | "pause" | "resume";

export type ThreadEntry = {
  key: string;
  kind: ThreadKind;
  at: Date;
  /** "client" when the project's owner did it, "studio" for staff, "system" for the clock. */
  side: "client" | "studio" | "system";
  who: string;
  /** What kind of entry, in words (worded here so the page's JavaScript does not carry them). */
  kindLabel: string;
  title: string;
  body: string;
  link: string | null;
};

const KIND_LABELS: Record<ThreadKind, string> = {
  status: "Status change",
  message: "Message",
  file: "File",
  version: "Proof version",
  round: "Revision round",
  pin: "Pin",
  pin_resolved: "Pin resolved",
  pause: "Delivery clock",
  resume: "Delivery clock",
};

type Row = {
  kind: ThreadKind;
  id: string;
  at: string | Date;
  actor_id: string | null;
  actor_role: string | null;
  actor_first: string | null;
  actor_last: string | null;
  actor_username: string | null;
  d: Record<string, unknown>;
  total: number;
  started: boolean;
};

/** A client person's name as the thread shows it: first and last name, else the username. */
const clientName = (row: Row) =>
  `${row.actor_first ?? ""} ${row.actor_last ?? ""}`.trim() || row.actor_username || "Client";

/**
 * Who did it, as the reader reads it. On the client's side, several members of
 * the organisation may write (decision 0079): the reader's own entries are
 * "You", another member's carry their name; staff read "Client" for the
 * organisation's own account and the member's name for anyone else.
 */
function whoOf(
  row: Row,
  ownerId: string,
  viewer: "client" | "staff",
  personId: string | undefined,
): Pick<ThreadEntry, "side" | "who"> {
  const mine = viewer === "client" && row.actor_id !== null && row.actor_id === (personId ?? ownerId);
  if (mine) return { side: "client", who: "You" };
  if (row.actor_id && row.actor_id === ownerId)
    return { side: "client", who: viewer === "client" ? clientName(row) : "Client" };
  if (row.actor_id && row.actor_role === "client")
    return { side: "client", who: viewer === "client" ? clientName(row) : `${clientName(row)}, Client` };
  if (row.actor_role === "staff")
    return {
      side: "studio",
      who: row.actor_first ? `${row.actor_first}, Project Manager` : "Project Manager",
    };
  if (row.kind === "pause" || row.kind === "resume") return { side: "system", who: "Delivery clock" };
  return { side: "studio", who: "The studio" };
}

const str = (v: unknown) => (typeof v === "string" ? v : v == null ? "" : String(v));
const num = (v: unknown) => Number(v ?? 0);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function words(row: Row, projectId: string): Pick<ThreadEntry, "title" | "body" | "link"> {
  const d = row.d;
  switch (row.kind) {
    case "status": {
      const to = describeStatus(d.to as ProjectStatus, num(d.step));
      return {
        title: `Status: ${to.label}`,
        body: str(d.note) ? str(d.note) : `${to.meaning} ${to.whoseMoveLabel}.`,
        link: null,
      };
    }
    case "message":
      return { title: "Message", body: str(d.body), link: null };
    case "file":
      return {
        title: `File added: ${str(d.name)}`,
        body: formatFileSize(num(d.size)),
        link: `/project/${projectId}/files/${row.id}`,
      };
    case "version":
      return {
        title: `Version ${num(d.version)} delivered`,
        body: `${str(d.name)} (${formatFileSize(num(d.size))})`,
        link: `/project/${projectId}/proof/${row.id}`,
      };
    case "round": {
      const cost = num(d.cost);
      const paid = cost > 0 ? `Paid ${plural(cost, "token")} (${str(d.tier)} tier).` : "No charge.";
      return {
        title: `Revision round ${num(d.number)} on version ${num(d.version)}`,
        body: `${plural(num(d.pins), "pin")} sent. ${paid}${str(d.reason) ? ` “${str(d.reason)}”` : ""}`,
        link: null,
      };
    }
    case "pin":
      return {
        title: `Pin on version ${num(d.version)} (${describeWhere({
          page: num(d.page),
          x: d.x as number | null,
          y: d.y as number | null,
          location: str(d.location),
          kind: d.kind === "pdf" ? "pdf" : "image",
        })})`,
        body: str(d.body),
        link: `/project/${projectId}/proof/${str(d.deliverable)}`,
      };
    case "pin_resolved":
      return {
        title: `Pin resolved in version ${num(d.version)}`,
        body: str(d.body),
        link: null,
      };
    case "pause":
      return {
        title: `Clock paused: ${PAUSE_LABELS_FOR_CLIENT[d.reason as PauseReason] ?? str(d.reason)}`,
        body: str(d.note),
        link: null,
      };
    case "resume":
      return { title: "Clock running again", body: "", link: null };
  }
}

/**
 * The latest `limit` entries of a project's thread, oldest of them first, and
 * how many there are in all; one statement. The caller has checked the viewer
 * may see the project.
 */
export async function readThread(
  project: { id: string; userId: string },
  limit: number,
  viewer: "client" | "staff" = "client",
  /** The person reading (a member of the organisation): their own entries are "You". */
  personId?: string,
): Promise<{ entries: ThreadEntry[]; total: number; workEverStarted: boolean }> {
  const id = project.id;
  const rows = await queryRows<Row>(sql`
    with events as (
      select 'status' as kind, h.id::text as id, h.created_at as at, h.changed_by as actor_id,
             json_build_object('to', h.to_status, 'step', h.step, 'note', h.reason) as d
        from project_status_history h where h.project_id = ${id}
      union all
      select 'message', c.id::text, c.created_at, c.author_id, json_build_object('body', c.body)
        from project_comments c where c.project_id = ${id}
      union all
      select 'file', f.id::text, f.created_at, f.uploaded_by, json_build_object('name', f.name, 'size', f.size)
        from project_files f where f.project_id = ${id}
      union all
      select 'version', v.id::text, v.created_at, v.uploaded_by,
             json_build_object('version', v.version, 'name', v.name, 'size', v.size)
        from proof_deliverables v where v.project_id = ${id}
      union all
      select 'round', r.id::text, r.created_at, r.requested_by,
             json_build_object('number', r.number, 'version', r.version, 'cost', r.cost, 'tier', r.tier,
               'reason', r.reason, 'pins', (select count(*) from proof_pins p where p.round_id = r.id))
        from proof_rounds r where r.project_id = ${id}
      union all
      select 'pin', p.id::text, p.created_at, p.author_id,
             json_build_object('version', v.version, 'deliverable', v.id, 'kind', v.kind, 'page', p.page, 'x', p.x, 'y', p.y,
               'location', p.location, 'body', p.body)
        from proof_pins p join proof_deliverables v on v.id = p.deliverable_id
       where p.project_id = ${id} and p.round_id is not null
      union all
      select 'pin_resolved', p.id::text || ':r', p.resolved_at, p.resolved_by,
             json_build_object('version', p.resolved_in_version, 'body', p.body)
        from proof_pins p where p.project_id = ${id} and p.resolved_at is not null
      union all
      select 'pause', dp.id::text, dp.started_at, dp.started_by,
             json_build_object('reason', dp.reason, 'note', dp.note)
        from delivery_pauses dp where dp.project_id = ${id}
      union all
      select 'resume', dp.id::text || ':e', dp.ended_at, null, json_build_object()
        from delivery_pauses dp where dp.project_id = ${id} and dp.ended_at is not null
    )
    select e.kind, e.id, e.at, e.actor_id, u.role as actor_role, u.first_name as actor_first,
           u.last_name as actor_last, u.username as actor_username, e.d,
           (count(*) over ())::int as total,
           exists(select 1 from project_status_history s
                   where s.project_id = ${id} and s.to_status = 'in_progress') as started
      from events e left join users u on u.id = e.actor_id
     -- To the millisecond, as the clock's JavaScript times are: a status change and the pause
     -- stamped with its time then tie, and the kind puts the change first.
     order by date_trunc('milliseconds', e.at) desc, e.kind, e.id
     limit ${limit}`);
  const total = rows[0]?.total ?? 0;
  const workEverStarted = Boolean(rows[0]?.started);
  const entries = rows.reverse().map((row): ThreadEntry => ({
    key: `${row.kind}:${row.id}`,
    kind: row.kind,
    kindLabel: KIND_LABELS[row.kind],
    at: new Date(row.at),
    ...whoOf(row, project.userId, viewer, personId),
    ...words(row, id),
  }));
  return { entries, total, workEverStarted };
}
