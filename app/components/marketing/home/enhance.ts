// The home page's enhancements, run by its island script (app/islands/home.ts)
// on the server-rendered markup; the page works without them (decision 0021).
import { HERO_SLIDE_INTERVAL_MS, LEARN_MORE_OFFSET_PX, PACKAGE_STEP_PX } from "~/lib/marketing-constants";
import { packageLayout, packageOffset, wrapIndex } from "~/lib/slider";
import { prefersReducedMotion, scrollBehavior } from "../motion";

/** Learn More: one screen height minus the offset, from where the visitor is. */
export function learnMore(link: HTMLAnchorElement) {
  link.addEventListener("click", (event) => {
    event.preventDefault();
    scrollBy({ top: innerHeight - LEARN_MORE_OFFSET_PX, behavior: scrollBehavior() });
  });
}

/**
 * Hero slider: the arrows (links to #slide-n) scroll the strip in place, and
 * the strip advances every 5000 ms, paused while hovered or focused, and not
 * at all for reduced motion.
 */
export function heroSlider(strip: HTMLElement) {
  const box = strip.parentElement!;
  const current = () => Math.round(strip.scrollLeft / strip.clientWidth);
  const show = (index: number) =>
    strip.scrollTo({
      left: wrapIndex(index, 0, strip.children.length) * strip.clientWidth,
      behavior: scrollBehavior(),
    });

  let hovered = false;
  let focused = false;
  box.addEventListener("mouseenter", () => (hovered = true));
  box.addEventListener("mouseleave", () => (hovered = false));
  box.addEventListener("focusin", () => (focused = true));
  box.addEventListener("focusout", (event) => (focused = box.contains(event.relatedTarget as Node | null)));
  setInterval(() => {
    if (!hovered && !focused && !prefersReducedMotion()) show(current() + 1);
  }, HERO_SLIDE_INTERVAL_MS);

  strip.addEventListener("click", (event) => {
    const arrow = (event.target as Element).closest<HTMLAnchorElement>('a[href^="#slide-"]');
    if (!arrow) return;
    event.preventDefault();
    show(Number(arrow.hash.slice(7)) - 1);
  });
}

/**
 * Explore Custom Solutions: the arrows (?pkg=n links, one pair per step count)
 * move the strip one 290 px step and wrap after the last step of the window's
 * row in PACKAGE_SLIDER_TABLE. A swipe takes the step from where it stopped.
 */
export function packageSlider(section: HTMLElement) {
  const strip = section.querySelector<HTMLElement>("ol")!;
  let step = Number(section.dataset.step ?? 0);
  const setStep = (next: number) => {
    step = next;
    section.dataset.step = String(next);
  };

  // Only a scroll the visitor made (swipe, wheel, drag, keys) moves the step.
  // An arrow's smooth scroll that the next click cuts short also ends with a
  // scrollend, mid-way; taking the step from there would undo that click.
  let visitorScrolled = false;
  for (const type of ["pointerdown", "touchstart", "wheel", "keydown"] as const) {
    strip.addEventListener(type, () => (visitorScrolled = true), { passive: true });
  }
  strip.addEventListener("scrollend", () => {
    if (!visitorScrolled) return;
    const max = strip.scrollWidth - strip.clientWidth;
    if (Math.abs(strip.scrollLeft - Math.min(packageOffset(step), max)) > 2)
      setStep(Math.round(strip.scrollLeft / PACKAGE_STEP_PX));
  });

  section.querySelectorAll<HTMLAnchorElement>(".arrows a").forEach((arrow) => {
    const delta = arrow.dataset.delta === "-1" ? -1 : 1;
    arrow.addEventListener("click", (event) => {
      event.preventDefault();
      visitorScrolled = false;
      setStep(wrapIndex(step, delta, packageLayout(innerWidth).steps));
      strip.scrollTo({ left: packageOffset(step), behavior: scrollBehavior() });
    });
  });
}
