import { parseInboxFilter } from "~models/back-office/inbox";
import { exportInbox } from "~models/back-office/inbox.server";
import { INBOX_TYPE_OPTIONS } from "~models/back-office/inbox-sources.server";
import { toCsv } from "~models/back-office/csv";
import { BACK_OFFICE_HEADERS } from "~/lib/admin.server";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/inbox-export";

/** GET /admin/inbox/export.csv?type=&status=&q= : the filtered inbox as a spreadsheet. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await staffOf({ request, context });
  const filter = parseInboxFilter(
    new URL(request.url).searchParams,
    INBOX_TYPE_OPTIONS.map((t) => t.value),
  );
  const { header, rows } = await exportInbox(filter, actor);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(toCsv(header, rows), {
    headers: {
      ...BACK_OFFICE_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="inbox-${filter.type ?? "all"}-${day}.csv"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
