import { getHomeContent, getServicesContent } from "../../content/marketing-content.server";
import type { HomeContent, ServicesContent } from "../../content/marketing-content";
import { getSiteShell } from "../../content/site-content.server";
import type { Site } from "../../content/site-content";
import type { ChatDocument, ChatSource } from "./types";

/** Who the agency is and how it works: the home page and the services page (seeds/home.json, services.json). */
export function studioDocuments(site: Site, home: HomeContent, services: ServicesContent): ChatDocument[] {
  const serviceList = services.whatWeCreate.items.map(
    (item) => `${item.label}${item.isNew ? ` (${services.whatWeCreate.newBadge})` : ""}`,
  );
  return [
    {
      id: "studio:about",
      title: `About ${site.name}`,
      url: "/",
      text: `${site.description} ${home.hero.intro}`,
      keywords: ["about", "who", "agency", "studio", "company", site.name, "branding", "digital"],
    },
    {
      id: "studio:services",
      title: services.whatWeCreate.title,
      url: "/services",
      text: `We create: ${serviceList.join(", ")}. ${services.intro.text}`,
      keywords: ["services", "offer", "provide", "create", "make", "list", "new"],
    },
    {
      id: "studio:quality",
      title: services.quality.title,
      url: "/services",
      text: `${services.quality.paragraphs.join(" ")} ${services.quality.points.map((p) => `${p.value} ${p.label}`).join("; ")}.`,
      // "48 h to your first concepts": how soon the first designs come.
      answers: ["duration"],
      keywords: [
        "quality",
        "process",
        "lead",
        "senior",
        "concepts",
        "fast",
        "turnaround",
        "ownership",
        "own",
        "source",
        "files",
        "fix",
      ],
    },
    {
      id: "studio:spotlight",
      title: services.spotlight.title,
      url: "/services",
      text: `Recent work: ${services.spotlight.items.map((item) => item.name).join("; ")}.`,
      keywords: [
        "portfolio",
        "work",
        "projects",
        "examples",
        "case",
        "studies",
        "spotlight",
        "recent",
        "clients",
      ],
    },
    {
      id: "studio:brands",
      title: home.brands.title,
      url: "/",
      text: `${home.brands.text} ${home.brands.items.map((brand) => brand.name).join(", ")}.`,
      keywords: ["brands", "clients", "customers", "worked", "trusted"],
    },
    {
      id: "studio:process",
      title: home.strategy.title,
      url: "/",
      text: `${home.strategy.eyebrow}: ${home.strategy.title} ${home.strategy.text}`,
      keywords: [
        "process",
        "approach",
        "method",
        "steps",
        "how",
        "work",
        "discover",
        "define",
        "design",
        "deliver",
      ],
    },
    ...home.slider.slides.map((slide, i) => ({
      id: `studio:slide:${i + 1}`,
      title: slide.eyebrow,
      url: "/",
      text: `${slide.title}. ${slide.text}`,
    })),
    {
      id: "studio:ai-lab",
      title: home.promos.aiModels.eyebrow,
      url: "/",
      text: `${home.promos.aiModels.title}. ${home.promos.aiModels.text}`,
      keywords: ["ai", "models", "lab", "copy", "imagery", "voice"],
    },
  ];
}

export const studioSource: ChatSource = {
  name: "studio",
  load: async () => {
    const [{ site }, home, services] = await Promise.all([
      getSiteShell(),
      getHomeContent(),
      getServicesContent(),
    ]);
    return studioDocuments(site, home, services);
  },
};
