import { redirect } from "react-router";
import { exportAccountData, exportFileName } from "~models/views/account-data.server";
import { memberOf } from "~/lib/membership.server";
import type { Route } from "./+types/export";

/** A GET only leads back to the page with the button: the export is a POST (it is recorded). */
export async function loader({ request }: Route.LoaderArgs) {
  await memberOf(request);
  return redirect("/dashboard2/settings#your-data");
}

/** POST /manageaccount/export: the signed-in client's data as a JSON download. */
export async function action({ request }: Route.ActionArgs) {
  const member = await memberOf(request);
  const exported = await exportAccountData(member.person.id);
  if (!exported) throw new Response("Not found", { status: 404 });
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(member.person.username)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
