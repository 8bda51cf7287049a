import {
  apiNotification,
  listNotificationsAt,
  NOTIFICATION_MESSAGES,
} from "~models/platform/notifications.server";
import { apiPageOf, pagedApiJson } from "~/lib/api-paging.server";
import { methodNotAllowed, withApiErrors } from "~/lib/api.server";
import { apiMemberOf } from "~/lib/membership.server";
import type { Route } from "./+types/notifications";

/**
 * GET /api/notifications/ → [{id, type, title, message, is_read, created_at, link}], newest first,
 * one page (?page=, ?page_size=; X-Total-Count and Link headers: app/lib/api-paging.server.ts).
 */
export function loader({ request }: Route.LoaderArgs) {
  return withApiErrors(NOTIFICATION_MESSAGES.fetchFailed, async () => {
    const member = await apiMemberOf(request);
    const page = apiPageOf(request);
    const { rows, total } = await listNotificationsAt(member.person.id, page.size, page.offset);
    return pagedApiJson(request, rows.map(apiNotification), total, page);
  });
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
