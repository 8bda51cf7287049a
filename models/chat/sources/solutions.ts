import { getHomeContent } from "../../content/marketing-content.server";
import { getSolutionsContent } from "../../billing/priced-pages.server";
import type { HomeContent, SolutionsContent } from "../../content/marketing-content";
import { formatPrice } from "../../content/marketing-pages";
import type { ChatDocument, ChatSource } from "./types";

const projects = (limit: number) =>
  limit === -1 ? "unlimited projects" : `${limit} active project${limit === 1 ? "" : "s"}`;

/**
 * The five monthly plans, the support packs and the consultation
 * (seeds/solutions.json). The home page's package cards name the plans too
 * (purple is "Support" there, PRO here), so both names find the plan.
 */
export function solutionsDocuments(content: SolutionsContent, home: HomeContent): ChatDocument[] {
  const homeCard = (colour: string) => home.packages.items.find((item) => item.colour === colour);
  const plans = content.plans.map((plan) => {
    const card = homeCard(plan.colour);
    const price = `${formatPrice(plan.prices.in, "in")} ${content.priceSuffix}`;
    return {
      id: `plan:${plan.slug}`,
      title: `${plan.name} plan`,
      url: `/solutions/${plan.colour}`,
      text:
        `${plan.name} (${content.monthlyLabel.toLowerCase()}): ${price}. ${plan.tagline} ` +
        `Includes: ${plan.features.join("; ")}. ${plan.monthlyTokens} Creative Tokens a month, ${projects(plan.projectLimit)}.` +
        ` In dollars and euros: ${formatPrice(plan.prices.us, "us")} or ${formatPrice(plan.prices.eu, "eu")} a month.` +
        (plan.isPopular ? " Our most popular plan." : ""),
      keywords: ["plan", "price", plan.colour, card?.name ?? "", ...(plan.isPopular ? ["popular"] : [])],
      answers: ["price", "includes"],
      entity: plan.name,
    } satisfies ChatDocument;
  });
  const cheapest = [...content.plans].sort((a, b) => a.prices.in - b.prices.in);
  return [
    {
      id: "solutions:overview",
      title: "Monthly plans and solutions",
      url: "/solutions",
      text:
        `${content.intro} Monthly plans: ${content.plans.map((p) => `${p.name} ${formatPrice(p.prices.in, "in")}`).join(", ")} ${content.priceSuffix}. ` +
        `Plans start at ${formatPrice(cheapest[0]!.prices.in, "in")} ${content.priceSuffix}: ${cheapest[0]!.name} is the cheapest.`,
      keywords: ["plans", "options", "compare", "cheapest", "solutions", "custom", "all"],
    },
    ...plans,
    ...content.supportPack.options.map((option) => ({
      id: `support-pack:${option.name.toLowerCase().replace(/\W+/g, "-")}`,
      title: `${option.name} support pack`,
      url: "/solutions?tab=support-pack",
      text: `${option.name} (${content.supportPack.label.toLowerCase()}): ${option.text} ${option.points.join("; ")}.`,
      keywords: ["support", "pack", "on-project", "one", "project", "team", "hire", "deadline", "contact"],
    })),
    {
      id: "solutions:consultation",
      title: "Consultation",
      url: "/solutions?tab=consultation",
      text:
        `${content.consultation.title} (${content.consultation.label.toLowerCase()}). ` +
        `${content.consultation.text} ${content.consultation.points.join("; ")}.`,
      keywords: ["consultation", "consult", "consulting", "advice", "call", "meet", "session", "question"],
    },
  ];
}

export const solutionsSource: ChatSource = {
  name: "solutions",
  load: async () => {
    const [content, home] = await Promise.all([getSolutionsContent(), getHomeContent()]);
    return solutionsDocuments(content, home);
  },
};
