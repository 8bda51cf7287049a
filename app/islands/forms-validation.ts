// The forms island's second part (decision 0045): Zod, the forms' schemas and
// the gift card's live summary. app/islands/forms.ts loads it when the visitor
// first focuses, presses or submits a form, so the page paints and settles
// without it.
import { enhanceForm } from "~/lib/enhance/form";
import { enhanceGiftAmount, enhanceGiftMessage } from "~/lib/enhance/gift";
import { FORM_SCHEMAS } from "./form-schemas";

export function enhanceForms(forms: HTMLFormElement[]) {
  for (const form of forms) {
    const schemaFor = FORM_SCHEMAS[form.id];
    if (schemaFor) enhanceForm(form, schemaFor(form));
  }
  const gift = document.querySelector<HTMLFormElement>("form#gift-card");
  if (gift) enhanceGiftAmount(gift);
  const giftMessage = document.querySelector<HTMLElement>('[data-testid="gift-message-count"]');
  if (giftMessage) enhanceGiftMessage(giftMessage);
}
