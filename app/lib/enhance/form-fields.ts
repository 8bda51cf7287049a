// What a public form's fields do with JavaScript on an island page (decision
// 0045) that needs no schema: the character counter, the password toggle and a
// success screen's countdown. Loaded with the page; the validation
// (./form.ts) loads when the visitor first uses a form.

/** A textarea's "n / min characters minimum" line, counted trimmed as the server counts. */
export function enhanceCounter(counter: HTMLElement) {
  const min = Number(counter.dataset.counterMin);
  const field = document.querySelector<HTMLTextAreaElement>(`[aria-describedby~="${counter.id}"]`);
  if (!field || !min) return;
  const update = () => {
    const count = field.value.trim().length;
    counter.textContent = `${count} / ${min} characters minimum`;
    counter.classList.toggle("text-green", count >= min);
    counter.classList.toggle("text-text-muted", count < min);
  };
  field.addEventListener("input", update);
  update();
}

/** A password field's Show/Hide button, rendered hidden by the server until a script can run it. */
export function enhancePasswordToggle(button: HTMLButtonElement) {
  const input = document.getElementById(button.getAttribute("aria-controls") ?? "");
  if (!(input instanceof HTMLInputElement)) return;
  button.hidden = false;
  input.classList.add("pr-20");
  button.addEventListener("click", () => {
    const visible = input.type === "password";
    input.type = visible ? "text" : "password";
    button.setAttribute("aria-pressed", String(visible));
    button.textContent = visible ? "Hide" : "Show";
  });
}

/**
 * A success screen's "taking you there in n…" (useRedirectCountdown on a
 * hydrated page): counts the seconds down, then goes to `data-countdown-to`.
 */
export function enhanceCountdown(counter: HTMLElement) {
  const to = counter.dataset.countdownTo;
  let left = Number(counter.textContent);
  if (!to || !Number.isFinite(left)) return;
  const tick = () => {
    if (left <= 0) {
      window.location.assign(to);
      return;
    }
    setTimeout(() => {
      left -= 1;
      counter.textContent = String(left);
      tick();
    }, 1000);
  };
  tick();
}
