// The newsletter box on an island page (decision 0045), as NewsletterForm does
// with a fetcher on a hydrated page: the answer appears in place, and the
// visitor stays where they were. It posts to the JSON API
// (POST /api/newsletter/), which answers with the same messages as /newsletter.
import { HONEYPOT_FIELD } from "~models/forms/honeypot";

type Answer = { message?: string; error?: string };

export function enhanceNewsletter(form: HTMLFormElement) {
  const input = form.querySelector<HTMLInputElement>('input[name="email"]');
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  const status = form.querySelector<HTMLElement>("[role=status]");
  if (!input || !button || !status) return;
  const idle = button.textContent;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (button.disabled) return;
    button.disabled = true;
    button.textContent = "…";
    const trap = form.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD}"]`);
    const body = { email: input.value, [HONEYPOT_FIELD]: trap?.value ?? "" };
    fetch("/api/newsletter/", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    })
      .then(async (response) => ({ ok: response.ok, answer: (await response.json()) as Answer }))
      // Offline or refused: the native post still works and shows the server's answer.
      .then(
        ({ ok, answer }) => show(ok, (ok ? answer.message : answer.error) ?? ""),
        () => form.submit(),
      )
      .finally(() => {
        button.disabled = false;
        button.textContent = idle;
      });
  });
  const show = (ok: boolean, message: string) => {
    status.textContent = message;
    status.classList.toggle("text-green", ok);
    status.classList.toggle("text-red", !ok);
    if (ok) {
      input.value = "";
      input.removeAttribute("aria-invalid");
    } else {
      input.setAttribute("aria-invalid", "true");
    }
    input.setAttribute("aria-describedby", status.id);
  };
}
