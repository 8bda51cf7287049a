// The script of the public form pages (decision 0045): they are not hydrated.
// With the page: menus, the newsletter box, character counters, password
// toggles and the signup countdown. On the visitor's first focus, press or
// submit in a form: the validation with the page's own zod schemas
// (./forms-validation.ts), which holds a submit made before it arrived and
// then checks it. If it cannot load, the form posts natively, as without
// JavaScript, and the server answers.
import { enhanceCountdown, enhanceCounter, enhancePasswordToggle } from "~/lib/enhance/form-fields";
import { enhanceSite } from "~/lib/enhance/site";

enhanceSite();
document.querySelectorAll<HTMLElement>("[data-counter-min]").forEach(enhanceCounter);
document.querySelectorAll<HTMLButtonElement>("button[data-password-toggle]").forEach(enhancePasswordToggle);
document.querySelectorAll<HTMLElement>("[data-countdown-to]").forEach(enhanceCountdown);

// Every form but the newsletter box (enhanceSite answers it in place).
const forms = Array.from(document.querySelectorAll<HTMLFormElement>("form[id]")).filter(
  (form) => form.getAttribute("action") !== "/newsletter",
);
let validation: Promise<unknown> | undefined;
const loadValidation = () =>
  (validation ??= import("./forms-validation").then(({ enhanceForms }) => enhanceForms(forms)));

for (const form of forms) {
  // Our messages, not the browser's bubbles, from the first submit on.
  form.noValidate = true;
  let native = false;
  for (const type of ["focusin", "pointerdown"] as const)
    form.addEventListener(type, () => void loadValidation(), { once: true });
  form.addEventListener("submit", (event) => {
    // Once the validation is attached, it decides (enhanceForm marks the form).
    if (native || form.dataset.validating !== undefined) return;
    event.preventDefault();
    const submitter = event.submitter;
    loadValidation().then(
      () => form.requestSubmit(submitter),
      () => {
        native = true;
        form.noValidate = false;
        form.requestSubmit(submitter);
      },
    );
  });
}

document.documentElement.dataset.enhanced = "forms";
