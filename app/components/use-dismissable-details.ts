import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * For a <details> menu or dropdown (which opens and closes without JS): with
 * JavaScript it also closes on navigation, on Escape (focus back on its
 * summary) and on a click outside it.
 */
export function useDismissableDetails() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.pathname, location.search]);

  useEffect(() => {
    const close = (event: Event) => {
      const menu = ref.current;
      if (!menu?.open) return;
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
  }, []);

  return ref;
}
