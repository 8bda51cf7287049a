import { z } from "zod";
import {
  CONTACT_VIDEO_COUNT,
  FEATURE_CARDS_PER_SERVICE,
  HERO_SLIDE_COUNT,
  MARQUEE_TILE_COUNT,
  STRATEGY_SERVICE_COUNT,
} from "./marketing-counts";
import { PACKAGE_COLOURS, REGIONS } from "./marketing-enums";

// Schemas for the marketing pages' content (seeds/home.json, services.json,
// strategy.json, solutions.json, creative-tokens.json). Pure: no database, so
// tests validate the seed files directly. The counts come from
// marketing-counts.ts (dependency-free), which the pages also read.

const text = z.string().trim().min(1, "is required");
const localHref = z
  .string()
  .regex(/^\/(?!\/)[^\s]*$/, "must be a path on this site, starting with a single /");
const media = z
  .string()
  .regex(/^\/media\/[\w\-/]+\.(svg|png|webp|jpg|webm|mp4)$/, "must be a file in public/media");
const httpsUrl = z.url({ protocol: /^https$/, error: "must be an https URL" });

const link = z.object({ label: text, href: localHref });
/** An image: where it is and what it shows ("" for a decorative one). */
const image = z.object({ src: media, alt: z.string().trim() });
const seo = z.object({
  title: text,
  description: text.min(50, "must be at least 50 characters").max(160, "must be at most 160 characters"),
});

export { SOLUTION_TABS, type PackageColour, type Region, type SolutionTab } from "./marketing-enums";
const packageColour = z.enum(PACKAGE_COLOURS);

const video = z.object({ webm: media, mp4: media, poster: media });

export const homeSchema = z.object({
  seo,
  hero: z.object({ eyebrow: text, intro: text, learnMore: text, cta: link, image }),
  slider: z.object({
    label: text,
    previous: text,
    next: text,
    /** Each slide is a service, bought through a brief, not the shop: it asks for a quote. */
    quote: link,
    slides: z
      .array(z.object({ eyebrow: text, title: text, text, image }))
      .length(HERO_SLIDE_COUNT, `needs exactly ${HERO_SLIDE_COUNT} slides`),
  }),
  promos: z.object({
    tokens: z.object({ eyebrow: text, title: text, text, image, learnMore: link, signUp: link }),
    aiModels: z.object({
      eyebrow: text,
      title: text,
      text,
      image,
      cta: z.object({ label: text, href: httpsUrl }),
    }),
  }),
  strategy: z.object({ eyebrow: text, title: text, text, wide: image, narrow: media, cta: link }),
  brands: z.object({
    title: text,
    text,
    items: z
      .array(z.object({ name: text, logo: media }))
      .length(MARQUEE_TILE_COUNT, `needs exactly ${MARQUEE_TILE_COUNT} brands`),
  }),
  packages: z.object({
    title: text,
    text,
    category: text,
    previous: text,
    next: text,
    /** The link text on each package card. */
    view: text,
    items: z
      .array(z.object({ colour: packageColour, name: text, tagline: text }))
      .length(PACKAGE_COLOURS.length, `needs one card per colour (${PACKAGE_COLOURS.length})`),
    more: z.object({ title: text, text, label: text, href: localHref }),
  }),
});

const spotlightImage = z.object({ id: text, name: text, type: z.literal("image"), media });
const spotlightVideo = z.object({
  id: text,
  name: text,
  type: z.literal("video"),
  media,
  mp4: media,
  poster: media,
});

export const servicesSchema = z.object({
  seo,
  intro: z.object({
    /** "{product}" stands for the agency's name (seeds/site.json). */
    bars: z.array(text).length(3, "needs exactly three bars"),
    text,
  }),
  whatWeCreate: z.object({
    title: text,
    newBadge: text,
    items: z
      .array(z.object({ service: text, label: text, blurb: text, isNew: z.boolean().default(false) }))
      .length(STRATEGY_SERVICE_COUNT, `needs exactly ${STRATEGY_SERVICE_COUNT} services`),
  }),
  spotlight: z.object({
    title: text,
    text,
    loadMore: text,
    items: z
      .array(z.discriminatedUnion("type", [spotlightImage, spotlightVideo]))
      .refine(
        (items) =>
          items.filter((i) => i.type === "image").length >= 2 && items.some((i) => i.type === "video"),
        "needs at least two images and one video",
      ),
  }),
  quality: z.object({
    title: text,
    paragraphs: z.array(text).min(1),
    points: z.array(z.object({ value: text, label: text })),
  }),
});

const featureCard = z.object({
  id: text,
  title: text,
  image: media,
  description: text,
  bullets: z.array(text).min(1),
});
const serviceStrategy = z.object({
  /** The ?service= value, exactly as the specs write it ("AI AR VR"). */
  name: text,
  header: z.object({ title: text, image: media, heading: text, text }),
  features: z
    .array(featureCard)
    .length(FEATURE_CARDS_PER_SERVICE, `needs exactly ${FEATURE_CARDS_PER_SERVICE} feature cards`),
  scalability: z.object({ title: text, description: text }),
});

export const strategySchema = z.object({
  seo,
  labels: z.object({
    serviceFeatures: text,
    keyFeatures: text,
    /** "{SERVICE}" is replaced by the service's name in capitals. */
    scalabilityLine: text.includes("{SERVICE}", { error: "must contain {SERVICE}" }),
    learnMore: link,
  }),
  services: z
    .array(serviceStrategy)
    .length(STRATEGY_SERVICE_COUNT, `needs exactly ${STRATEGY_SERVICE_COUNT} services`)
    .refine(
      (list) => new Set(list.map((s) => s.name.toLowerCase())).size === list.length,
      "service names must be unique",
    ),
  /** Shown for a missing or unknown ?service=. */
  default: serviceStrategy,
  contact: z.object({
    title: text,
    text,
    cta: link,
    videos: z.array(video).length(CONTACT_VIDEO_COUNT, `needs exactly ${CONTACT_VIDEO_COUNT} videos`),
  }),
});

