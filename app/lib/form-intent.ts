/**
 * The posted "intent" (which of a page's forms or buttons sent it), when it is
 * one the page knows; null otherwise, for the page's "Unknown action." answer.
 */
export function formIntent<const Intent extends string>(
  formData: FormData,
  intents: readonly Intent[],
): Intent | null {
  const posted = formData.get("intent");
  return intents.find((intent) => intent === posted) ?? null;
}
