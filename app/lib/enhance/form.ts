// Forms on island pages (decision 0045): the server renders them with the same
// components as on hydrated pages, and this gives them what useZodForm and
// SubmitButton give a hydrated form: the same zod schema checked in the browser
// on submit and then on every input, its messages shown where the server shows
// its own, and a pending submit button. A valid form posts natively; the
// server's answer is a new page, exactly as without JavaScript.
import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType } from "zod/v4/core";

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The markup of one error line, rendered by the server from ErrorList (root layout). */
const errorItem = () =>
  document.querySelector<HTMLTemplateElement>("template#field-error")?.content.querySelector("li");

function controlOf(form: HTMLFormElement, name: string): Control | null {
  const item = form.elements.namedItem(name);
  const control = item instanceof RadioNodeList ? item[0] : item;
  return control instanceof HTMLInputElement ||
    control instanceof HTMLSelectElement ||
    control instanceof HTMLTextAreaElement
    ? control
    : null;
}

function describedBy(control: Control, errorId: string, shown: boolean) {
  const others = (control.getAttribute("aria-describedby") ?? "")
    .split(/\s+/)
    .filter((id) => id && id !== errorId);
  const ids = shown ? [errorId, ...others] : others;
  if (ids.length) control.setAttribute("aria-describedby", ids.join(" "));
  else control.removeAttribute("aria-describedby");
}

/** Shows (or clears, with no messages) a field's errors as the server renders them. */
function showFieldErrors(control: Control, messages: readonly string[]) {
  const frame = control.closest<HTMLElement>("[data-field-frame]");
  if (!frame || !control.id) return;
  const errorId = `${control.id}-error`;
  frame.querySelector(`[id="${errorId}"]`)?.remove();
  const template = errorItem();
  const shown = messages.length > 0 && template !== undefined && template !== null;
  if (shown) {
    const list = document.createElement("ul");
    list.id = errorId;
    list.className = "flex flex-col gap-1";
    for (const message of new Set(messages)) {
      const item = template.cloneNode(true) as HTMLLIElement;
      const text = item.querySelector("span");
      if (text) text.textContent = message;
      list.append(item);
    }
    frame.append(list);
    control.setAttribute("aria-invalid", "true");
  } else {
    control.removeAttribute("aria-invalid");
  }
  describedBy(control, errorId, shown);
}

/** Field names that have a rendered control and an error frame, in document order. */
function fieldNames(form: HTMLFormElement): string[] {
  const names: string[] = [];
  for (const element of Array.from(form.elements)) {
    const name = element.getAttribute("name");
    if (name && !names.includes(name) && element.closest("[data-field-frame]")) names.push(name);
  }
  return names;
}

/** The submit button's pending state while the browser posts the form. */
function setPending(button: HTMLButtonElement | null, pending: boolean) {
  if (!button) return;
  if (pending) {
    button.dataset.idleLabel ??= button.innerHTML;
    button.textContent = button.dataset.pendingLabel ?? "SUBMITTING...";
    // aria-disabled, not disabled: a disabled submitter would drop its own name and value from the post.
    button.setAttribute("aria-disabled", "true");
  } else if (button.dataset.idleLabel !== undefined) {
    button.innerHTML = button.dataset.idleLabel;
    delete button.dataset.idleLabel;
    button.removeAttribute("aria-disabled");
  }
}

/**
 * Validates `form` with `schema` as a hydrated form does: nothing until the
 * first submit (or until the server has answered with errors), then on each
 * input. Returns the clean-up.
 */
export function enhanceForm(form: HTMLFormElement, schema: $ZodType): () => void {
  // The form now answers with our messages, not the browser's own bubbles.
  form.noValidate = true;
  form.dataset.validating = "";
  let validated = form.querySelector("[aria-invalid=true]") !== null;
  let pending: HTMLButtonElement | null = null;

  const validate = (submitter?: HTMLElement | null) => {
    const submission = parseWithZod(new FormData(form, submitter ?? null), { schema });
    const errors = submission.status === "success" ? {} : (submission.error ?? {});
    for (const name of fieldNames(form)) {
      const control = controlOf(form, name);
      if (control) showFieldErrors(control, errors[name] ?? []);
    }
    return submission.status === "success";
  };

  const onSubmit = (event: SubmitEvent) => {
    if (pending) {
      event.preventDefault();
      return;
    }
    validated = true;
    if (!validate(event.submitter)) {
      event.preventDefault();
      form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
      return;
    }
    pending =
      event.submitter instanceof HTMLButtonElement
        ? event.submitter
        : form.querySelector<HTMLButtonElement>("button[type=submit]");
    setPending(pending, true);
  };
  const onInput = () => {
    if (validated) validate();
  };
  // Back to this page from the next one (back/forward cache): the form is idle again.
  const onPageShow = () => {
    setPending(pending, false);
    pending = null;
  };

  form.addEventListener("submit", onSubmit);
  form.addEventListener("input", onInput);
  form.addEventListener("change", onInput);
  window.addEventListener("pageshow", onPageShow);
  return () => {
    delete form.dataset.validating;
    form.removeEventListener("submit", onSubmit);
    form.removeEventListener("input", onInput);
    form.removeEventListener("change", onInput);
    window.removeEventListener("pageshow", onPageShow);
  };
}
