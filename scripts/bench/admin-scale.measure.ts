// npm run bench:admin-scale: how the back-office's heaviest pages behave at ten
// times a busy client's history (the fixture of
// tests/integration/admin-scale-fixture.ts). Measurements to read, not
// assertions: the median load of each heavy page beside its light counterpart,
// and with ADMIN_SCALE_EXPLAIN the plans PostgreSQL chooses. Run on PostgreSQL
// with scripts/with-postgres.sh npm run bench:admin-scale.
import { describe, it } from "vitest";
import * as overview from "~/routes/admin/index";
import * as audit from "~/routes/admin/audit";
import * as chatGaps from "~/routes/admin/chat-gaps";
import * as client from "~/routes/admin/client";
import * as clients from "~/routes/admin/clients";
import * as inbox from "~/routes/admin/inbox";
import * as outbox from "~/routes/admin/outbox";
import * as payments from "~/routes/admin/payments";
import * as project from "~/routes/admin/project";
import * as projects from "~/routes/admin/projects";
import {
  bigProject,
  heavy,
  load,
  original,
  timings,
  withAdminScaleFixture,
  withParams,
  type Loader,
} from "../../tests/integration/admin-scale-fixture";
import { projectOf, signedInClient } from "../../tests/integration/project-helpers";

withAdminScaleFixture();

// ADMIN_SCALE_EXPLAIN=1 prints the plan of every statement behind the heavy pages
// (run it on PostgreSQL: scripts/with-postgres.sh), to check they use indexes;
// ADMIN_SCALE_EXPLAIN=analyze runs them and prints each one's execution time.
describe.runIf(process.env.ADMIN_SCALE_EXPLAIN)("plans", () => {
  it("prints each heavy page's statements with the scans PostgreSQL chooses", async () => {
    const raw = (
      original.db as unknown as {
        $client: { query: (q: string, p?: unknown[]) => Promise<{ rows: Array<Record<string, string>> }> };
      }
    ).$client;
    await raw.query("analyze");
    const pages: Array<[{ loader: Loader }, string, Record<string, string>]> = [
      [overview, "/admin", {}],
      [projects, "/admin/projects?status=all", {}],
      [projects, "/admin/projects?status=all&page=40", {}],
      [clients, "/admin/clients?page=10", {}],
      [client, `/admin/clients/${heavy.id}`, { id: heavy.id }],
      [client, `/admin/clients/${heavy.id}?ledger=400`, { id: heavy.id }],
      [project, `/admin/projects/${bigProject}`, { id: bigProject }],
      [inbox, "/admin/inbox", {}],
      [outbox, "/admin/outbox?page=50", {}],
      [audit, "/admin/audit?page=50", {}],
      [payments, "/admin/payments", {}],
      [chatGaps, "/admin/chat-gaps", {}],
    ];
    const out: string[] = [];
    for (const [page, url, params] of pages) {
      await load(page, url, params);
      out.push(`== ${url}`);
      for (const { query, params: values } of [...withParams]) {
        const analyze = process.env.ADMIN_SCALE_EXPLAIN === "analyze" ? "analyze " : "";
        const plan = await raw.query(`explain ${analyze}${query}`, values);
        const lines = plan.rows.map((row) => Object.values(row)[0]!);
        out.push(`  ${query.replace(/\s+/g, " ").slice(0, 140)}`);
        for (const line of lines)
          if (/Scan|Sort|Limit|Execution Time/.test(line)) out.push(`      ${line.trim()}`);
      }
    }
    console.log(out.join("\n"));
  }, 120_000);
});

// Prints the median load time (root, layout and page loaders, no
// render) of each heavy staff page beside its light counterpart. A measurement
// to read, not an assertion: the machine is shared and noisy.
describe("p50", () => {
  it("prints heavy against light", async () => {
    const light = await signedInClient();
    const lightProject = (await projectOf(light, { title: "A short one" })).id;
    const median = async (page: { loader: Loader }, url: string, params: Record<string, string>) => {
      for (let i = 0; i < 5; i++) await load(page, url, params);
      timings.length = 0;
      for (let i = 0; i < 31; i++) await load(page, url, params);
      const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)]!;
    };
    const pairs: Array<
      [
        string,
        [{ loader: Loader }, string, Record<string, string>],
        [{ loader: Loader }, string, Record<string, string>],
      ]
    > = [
      [
        "client page",
        [client, `/admin/clients/${heavy.id}`, { id: heavy.id }],
        [client, `/admin/clients/${light.id}`, { id: light.id }],
      ],
      [
        "client page, last ledger page",
        [client, `/admin/clients/${heavy.id}?ledger=800`, { id: heavy.id }],
        [client, `/admin/clients/${light.id}?ledger=800`, { id: light.id }],
      ],
      [
        "project page",
        [project, `/admin/projects/${bigProject}`, { id: bigProject }],
        [project, `/admin/projects/${lightProject}`, { id: lightProject }],
      ],
      [
        "pipeline, first page against a search with one hit",
        [projects, "/admin/projects?status=all", {}],
        [projects, "/admin/projects?status=all&q=A%20short%20one", {}],
      ],
      [
        "clients, first page against a search with one hit",
        [clients, "/admin/clients", {}],
        [clients, `/admin/clients?q=${encodeURIComponent(light.email)}`, {}],
      ],
    ];
    const lines: string[] = [];
    for (const [name, big, small] of pairs) {
      const heavyMs = await median(...big);
      const lightMs = await median(...small);
      lines.push(
        `${name.padEnd(52)} heavy ${heavyMs.toFixed(1)} ms · light ${lightMs.toFixed(1)} ms · ${(heavyMs / lightMs).toFixed(2)}×`,
      );
    }
    for (const [page, url] of [
      [overview, "/admin"],
      [inbox, "/admin/inbox"],
      [outbox, "/admin/outbox"],
      [audit, "/admin/audit"],
      [payments, "/admin/payments"],
      [chatGaps, "/admin/chat-gaps"],
    ] as const)
      lines.push(`${url.padEnd(52)} ${(await median(page, url, {})).toFixed(1)} ms`);
    console.log(lines.join("\n"));
  }, 300_000);
});
