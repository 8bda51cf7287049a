import { useEffect, useRef } from "react";
import { useFetchers, useNavigation } from "react-router";

/**
 * The attribute that marks the answer to a post: a form's success or error
 * message, a payment's result. `FormStatus` carries it; anything else that
 * shows an outcome adds `{...OUTCOME_PROPS}`.
 */
export const OUTCOME_ATTRIBUTE = "data-outcome";
export const OUTCOME_PROPS = { [OUTCOME_ATTRIBUTE]: "", tabIndex: -1 } as const;

const isPost = (method: string | undefined) => method !== undefined && method.toUpperCase() !== "GET";

/**
 * The outcome that answers the post made from `from`: the nearest one found
 * walking up from the element that had focus when the post settled (its
 * submit button, usually), else the first on the page; a field the server
 * marked invalid if there is no message.
 */
export function findOutcome(from: Element | null, root: ParentNode = document): HTMLElement | null {
  const selector = `[${OUTCOME_ATTRIBUTE}]`;
  for (let node = from; node && node !== document.body; node = node.parentElement) {
    const inside = node.querySelector<HTMLElement>(selector);
    if (inside) return inside;
    const invalid = node.tagName === "FORM" ? node.querySelector<HTMLElement>("[aria-invalid=true]") : null;
    if (invalid) return invalid;
  }
  return root.querySelector<HTMLElement>(selector);
}

/** Focuses the outcome and brings it into view, smoothly unless the visitor asked for less motion. */
export function showOutcome(outcome: HTMLElement) {
  outcome.focus({ preventScroll: true });
  const rect = outcome.getBoundingClientRect();
  if (rect.top >= 0 && rect.bottom <= window.innerHeight) return;
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  outcome.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
}

/**
 * After any post settles on a hydrated page (a `<Form>` navigation or a
 * fetcher), focus moves to its outcome and the outcome is scrolled into view,
 * so a client never pays twice because the answer appeared out of sight
 * (decision 0060). A post that lands on another page focuses the outcome that
 * page shows, if it shows one.
 */
export function useOutcomeFocus() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const pending = useRef({ navigation: false, fetchers: new Set<string>() });

  const navigationPosting = navigation.state !== "idle" && isPost(navigation.formMethod);
  const postingFetchers = fetchers
    .filter((f) => f.state !== "idle" && isPost(f.formMethod))
    .map((f) => f.key);

  useEffect(() => {
    const state = pending.current;
    let settled = false;
    if (navigationPosting) state.navigation = true;
    else if (state.navigation && navigation.state === "idle") {
      state.navigation = false;
      settled = true;
    }
    const now = new Set(postingFetchers);
    for (const key of state.fetchers) if (!now.has(key)) settled = true;
    state.fetchers = now;
    if (!settled) return;
    const from = document.activeElement;
    requestAnimationFrame(() => {
      const outcome = findOutcome(from && from !== document.body && from.isConnected ? from : null);
      if (outcome) showOutcome(outcome);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the keys are compared as a string
  }, [navigationPosting, navigation.state, postingFetchers.join("\n")]);
}
