import { z } from "zod";
import { HOLD_REASONS } from "./clock";

// Staff's hold form (decision 0048): its schema and what its answer says.
// Read on the server only, so the back-office page's script does not carry it.

/** The furthest back a hold may start (staff recording a wait they did not record on the day). */
const MAX_WAITING_DAYS = 14;

/** Staff's hold form: a reason and an optional note for the client. */
export const HoldFormSchema = z.object({
  reason: z.enum(HOLD_REASONS, { error: "Please choose why the project is on hold." }),
  note: z.string().trim().max(1000, { error: "Please keep the note under 1,000 characters." }).default(""),
  /** How long the client has already kept the team waiting: the pause starts that many days ago. */
  waitingDays: z.coerce.number().int().min(0).max(MAX_WAITING_DAYS).default(0),
});

/** What the hold form's answer says, by the code the redirect carries (?clock=). */
export const HOLD_OUTCOMES = {
  held: {
    tone: "success",
    message: "The project is on hold and its clock is paused. The client has been notified.",
  },
  resumed: {
    tone: "success",
    message: "The hold has ended and the clock runs again. The client has been notified.",
  },
  "not-running": {
    tone: "error",
    message: "Only a project the team is working on, with its clock running, can be put on hold.",
  },
  "no-hold": { tone: "error", message: "This project is not on a hold staff can end." },
  "own-project": { tone: "error", message: "This is your own project: staff actions do not apply to it." },
  invalid: {
    tone: "error",
    message:
      "Please choose why the project is on hold (a note is optional, up to 1,000 characters; the wait so far, 0 to 14 days).",
  },
} as const satisfies Record<string, { tone: "success" | "error"; message: string }>;
export type HoldOutcome = keyof typeof HOLD_OUTCOMES;

/** The message for the ?clock= code the hold route redirects with, or null. */
export const holdOutcome = (code: string | null) =>
  code && Object.hasOwn(HOLD_OUTCOMES, code) ? HOLD_OUTCOMES[code as HoldOutcome] : null;
