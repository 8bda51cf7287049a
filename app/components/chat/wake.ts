// Loads the floating chat panel's code on the visitor's first focus or click
// in the server-rendered panel, and renders it in place (home island,
// decision 0021). React arrives with it, only then. Escape closes the open
// panel, before and after that code arrives.
import type { ChatPanelProps } from "./chat-panel";

export function wakeOnFirstUse(slot: HTMLElement) {
  const events = ["focusin", "click"] as const;
  // A focus that comes with a press is followed by its click: wake on the click. Replaced between the
  // press and its release, the launcher would never get the click that opens it.
  let pressed = false;
  const press = () => {
    pressed = true;
  };
  const wake = (event: Event) => {
    if (event.type === "focusin" && pressed) return;
    slot.removeEventListener("pointerdown", press);
    for (const type of events) slot.removeEventListener(type, wake);
    void Promise.all([import("react"), import("react-dom/client"), import("./chat-panel")]).then(
      ([react, dom, panel]) => {
        const props = JSON.parse(slot.dataset.props ?? "{}") as ChatPanelProps;
        const restore = panel.snapshot(slot);
        dom.createRoot(slot).render(react.createElement(panel.ChatPanel, { ...props, restore }));
      },
    );
  };
  slot.addEventListener("pointerdown", press);
  for (const type of events) slot.addEventListener(type, wake);
}

/**
 * Escape closes the open panel and puts focus back on its launcher (the
 * summary, which reads "Close chat" while open). Delegated from the document:
 * React replaces the server's <details> when the panel wakes.
 */
export function closeOnEscape(slot: HTMLElement) {
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const float = slot.querySelector<HTMLDetailsElement>("details.chat-float");
    if (!float?.open) return;
    float.open = false;
    float.querySelector<HTMLElement>(":scope > summary")?.focus();
  });
}
