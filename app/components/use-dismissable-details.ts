import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { dismissable } from "~/lib/dismissable";

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

  useEffect(() => (ref.current ? dismissable(ref.current) : undefined), []);

  return ref;
}
