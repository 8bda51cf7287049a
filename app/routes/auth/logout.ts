import { redirect } from "react-router";
import { endSession } from "~/lib/auth.server";
import type { Route } from "./+types/logout";

/** Logging out changes state, so it is a POST; a GET just goes home. */
export function loader() {
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  return endSession(request);
}