/** A price in whole units of each region's currency: US dollars, euros, rupees (docs/decisions/0059). */
const prices = z.object({ us: z.number().positive(), eu: z.number().positive(), in: z.number().positive() });

/** One subscription plan; the same records later feed the subscription plans. */
export const planSchema = z.object({
  slug: z.string().regex(/^[a-z][a-z0-9-]*$/, "must be lower-case letters, digits and dashes"),
  colour: packageColour,
  name: text,
  tagline: text,
  /** A month's price in each region's currency; `in` is whole rupees. */
  prices: prices.extend({ in: z.int().positive() }),
  monthlyTokens: z.int().nonnegative(),
  /** -1 means unlimited (docs/product.md, "Billing and shop"). */
  projectLimit: z.int().min(-1),
  isPopular: z.boolean().default(false),
  features: z.array(text).min(1),
});

export const solutionsSchema = z.object({
  seo,
  headline: text,
  intro: text,
  tabs: z.object({ subscriptions: text, "support-pack": text, consultation: text }),
  monthlyLabel: text,
  priceSuffix: text,
  /** Marks the plan whose colour the visitor came for (/solutions/{scolor}). */
  selected: text,
  contact: link,
  plans: z
    .array(planSchema)
    .length(PACKAGE_COLOURS.length, `needs one plan per colour (${PACKAGE_COLOURS.length})`)
    .refine((plans) => new Set(plans.map((p) => p.colour)).size === plans.length, "each colour has one plan")
    .refine((plans) => new Set(plans.map((p) => p.slug)).size === plans.length, "plan slugs must be unique"),
  supportPack: z.object({
    label: text,
    options: z
      .array(
        z.object({
          colour: z.enum(["white", ...PACKAGE_COLOURS]),
          name: text,
          text,
          points: z.array(text).min(1),
        }),
      )
      .min(1),
  }),
  consultation: z.object({ label: text, title: text, text, points: z.array(text).min(1) }),
});

export const creativeTokensSchema = z.object({
  seo,
  hero: z.object({ eyebrow: text, title: text, text, image }),
  labels: z.object({
    getTokens: text,
    getTokensNow: text,
    contactUs: link,
    tokens: text,
    onwards: text,
    popular: text,
  }),
  howItWorks: z.object({ title: text, steps: z.array(z.object({ title: text, text })).min(1) }),
  usage: z.object({ title: text, text, items: z.array(text).min(1) }),
  pricing: z.object({
    title: text,
    text,
    regions: z
      .array(z.object({ id: z.enum(REGIONS), label: text, currency: z.string().length(3) }))
      .length(REGIONS.length),
    /** The token packages clients buy (loaded into token_packages; the page reads them from there). */
    bundles: z
      .array(
        z.object({
          slug: z.string().regex(/^[a-z][a-z0-9-]*$/, "must be lower-case letters, digits and dashes"),
          name: text,
          tokens: z.int().positive(),
          bonusTokens: z.int().nonnegative().default(0),
          description: text,
          isPopular: z.boolean().default(false),
          prices,
        }),
      )
      .min(1)
      .refine(
        (bundles) => new Set(bundles.map((b) => b.slug)).size === bundles.length,
        "bundle slugs must be unique",
      ),
  }),
  tiers: z.object({
    title: text,
    text,
    columns: z.object({ poster: text, revision: text, fastDelivery: text }),
    items: z
      .array(
        z.object({
          name: text,
          poster: z.int().positive(),
          revision: z.int().positive(),
          fastDelivery: z.int().positive(),
        }),
      )
      .min(1),
  }),
  addOns: z.object({
    title: text,
    text,
    items: z
      .array(
        z.object({
          name: text,
          tokens: z.int().positive(),
          onwards: z.boolean(),
          note: z.string().trim().optional(),
          prices,
        }),
      )
      .min(1),
  }),
  about: z.object({
    title: text,
    paragraphs: z.array(text).min(1),
    facts: z.array(z.object({ value: text, label: text })),
  }),
  closing: z.object({ title: text, text }),
});

export type HomeContent = z.infer<typeof homeSchema>;
export type ServicesContent = z.infer<typeof servicesSchema>;
export type StrategyContent = z.infer<typeof strategySchema>;
export type ServiceStrategy = z.infer<typeof serviceStrategy>;
export type SolutionsContent = z.infer<typeof solutionsSchema>;
export type Plan = z.infer<typeof planSchema>;
export type CreativeTokensContent = z.infer<typeof creativeTokensSchema>;

/**
 * What the content blocks hold. The plans and the token bundles are seeded
 * once, into subscription_plans and token_packages, which both the marketing
 * pages and billing read; their blocks keep the rest of the page.
 */
export const solutionsBlockSchema = solutionsSchema.omit({ plans: true });
export const creativeTokensBlockSchema = creativeTokensSchema.extend({
  pricing: creativeTokensSchema.shape.pricing.omit({ bundles: true }),
});
export type Bundle = CreativeTokensContent["pricing"]["bundles"][number];

/** content_blocks keys of the marketing pages, each with its schema (the seed files' shape). */
export const MARKETING_BLOCKS = {
  home: homeSchema,
  services: servicesSchema,
  strategy: strategySchema,
  solutions: solutionsSchema,
  "creative-tokens": creativeTokensSchema,
} as const;
export type MarketingKey = keyof typeof MARKETING_BLOCKS;
