// The gift card page on an island (decision 0045): what GiftAmount and
// GiftMessage do with React state on a hydrated page. Choosing a preset clears
// the custom amount, typing one deselects the presets, and the summary follows;
// the message counts its characters.
import { GIFT_MAX, GIFT_MESSAGE_MAX, GIFT_MIN, parseRupees } from "~models/billing/gift-cards";
import { formatMajor } from "~models/billing/money";

export function enhanceGiftAmount(form: HTMLFormElement) {
  const presets = Array.from(form.querySelectorAll<HTMLInputElement>('input[type=radio][name="amount"]'));
  const custom = form.querySelector<HTMLInputElement>('input[name="customAmount"]');
  const shown = Array.from(form.querySelectorAll<HTMLElement>("[data-gift-shown]"));
  if (!custom) return;
  let preset = Number(presets.find((radio) => radio.checked)?.value ?? presets[0]?.value);
  const update = () => {
    const amount = custom.value.trim() ? parseRupees(custom.value) : preset;
    const valid = amount !== null && amount >= GIFT_MIN && amount <= GIFT_MAX;
    const text = valid ? formatMajor(amount, "INR", "whole") : "—";
    for (const element of shown) element.textContent = text;
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
