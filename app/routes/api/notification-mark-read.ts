import {
  apiNotification,
  markNotificationRead,
  NOTIFICATION_MESSAGES,
} from "~models/platform/notifications.server";
import { apiError, apiInput, methodNotAllowed, withApiErrors } from "~/lib/api.server";
import type { Route } from "./+types/notification-mark-read";

/** POST /api/notifications/{id}/mark-read/ → the notification; 404 when it is not the caller's. */
export function action({ request, params }: Route.ActionArgs) {
  return withApiErrors(NOTIFICATION_MESSAGES.markReadFailed, async () => {
    const { member } = await apiInput(request, { methods: ["POST"], auth: true });
    const row = await markNotificationRead(member.person.id, params.id);
    if (!row) return apiError(404, NOTIFICATION_MESSAGES.notFound);
    return Response.json(apiNotification(row));
  });
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["POST"]);
}
