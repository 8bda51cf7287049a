import {
  apiNotification,
  markNotificationRead,
  NOTIFICATION_MESSAGES,
} from "~models/platform/notifications.server";
import { apiError, methodNotAllowed, requireApiUser, withApiErrors } from "~/lib/api.server";
import type { Route } from "./+types/notification-mark-read";

/** POST /api/notifications/{id}/mark-read/ → the notification; 404 when it is not the caller's. */
export function action({ request, params }: Route.ActionArgs) {
  return withApiErrors(NOTIFICATION_MESSAGES.markReadFailed, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
    const user = await requireApiUser(request);
    const row = await markNotificationRead(user.id, params.id);
    if (!row) return apiError(404, NOTIFICATION_MESSAGES.notFound);
    return Response.json(apiNotification(row));
  });
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["POST"]);
}
