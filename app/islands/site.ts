// The script of the public content pages (decision 0045): they are not
// hydrated; this adds what their React code adds on a hydrated page.
import { enhancePortrait } from "~/components/content/enhance-portrait";
import { enhanceSolutionTabs } from "~/components/marketing/solutions/enhance";
import { enhanceSite } from "~/lib/enhance/site";

enhanceSite();
document.querySelectorAll<HTMLImageElement>("img[data-placeholder]").forEach(enhancePortrait);
const tabs = document.querySelector<HTMLElement>("#solution-tabs");
if (tabs) enhanceSolutionTabs(tabs);

document.documentElement.dataset.enhanced = "site";
