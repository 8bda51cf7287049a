import { AUDIT_ACTIONS } from "~models/platform/audit";
import { listAuditLog } from "~models/platform/audit.server";
import { isUuid } from "~models/platform/ids";
import { pagedJson } from "~/lib/admin-api.server";
import { listQuery } from "~/lib/admin-list.server";
import { methodNotAllowed, withApiErrors } from "~/lib/api.server";
import { staffApiOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/audit-log";

/** GET /api/admin/audit-log/?action=&actor=&role=&target_type=&target_id=&page= : newest first. */
export function loader({ request, context }: Route.LoaderArgs) {
  return withApiErrors("Failed to fetch the audit log", async () => {
    await staffApiOf({ request, context });
    const { params, page: pageAsked } = listQuery(request);
    const action = params.get("action") ?? "";
    const actor = params.get("actor") ?? "";
    const { entries, page } = await listAuditLog(
      {
        action: action in AUDIT_ACTIONS ? action : undefined,
        actorId: isUuid(actor) ? actor : undefined,
        actorRole: ["staff", "client", "system"].includes(params.get("role") ?? "")
          ? params.get("role")!
          : undefined,
        targetType: params.get("target_type") || undefined,
        targetId: params.get("target_id") || undefined,
      },
      pageAsked,
    );
    return pagedJson(
      page,
      entries.map((e) => ({
        id: e.id,
        created_at: e.createdAt.toISOString(),
        actor: { id: e.actorId, role: e.actorRole, label: e.actorLabel, ip: e.actorIp },
        action: e.action,
        target: { type: e.targetType, id: e.targetId, label: e.targetLabel },
        before: e.before,
        after: e.after,
        reason: e.reason,
      })),
    );
  });
}

export const action = ({ request, context }: Route.ActionArgs) =>
  withApiErrors("Request failed", async () => {
    await staffApiOf({ request, context });
    return methodNotAllowed(request, ["GET"]);
  });
