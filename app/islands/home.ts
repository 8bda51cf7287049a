// The home page's only script (decision 0021): the page is not hydrated, so
// this enhances the server-rendered markup directly.
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

document.documentElement.dataset.enhanced = "home";
