// Quality gate: no GET changes state. Every route with a loader (discovered
// from app/routes.ts) is called with GET as a visitor and as a signed-in
// client, and the database must read the same afterwards. Tables that only
// hold bookkeeping a read may legitimately touch are listed, with why.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~models/platform/db.server";
import { createProject } from "~models/views/create-project.server";
import { runSeed } from "~models/views/seed.server";
import { discoverRoutes, fillPattern, paramsOf } from "../harness/routes";
import { call, getRequest } from "./helpers";
import { signedInClient, type Client } from "./project-helpers";

/** Bookkeeping, not state a visitor changes: each entry says what a GET may write there. */
const BOOKKEEPING = new Map([
  ["rate_limits", "counts requests per address, on reads too"],
  ["sessions", "a signed-in request refreshes its session's last use"],
  ["blog_post_views", "a post's page counts one view per visitor and day (decision 0010)"],
  ["blog_posts", "the counted-views total of that post"],
  ["chat_conversations", "old conversations are swept when a chat page is read"],
  ["__drizzle_migrations", "migrations"],
]);

let tables: string[] | undefined;

/** Every table's row count and digest, in one statement (one round trip rather than one per table). */
async function fingerprint(): Promise<Record<string, string>> {
  tables ??= (
    await queryRows<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  )
    .map((row) => row.table_name)
    .filter((table) => !BOOKKEEPING.has(table));
  const rows = await queryRows<{ name: string; digest: string | null; n: number }>(
    sql.join(
      tables.map(
        (table) =>
          sql`select ${table}::text as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest, count(*)::int as n from ${sql.identifier(table)} t`,
      ),
      sql` union all `,
    ),
  );
  return Object.fromEntries(rows.map((row) => [row.name, `${row.n}:${row.digest}`]));
}

const NOBODYS_ID = "00000000-0000-4000-8000-000000000000";
let owner: Client;
let projectId: string;

beforeAll(async () => {
  await runSeed();
  owner = await signedInClient();
  const created = await createProject(
    owner,
    {
      title: "Read-only probe",
      description: "A project to read",
      category: "strategy",
      budget: "under_1k",
      timeline: "flexible",
      use_tokens: false,
    } as never,
    { siteUrl: "http://127.0.0.1:3000" },
  );
  projectId = (created as { ok: true; project: { id: string } }).project?.id ?? NOBODYS_ID;
});

const routes = discoverRoutes().filter((r) => r.loader);

it("the gate itself: a write between two fingerprints shows", async () => {
  expect(projectId).not.toBe(NOBODYS_ID);
  const before = await fingerprint();
  await queryRows(sql`update projects set title = title || '!' where id = ${projectId}`);
  expect(await fingerprint()).not.toEqual(before);
});

describe("GET never changes state", () => {
  /** The database as the previous call left it; unset after a call that threw or answered 5xx, so the next reads it afresh. */
  let last: Record<string, string> | undefined;

  it.each(routes.map((r) => [r.pattern, r] as const))("%s", async (_pattern, route) => {
    const module = (await import(`../../app/${route.file}`)) as { loader: (args: never) => unknown };
    const values: Record<string, string> = {
      id: projectId,
      form: "office-visit",
      token: "not-a-real-token",
      kind: "confirm",
    };
    for (const param of paramsOf(route.pattern)) if (!param.optional) values[param.name] ??= NOBODYS_ID;
    const url = fillPattern(route.pattern, values)!;
    const params = Object.fromEntries(
      paramsOf(route.pattern)
        .filter((p) => values[p.name] && !p.optional)
        .map((p) => [p.name, values[p.name]!]),
    );

    for (const cookie of [undefined, owner.cookie]) {
      // The last call's "after" is this one's "before": nothing else writes between two calls.
      const before = last ?? (await fingerprint());
      last = undefined;
      const outcome = await call(module.loader, getRequest(url, { cookie }), params).catch(
        (error: unknown) => ({ status: 500, error }),
      );
      expect(outcome.status, `GET ${url}`).toBeLessThan(500);
      last = await fingerprint();
      expect(last, `GET ${url} ${cookie ? "signed in" : "anonymous"} changed the database`).toEqual(before);
    }
  });
});
