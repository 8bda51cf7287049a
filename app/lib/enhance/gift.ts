// The gift card page on an island (decision 0045): what GiftAmount and
// GiftMessage do with React state on a hydrated page. Choosing a preset clears
// the custom amount, typing one deselects the presets, and the summary follows
// in the page's currency (the form's data-region, decision 0059), with the
// tokens it redeems as; the message counts its characters.
import { isRegion } from "~models/billing/currency";
import {
  formatGiftAmount,
  GIFT_AMOUNTS,
  GIFT_MESSAGE_MAX,
  giftTokensWords,
  parseGiftAmount,
} from "~models/billing/gift-cards";

export function enhanceGiftAmount(form: HTMLFormElement) {
  const presets = Array.from(form.querySelectorAll<HTMLInputElement>('input[type=radio][name="amount"]'));
  const custom = form.querySelector<HTMLInputElement>('input[name="customAmount"]');
  const shown = Array.from(form.querySelectorAll<HTMLElement>("[data-gift-shown]"));
  const tokensShown = form.querySelector<HTMLElement>("[data-gift-tokens]");
  const region = isRegion(form.dataset.region) ? form.dataset.region : "in";
  const centsPerToken = Number(form.dataset.centsPerToken);
  if (!custom) return;
  const rules = GIFT_AMOUNTS[region];
  let preset = Number(presets.find((radio) => radio.checked)?.value ?? presets[0]?.value);
  const update = () => {
    const amount = custom.value.trim() ? parseGiftAmount(custom.value) : preset;
    const valid = amount !== null && amount >= rules.min && amount <= rules.max;
    const text = valid ? formatGiftAmount(amount, region) : "—";
    for (const element of shown) element.textContent = text;
    if (tokensShown && centsPerToken > 0)
      tokensShown.textContent = valid ? giftTokensWords(amount, centsPerToken) : "—";
  };
  for (const radio of presets) {
    radio.addEventListener("change", () => {
      preset = Number(radio.value);
      custom.value = "";
      update();
    });
  }
  const onCustom = () => {
    const typed = custom.value.trim() !== "";
    for (const radio of presets) radio.checked = !typed && Number(radio.value) === preset;
    update();
  };
  custom.addEventListener("input", onCustom);
  // What the visitor did before this script arrived (it loads on their first use of the form).
  onCustom();
}

export function enhanceGiftMessage(counter: HTMLElement) {
  const message = document.querySelector<HTMLTextAreaElement>(`[aria-describedby~="${counter.id}"]`);
  if (!message) return;
  const update = () => {
    counter.textContent = `${message.value.length} / ${GIFT_MESSAGE_MAX}`;
  };
  message.addEventListener("input", update);
  update();
}
