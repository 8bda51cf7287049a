import { markAllNotificationsRead, NOTIFICATION_MESSAGES } from "~models/platform/notifications.server";
import { apiInput, methodNotAllowed, withApiErrors } from "~/lib/api.server";
import type { Route } from "./+types/notifications-mark-all-read";

/** POST /api/notifications/mark-all-read/ → {marked: n} */
export function action({ request }: Route.ActionArgs) {
  return withApiErrors(NOTIFICATION_MESSAGES.markAllReadFailed, async () => {
    const { member } = await apiInput(request, { methods: ["POST"], auth: true });
    return Response.json({ marked: await markAllNotificationsRead(member.person.id) });
  });
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["POST"]);
}
