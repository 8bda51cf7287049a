import { data } from "react-router";
import { getHomeContent } from "~models/content/marketing-content.server";
import { getSiteShell } from "~models/content/site-content.server";
import { whatsappUrl } from "~models/content/site-content";
import { ChatSlot } from "~/components/marketing/chat-slot";
import { BrandMarquee } from "~/components/marketing/home/brand-marquee";
import { Hero } from "~/components/marketing/home/hero";
import { HeroSlider } from "~/components/marketing/home/hero-slider";
import { JsonLd } from "~/components/marketing/json-ld";
import { PackageSlider } from "~/components/marketing/home/package-slider";
import { Promos } from "~/components/marketing/home/promos";
import { StrategyPicture } from "~/components/marketing/home/strategy-picture";
import { floatingChatPanel } from "~/lib/chat-panel.server";
import { marketingCacheHeaders } from "~/lib/cache-control.server";
import { loaderHeaders } from "~/lib/route-headers";
import { organizationJsonLd, pageSeo } from "~/lib/seo.server";
import { seoMeta } from "~/lib/seo";
import { parseSlide } from "~/lib/slider";
import type { Route } from "./+types/home";

export const HERO_TITLE = "LETS ASCEND BRAND EXPERIENCES LIKE NOWHERE";

export async function loader({ request }: Route.LoaderArgs) {
  const [content, shell] = await Promise.all([getHomeContent(), getSiteShell()]);
  // Without JavaScript the package arrows are links carrying the step (?pkg=).
  const cards = content.packages.items.length + 1;
  const step = parseSlide(new URL(request.url).searchParams.get("pkg"), cards);
  return data(
    {
      content,
      step,
      // Built here, so none of it ships in the page's JavaScript (110 KiB budget).
      meta: seoMeta(pageSeo(request, "/", content.seo, shell.site.name)),
      organization: organizationJsonLd(request, shell),
      chat: floatingChatPanel({ email: shell.site.emails.hello, whatsapp: whatsappUrl(shell.site) }),
    },
    { headers: marketingCacheHeaders(request) },
  );
}

export const headers = loaderHeaders;

/**
 * The home page is an island (decision 0021): React never hydrates it. A
 * client-side navigation to it from a hydrated page becomes a document load,
 * so the visitor gets the server-rendered page and its own script.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { content, step, organization, chat } = loaderData;
  return (
    <>
      <JsonLd data={organization} />
      <Hero hero={content.hero} title={HERO_TITLE} />
      <HeroSlider slider={content.slider} />
      <Promos promos={content.promos} />
      <StrategyPicture strategy={content.strategy} />
      <BrandMarquee brands={content.brands} />
      <PackageSlider packages={content.packages} step={step} />
      <ChatSlot html={chat.html} props={chat.props} />
    </>
  );
}
