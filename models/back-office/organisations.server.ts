import { sql, type SQL } from "drizzle-orm";
import type { OrganisationRole } from "../identity/roles";
import { db, queryRows } from "../platform/db.server";
import { containsPattern, paginate, type Page } from "../platform/pagination";

// Client organisations as staff see them (issue #40): each with the account
// row that holds its data and its members with their roles.

export type StaffOrganisationMember = { id: string; username: string; email: string; role: OrganisationRole };
export type StaffOrganisation = {
  id: string;
  name: string;
  /** The users row holding its data: a client's own (a staff client page), or an organisation's row. */
  accountId: string;
  accountIsPerson: boolean;
  createdAt: Date;
  members: StaffOrganisationMember[];
};

/** One organisation as a JSON object (its members owners first), for a statement keyed by `o`. */
const organisationJson = sql`json_build_object('id', o.id, 'name', o.name, 'accountId', o.account_id,
  'accountIsPerson', (select a.role <> 'organisation' from users a where a.id = o.account_id),
  'createdAt', o.created_at,
  'members', coalesce((select json_agg(json_build_object('id', u.id, 'username', u.username, 'email', u.email,
      'role', m.role) order by m.role = 'owner' desc, m.created_at, u.username)
    from organisation_members m join users u on u.id = m.user_id where m.organisation_id = o.id), '[]'::json))`;

type OrganisationJson = Omit<StaffOrganisation, "createdAt"> & { createdAt: string };
const fromJson = (row: OrganisationJson): StaffOrganisation => ({
  ...row,
  createdAt: new Date(row.createdAt),
});

/**
 * The organisations a client belongs to or whose data their row holds, as a
 * column of the staff client page's statement (`userId`: the client's id).
 */
export const clientOrganisationsSql = (userId: SQL | string) =>
  sql<OrganisationJson[] | null>`(select json_agg(${organisationJson} order by o.created_at, o.id)
    from organisations o where o.account_id = ${userId}
      or exists (select 1 from organisation_members mm where mm.organisation_id = o.id and mm.user_id = ${userId}))`;

export const readClientOrganisations = (value: OrganisationJson[] | null | string): StaffOrganisation[] =>
  (typeof value === "string" ? (JSON.parse(value) as OrganisationJson[]) : (value ?? [])).map(fromJson);

/** A page of organisations, newest first, filtered by the organisation's name or a member's username or email. */
export async function listOrganisations(options: {
  q?: string;
  page?: number;
}): Promise<{ rows: StaffOrganisation[]; page: Page }> {
  const q = options.q?.trim() ?? "";
  const where = q
    ? sql`where o.name ilike ${containsPattern(q)} or exists (select 1 from organisation_members fm
        join users fu on fu.id = fm.user_id where fm.organisation_id = o.id
        and (fu.username ilike ${containsPattern(q)} or fu.email ilike ${containsPattern(q)}))`
    : sql``;
  const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(
    sql`select count(*)::int as total from organisations o ${where}`,
    db(),
  );
  const page = paginate(total, options.page ?? 1);
  const rows = await queryRows<{ organisation: OrganisationJson }>(
    sql`select ${organisationJson} as organisation from organisations o ${where}
      order by o.created_at desc, o.id desc limit ${page.limit} offset ${page.offset}`,
  );
  return { rows: rows.map((row) => fromJson(row.organisation)), page };
}
