import { parseInboxFilter } from "~models/back-office/inbox";
import { listInbox } from "~models/back-office/inbox.server";
import { INBOX_TYPE_OPTIONS } from "~models/back-office/inbox-sources.server";
import { pagedJson } from "~/lib/admin-api.server";
import { listQuery } from "~/lib/admin-list.server";
import { methodNotAllowed, withApiErrors } from "~/lib/api.server";
import { staffApiOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/inbox";

/** GET /api/admin/inbox/?type=&status=all|unhandled|handled&q=&page= : the inbox, waiting first. */
export function loader({ request, context }: Route.LoaderArgs) {
  return withApiErrors("Failed to fetch the inbox", async () => {
    await staffApiOf({ request, context });
    const { params, page: pageAsked } = listQuery(request);
    const types = INBOX_TYPE_OPTIONS.map((t) => t.value);
    const { items, page } = await listInbox(parseInboxFilter(params, types), pageAsked);
    return pagedJson(
      page,
      items.map((item) => ({
        type: item.type,
        id: item.id,
        created_at: item.createdAt.toISOString(),
        handled: item.handled,
        handled_at: item.handledAt?.toISOString() ?? null,
        name: item.name,
        email: item.email,
        summary: item.summary,
      })),
    );
  });
}

export const action = ({ request, context }: Route.ActionArgs) =>
  withApiErrors("Request failed", async () => {
    await staffApiOf({ request, context });
    return methodNotAllowed(request, ["GET"]);
  });
