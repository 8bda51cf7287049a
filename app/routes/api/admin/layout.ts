import { staffApiGate } from "~/lib/staff-gate.server";
import type { Route } from "./+types/layout";

// The admin API (/api/admin/*), a pathless layout: the staff gate answers
// anyone but staff the API's 404 before any handler runs (docs/decisions/0065).
export const middleware: Route.MiddlewareFunction[] = [staffApiGate];
