// The pin form's schema: the proof page (Conform, in the browser and in the
// action) and the model share it. Apart from proofing.ts so that pages which
// only show proofs do not carry zod's schema code.
import { z } from "zod";
import { databaseInteger } from "../platform/integers";
import { PROOF_MESSAGES } from "./proofing";

const fraction = z.preprocess(
  (value) => (value === "" || value === null || value === undefined ? undefined : Number(value)),
  z.number().min(0).max(1).optional(),
);

/** A pin from the form: a page, a point (JavaScript) and/or words for where, and what should change. */
export const PinFormSchema = z
  .object({
    page: z.preprocess(
      (value) => (value === "" || value === undefined ? 1 : value),
      databaseInteger(PROOF_MESSAGES.pageInvalid(null)),
    ),
    x: fraction,
    y: fraction,
    location: z.string().trim().max(200, { error: PROOF_MESSAGES.locationTooLong }).optional().default(""),
    body: z
      .string({ error: PROOF_MESSAGES.bodyRequired })
      .trim()
      .min(1, { error: PROOF_MESSAGES.bodyRequired, abort: true })
      .max(2000, { error: PROOF_MESSAGES.bodyTooLong }),
  })
  .transform((pin) =>
    // A point needs both coordinates; half a point is no point.
    pin.x === undefined || pin.y === undefined ? { ...pin, x: undefined, y: undefined } : pin,
  )
  .superRefine((pin, ctx) => {
    if (pin.x === undefined && !pin.location)
      ctx.addIssue({ code: "custom", path: ["location"], message: PROOF_MESSAGES.whereRequired });
  });
export type PinInput = z.infer<typeof PinFormSchema>;
