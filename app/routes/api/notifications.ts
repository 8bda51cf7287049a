import {
  apiNotification,
  listNotifications,
  NOTIFICATION_MESSAGES,
} from "~models/platform/notifications.server";
import { methodNotAllowed, requireApiUser, withApiErrors } from "~/lib/api.server";
import type { Route } from "./+types/notifications";

/** GET /api/notifications/ → [{id, type, title, message, is_read, created_at, link}], newest first */
export function loader({ request }: Route.LoaderArgs) {
  return withApiErrors(NOTIFICATION_MESSAGES.fetchFailed, async () => {
    const user = await requireApiUser(request);
    return Response.json((await listNotifications(user.id)).map(apiNotification));
  });
}

export function action({ request }: Route.ActionArgs) {
  return methodNotAllowed(request, ["GET"]);
}
