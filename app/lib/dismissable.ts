/**
 * For a <details> menu or dropdown (which opens and closes without JS): closes
 * it on Escape (focus back on its summary) and on a click outside it. Returns
 * the clean-up. Used by the React hook and by the island pages' scripts.
 */
export function dismissable(menu: HTMLDetailsElement): () => void {
  const close = (event: Event) => {
    if (!menu.open) return;
    if (event instanceof KeyboardEvent) {
      if (event.key !== "Escape") return;
      menu.open = false;
      menu.querySelector("summary")?.focus();
    } else if (!menu.contains(event.target as Node)) {
      menu.open = false;
    }
  };
  document.addEventListener("keydown", close);
  document.addEventListener("click", close);
  return () => {
    document.removeEventListener("keydown", close);
    document.removeEventListener("click", close);
  };
}
