import { z } from "zod";

// Our words for what a schema does not name itself (issue 18, item 12): a
// wrong type from an API client, a length past a field's limit, an unknown
// option. Zod's own defaults ("Invalid input: expected string, received
// number") are for developers, not for the people who read our forms and API.
// Loaded by models/platform/form-fields.ts and models/billing/payments.ts, which every form
// schema imports; a message a schema gives itself always wins over these.

const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list",
};

/** The message for an issue no schema named; exported for its test. */
function formMessage(issue: z.core.$ZodRawIssue): string {
  const text = "origin" in issue && issue.origin === "string";
  switch (issue.code) {
    case "invalid_type":
      return `Please send this as ${TYPE_WORDS[issue.expected] ?? "the kind of value the form asks for"}.`;
    case "invalid_value":
      return `Please choose one of: ${issue.values.map((value) => (typeof value === "string" ? `"${value}"` : String(value))).join(", ")}.`;
    case "too_big":
      return text
        ? `Please keep this under ${Number(issue.maximum)} characters.`
        : `Please enter at most ${Number(issue.maximum)}.`;
    case "too_small":
      return `Please enter at least ${Number(issue.minimum)}${text ? " characters" : ""}.`;
    case "invalid_format":
      return issue.format === "email"
        ? "Please enter a valid email address."
        : "Please check the format of this field.";
    default:
      return "Please check this field.";
  }
}

z.config({ customError: formMessage });
