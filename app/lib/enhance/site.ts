// What every island page (decision 0021) gets from its script, whatever else
// it enhances: menus that close on Escape and outside clicks, and newsletter
// boxes that answer in place.
import { dismissable } from "~/lib/dismissable";
import { enhanceNewsletter } from "./newsletter";

export function enhanceSite() {
  document.querySelectorAll<HTMLDetailsElement>("details[data-dismissable]").forEach(dismissable);
  document.querySelectorAll<HTMLFormElement>('form[action="/newsletter"]').forEach(enhanceNewsletter);
}
