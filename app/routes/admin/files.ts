import { staffPageGate } from "~/lib/staff-gate.server";
import type { Route } from "./+types/files";

// The back-office's files and one-click actions outside its page layout
// (exports, attachments, proofs, the delivery clock), a pathless layout: the
// staff gate records who is asking for their handlers (docs/decisions/0065).
export const middleware: Route.MiddlewareFunction[] = [staffPageGate];
