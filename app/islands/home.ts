// The home page's only script (decision 0021): the page is not hydrated, so
// this enhances the server-rendered markup directly.
import { closeOnEscape, wakeOnFirstUse } from "~/components/chat/wake";
import { heroSlider, learnMore, packageSlider } from "~/components/marketing/home/enhance";
import { enhanceSite } from "~/lib/enhance/site";

const one = <T extends Element>(selector: string) => document.querySelector<T>(selector);

enhanceSite();
const link = one<HTMLAnchorElement>('[data-testid="learn-more"]');
if (link) learnMore(link);
const strip = one<HTMLElement>('[data-testid="hero-slider"]');
if (strip) heroSlider(strip);
const packages = one<HTMLElement>("#custom-solutions");
if (packages) packageSlider(packages);
// The floating chat panel, only on this page: its code and React load on first use.
const chat = one<HTMLElement>("#chat-assistant");
if (chat) {
  wakeOnFirstUse(chat);
  closeOnEscape(chat);
}

document.documentElement.dataset.enhanced = "home";
