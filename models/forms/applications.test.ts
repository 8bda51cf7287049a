import { describe, expect, it } from "vitest";
import { MEGABYTE, UPLOAD_MESSAGES } from "../platform/uploads";
import {
  ATTACHMENT_RULES,
  CollaborationSchema,
  CV_RULES,
  JobApplicationSchema,
  WHY_JOIN_FIELD,
} from "./applications";

// The pages validate with these schemas in the browser before sending
// (Conform's onValidate), so a file these refuse is never uploaded (issue 18, item 9).

const file = (name: string, size: number) => new File([new Uint8Array(size)], name);
const errorsOf = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

const application = {
  full_name: "Asha Patel",
  email_address: "asha@mail.example",
  role_of_interest: "brand_designer",
  [WHY_JOIN_FIELD]: "Identity systems.",
};
const pitch = { name: "Deck Co", email: "deck@co.example", collaboration_idea: "y".repeat(120) };

describe("files in the application schemas", () => {
  it("flag a CV over 10 MB, or of a type not taken, and only the CV", () => {
    expect(
      errorsOf(JobApplicationSchema.safeParse({ ...application, cv_resume: file("cv.pdf", 12 * MEGABYTE) })),
    ).toEqual({ cv_resume: UPLOAD_MESSAGES.tooLarge(CV_RULES.maxBytes) });
    expect(
      errorsOf(JobApplicationSchema.safeParse({ ...application, cv_resume: file("cv.exe", 10) })),
    ).toEqual({ cv_resume: UPLOAD_MESSAGES.wrongType(CV_RULES.extensions) });
    expect(
      JobApplicationSchema.safeParse({ ...application, cv_resume: file("cv.docx", 10 * MEGABYTE) }).success,
    ).toBe(true);
  });

  it("flag a collaboration attachment over 10 MB, or of a type not taken", () => {
    expect(
      errorsOf(CollaborationSchema.safeParse({ ...pitch, attached_file: file("deck.pptx", 12 * MEGABYTE) })),
    ).toEqual({ attached_file: UPLOAD_MESSAGES.tooLarge(ATTACHMENT_RULES.maxBytes) });
    expect(
      errorsOf(CollaborationSchema.safeParse({ ...pitch, attached_file: file("deck.zip", 10) })),
    ).toEqual({ attached_file: UPLOAD_MESSAGES.wrongType(ATTACHMENT_RULES.extensions) });
    expect(CollaborationSchema.safeParse({ ...pitch, attached_file: file("deck.png", 10) }).success).toBe(
      true,
    );
  });
});
