import { getCreativeTokensContent } from "../../billing/priced-pages.server";
import type { CreativeTokensContent } from "../../content/marketing-content";
import { formatPrice } from "../../content/marketing-pages";
import type { ChatDocument, ChatSource } from "./types";

const URL = "/creative-tokens";

/** Creative Tokens: what they are, bundles, usage tiers, add-ons, validity and refunds (seeds/creative-tokens.json). */
export function creativeTokensDocuments(content: CreativeTokensContent): ChatDocument[] {
  const { regions } = content.pricing;
  const prices = (p: Record<(typeof regions)[number]["id"], number>) =>
    regions.map((r) => `${formatPrice(p[r.id], r.id)} (${r.label})`).join(", ");
  const tokens = (n: number) => `${n} ${n === 1 ? "token" : content.labels.tokens}`;
  const bundles = content.pricing.bundles;
  const withBonus = (b: (typeof bundles)[number]) =>
    b.bonusTokens
      ? `${tokens(b.tokens)} plus ${b.bonusTokens} bonus tokens`
      : `${tokens(b.tokens)} (no bonus tokens)`;
  const bySize = [...bundles].sort((a, b) => a.tokens - b.tokens);
  const smallest = bySize[0]!;
  const largest = bySize.at(-1)!;
  return [
    {
      id: "tokens:overview",
      title: "Creative Tokens",
      url: URL,
      text: `${content.hero.title}. ${content.hero.text} ${content.about.paragraphs[0]}`,
      keywords: ["tokens", "creative", "what", "credit", "prepaid", "work"],
    },
    {
      id: "tokens:how",
      title: content.howItWorks.title,
      url: URL,
      text: content.howItWorks.steps.map((step, i) => `${i + 1}. ${step.title}: ${step.text}`).join(" "),
      keywords: ["how", "works", "buy", "use", "spend", "start", "steps"],
    },
    {
      id: "tokens:usage",
      title: content.usage.title,
      url: URL,
      text: `${content.usage.text} ${content.usage.items.join("; ")}.`,
      keywords: ["spend", "use", "usage", "buy", "get"],
    },
    {
      id: "tokens:bundles",
      title: content.pricing.title,
      url: URL,
      text:
        `There are ${bundles.length} token bundles. ` +
        bundles.map((b) => `${b.name}: ${withBonus(b)} for ${prices(b.prices)}.`).join(" ") +
        ` ${smallest.name} is the smallest bundle; ${largest.name} is the largest, with the lowest price per token. ${content.pricing.text}`,
      keywords: ["bundles", "price", "buy", "tokens", "smallest", "largest", "bonus"],
      answers: ["price", "includes"],
    },
    ...bundles.map((bundle) => ({
      id: `tokens:bundle:${bundle.slug}`,
      title: `${bundle.name} token bundle`,
      url: URL,
      text:
        `The ${bundle.name} bundle gives ${withBonus(bundle)} for ${prices(bundle.prices)}. ` +
        `${bundle.description}${bundle.isPopular ? ` ${content.labels.popular}.` : ""}`,
      keywords: ["bundle", "tokens", String(bundle.tokens), ...(bundle.bonusTokens ? ["bonus"] : [])],
      answers: ["price" as const, "includes" as const],
      entity: `${bundle.name} bundle`,
    })),
    {
      id: "tokens:tiers",
      title: content.tiers.title,
      url: URL,
      text:
        `${content.tiers.text} ` +
        content.tiers.items
          .map(
            (t) =>
              `${t.name}: ${tokens(t.poster)} per poster, ${tokens(t.revision)} per revision, ${tokens(t.fastDelivery)} per fast delivery.`,
          )
          .join(" "),
      keywords: [
        "poster",
        "posters",
        "revision",
        "revisions",
        "design",
        "graphic",
        "basic",
        "pro",
        "tier",
        "fast",
        "delivery",
      ],
    },
    ...content.addOns.items.map((item) => ({
      id: `tokens:add-on:${item.name.toLowerCase().replace(/\W+/g, "-")}`,
      title: `${item.name} add-on`,
      url: URL,
      text:
        `${item.name}: ${tokens(item.tokens)}${item.onwards ? ` ${content.labels.onwards}` : ""}, ` +
        `or ${prices(item.prices)}.${item.note ? ` ${item.note}.` : ""}`,
      keywords: ["add-on", "addon", "extra"],
      answers: ["price" as const],
      entity: item.name,
    })),
    {
      id: "tokens:add-ons",
      title: content.addOns.title,
      url: URL,
      text: `${content.addOns.text} ${content.addOns.items.map((item) => `${item.name} (${tokens(item.tokens)})`).join(", ")}.`,
      keywords: ["add-ons", "addons", "extras", "list"],
    },
    {
      id: "tokens:validity",
      title: "Token validity and refunds",
      url: URL,
      text: `${content.about.paragraphs.slice(1).join(" ")} ${content.about.facts.map((f) => `${f.value} ${f.label}`).join("; ")}.`,
      keywords: [
        "valid",
        "validity",
        "expire",
        "expiry",
        "refund",
        "unused",
        "days",
        "money",
        "back",
        "last",
      ],
    },
  ];
}

export const creativeTokensSource: ChatSource = {
  name: "creative-tokens",
  load: async () => creativeTokensDocuments(await getCreativeTokensContent()),
};
