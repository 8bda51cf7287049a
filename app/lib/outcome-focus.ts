import { useEffect, useRef } from "react";
import { useFetchers, useNavigation } from "react-router";

/**
 * The attribute that marks the answer to a post: a form's success or error
 * message, a payment's result. `FormStatus` carries it; anything else that
 * shows an outcome adds `{...OUTCOME_PROPS}`.
 */
const OUTCOME_ATTRIBUTE = "data-outcome";
export const OUTCOME_PROPS = { [OUTCOME_ATTRIBUTE]: "", tabIndex: -1 } as const;

/** The site's sticky bar carries this, so an answer is not counted as seen while it sits under the bar. */
const STICKY_TOP_ATTRIBUTE = "data-sticky-top";

const isPost = (method: string | undefined) => method !== undefined && method.toUpperCase() !== "GET";

/** What `findOutcome` needs of an element: the DOM's own, or a test's stand-in. */
export type OutcomeNode = {
  tagName: string;
  parentElement: OutcomeNode | null;
  querySelector(selector: string): OutcomeNode | null;
};

/**
 * The outcome that answers the post made from `from` (its submit button, or
 * its form): the nearest one found walking up from it, a field the server
 * marked invalid in its form if that form shows no message, else the first
 * outcome on the page.
 */
export function findOutcome<Node extends OutcomeNode>(
  from: Node | null,
  root: Pick<Node, "querySelector">,
): Node | null {
  const selector = `[${OUTCOME_ATTRIBUTE}]`;
  for (let node: OutcomeNode | null = from; node && node.tagName !== "BODY"; node = node.parentElement) {
    const inside = node.querySelector(selector);
    if (inside) return inside as Node;
    const invalid = node.tagName === "FORM" ? node.querySelector("[aria-invalid=true]") : null;
    if (invalid) return invalid as Node;
  }
  return root.querySelector(selector) as Node | null;
}

/**
 * Focuses the outcome and, unless all of it is already in sight below the
 * sticky bar, scrolls it to the middle of the window (smoothly, unless the
 * visitor asked for less motion).
 */
function showOutcome(outcome: HTMLElement) {
  outcome.focus({ preventScroll: true });
  const bar = document.querySelector(`[${STICKY_TOP_ATTRIBUTE}]`)?.getBoundingClientRect().bottom ?? 0;
  const rect = outcome.getBoundingClientRect();
  if (rect.top >= Math.max(0, bar) && rect.bottom <= window.innerHeight) return;
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  outcome.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
}

/** Where a post came from: the submit button (or the focused element), and its form's id. */
type Origin = { element: Element | null; formId: string; at: number };

function originOf(element: Element | null): Origin | null {
  if (!element || element === document.body) return null;
  const form = element instanceof HTMLFormElement ? element : element.closest("form");
  return { element, formId: form?.id ?? "", at: performance.now() };
}

/** A submit event this recent belongs to the post now starting; an older one was stopped before it posted. */
const SUBMIT_TO_POST_MS = 1000;
const isFresh = (origin: Origin | null) => !!origin && performance.now() - origin.at < SUBMIT_TO_POST_MS;

/**
 * The element to start from once the post settles. The button may be gone by
 * then (a form that re-renders its fields, a payment form that clears its
 * card), so the form with the same id stands in for it.
 */
function resolveOrigin(origin: Origin | null): Element | null {
  if (!origin) return null;
  if (origin.element?.isConnected) return origin.element;
  return origin.formId ? document.getElementById(origin.formId) : null;
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
  const origin = useRef<Origin | null>(null);

  // The button that sent the form, noted before anything re-renders or disables it.
  useEffect(() => {
    const note = (event: SubmitEvent) => {
      const form = event.target instanceof HTMLFormElement ? event.target : null;
      origin.current = originOf(event.submitter ?? form);
    };
    window.addEventListener("submit", note, true);
    return () => window.removeEventListener("submit", note, true);
  }, []);

  const navigationPosting = navigation.state !== "idle" && isPost(navigation.formMethod);
  const postingFetchers = fetchers
    .filter((f) => f.state !== "idle" && isPost(f.formMethod))
    .map((f) => f.key);

  useEffect(() => {
    const state = pending.current;
    let settled = false;
    const started =
      (navigationPosting && !state.navigation) || postingFetchers.some((key) => !state.fetchers.has(key));
    // A post sent from code (fetcher.submit) fires no submit event: it came from whatever had focus.
    if (started && !isFresh(origin.current)) origin.current = originOf(document.activeElement);
    if (navigationPosting) state.navigation = true;
    else if (state.navigation && navigation.state === "idle") {
      state.navigation = false;
      settled = true;
    }
    const now = new Set(postingFetchers);
    for (const key of state.fetchers) if (!now.has(key)) settled = true;
    state.fetchers = now;
    if (!settled) return;
    const from = resolveOrigin(origin.current);
    if (!state.navigation && !state.fetchers.size) origin.current = null;
    requestAnimationFrame(() => {
      const outcome = findOutcome(from?.isConnected ? from : null, document);
      if (outcome instanceof HTMLElement) showOutcome(outcome);
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the keys are compared as a string
  }, [navigationPosting, navigation.state, postingFetchers.join("\n")]);
}
