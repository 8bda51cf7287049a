// What every island page (decision 0021) gets from its script, whatever else
// it enhances: menus that close on Escape and outside clicks, the chat panel
// that loads its code on first use, and newsletter boxes that answer in place.
import { wakeOnFirstUse } from "~/components/chat/wake";
import { dismissable } from "~/lib/dismissable";
import { enhanceNewsletter } from "./newsletter";

export function enhanceSite() {
  document.querySelectorAll<HTMLDetailsElement>("details[data-dismissable]").forEach(dismissable);
  const chat = document.querySelector<HTMLElement>("#chat-assistant");
  if (chat) wakeOnFirstUse(chat);
  document.querySelectorAll<HTMLFormElement>('form[action="/newsletter"]').forEach(enhanceNewsletter);
}
