// The script of the public form pages (decision 0045): they are not hydrated;
// this gives their server-rendered forms inline validation with the pages' own
// zod schemas, pending buttons, character counters and password toggles.
import { enhanceCountdown, enhanceCounter, enhanceForm, enhancePasswordToggle } from "~/lib/enhance/form";
import { enhanceGiftAmount, enhanceGiftMessage } from "~/lib/enhance/gift";
import { enhanceSite } from "~/lib/enhance/site";
import { FORM_SCHEMAS } from "./form-schemas";

enhanceSite();
for (const form of Array.from(document.querySelectorAll<HTMLFormElement>("form[id]"))) {
  const schemaFor = FORM_SCHEMAS[form.id];
  if (schemaFor) enhanceForm(form, schemaFor(form));
}
document.querySelectorAll<HTMLElement>("[data-counter-min]").forEach(enhanceCounter);
document.querySelectorAll<HTMLButtonElement>("button[data-password-toggle]").forEach(enhancePasswordToggle);
document.querySelectorAll<HTMLElement>("[data-countdown-to]").forEach(enhanceCountdown);
const gift = document.querySelector<HTMLFormElement>("form#gift-card");
if (gift) enhanceGiftAmount(gift);
const giftMessage = document.querySelector<HTMLElement>('[data-testid="gift-message-count"]');
if (giftMessage) enhanceGiftMessage(giftMessage);

document.documentElement.dataset.enhanced = "forms";
