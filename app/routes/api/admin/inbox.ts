import { parseInboxFilter } from "~models/back-office/inbox";
import { listInbox } from "~models/back-office/inbox.server";
import { INBOX_TYPE_OPTIONS } from "~models/back-office/inbox-sources.server";
import { pagedJson, staffApiCall, staffOnlyMethods } from "~/lib/admin-api.server";
import type { Route } from "./+types/inbox";

/** GET /api/admin/inbox/?type=&status=all|unhandled|handled&q=&page= : the inbox, waiting first. */
export function loader({ request }: Route.LoaderArgs) {
  return staffApiCall(request, "Failed to fetch the inbox", async ({ params, page: pageAsked }) => {
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

export const action = ({ request }: Route.ActionArgs) => staffOnlyMethods(request, ["GET"]);
