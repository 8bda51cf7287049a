import { z } from "zod";
import { rupees } from "../platform/money";
import { CAREER_ROLES } from "./career-roles";

// Schemas for the content pages' seeds (issue 5): team, company profile,
// values, events, coming soon, careers, collaborations, investors, help,
// referrals (JSON), and policies and articles (Markdown). Pure: tests validate
// the seed files directly, and components import the types.

const text = z.string({ error: "is required" }).trim().min(1, "is required");
const localHref = z
  .string()
  .regex(/^\/(?!\/)[^\s]*$/, "must be a path on this site, starting with a single /");
const media = z.string().regex(/^\/media\/[\w\-/]+\.(svg|png|webp|jpg)$/, "must be a file in public/media");
const image = z.object({ src: media, alt: z.string().trim() });
const link = z.object({ label: text, href: localHref });
const accent = z.enum(["green", "blue", "yellow", "red", "purple"]);
const isoDate = z.preprocess(
  (value) =>
    value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString().slice(0, 10) : value,
  z
    .string({ error: "is required (YYYY-MM-DD)" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date written YYYY-MM-DD"),
);
const seoSchema = z.object({
  title: text,
  description: text.min(50, "must be at least 50 characters").max(160, "must be at most 160 characters"),
});
const hero = z.object({ eyebrow: text, title: text, intro: text });
const card = z.object({ title: text, text });

const blogPageSchema = z.object({
  seo: seoSchema,
  hero,
  featuredLabel: text,
  latestTitle: text,
  searchLabel: text,
  categoriesTitle: text,
  tagsTitle: text,
  newsletterTitle: text,
  empty: z.object({ title: text, text, reset: text }),
});

const teamSchema = z.object({
  seo: seoSchema,
  hero,
  members: z
    .array(z.object({ name: text, title: text, description: text, image }))
    .length(4, "needs exactly four members"),
  /** Shown when a portrait fails to load. */
  placeholder: media,
  cta: z.object({ title: text, text, link }),
});

const companyProfileSchema = z.object({
  seo: seoSchema,
  hero,
  facts: z
    .array(z.object({ value: text, label: text }))
    .min(3)
    .max(6),
  story: z.array(card).min(2),
  disciplines: z.object({ title: text, items: z.array(text).min(4) }),
  resources: z.object({ title: text, items: z.array(link.extend({ text })).min(1) }),
  cta: z.object({ title: text, text, primary: link, secondary: link }),
});

const valuesSchema = z.object({
  seo: seoSchema,
  hero,
  values: z.array(card.extend({ accent })).min(4),
  practices: z.object({ title: text, items: z.array(card).min(3) }),
});

export const EVENT_CATEGORIES = [
  { slug: "conferences", value: "conference", label: "Conferences" },
  { slug: "workshops", value: "workshop", label: "Workshops" },
  { slug: "meetups", value: "meetup", label: "Meetups" },
] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number]["value"];

const eventsSchema = z.object({
  seo: seoSchema,
  hero,
  events: z
    .array(
      z.object({
        slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be lower-case words joined by hyphens"),
        title: text,
        date: isoDate,
        location: text,
        category: z.enum(EVENT_CATEGORIES.map((c) => c.value) as [EventCategory, ...EventCategory[]]),
        description: text,
        /** In rupees; 0 is free. */
        price: z.number().int("must be whole rupees").min(0),
        image,
        /** Places left. */
        spots: z.number().int().min(0),
      }),
    )
    .min(3),
  empty: text,
});

const comingSoonSchema = z.object({
  seo: seoSchema,
  title: text,
  text,
  /** What links here (?for=…): Brochure, Newsroom, Request Quote, View Cart. */
  features: z.array(z.object({ key: z.string().regex(/^[a-z-]+$/), label: text, text })).min(1),
  links: z.array(link).min(1),
});

const roleValues = CAREER_ROLES.map((r) => r.value);
const careersSchema = z.object({
  seo: seoSchema,
  whyJoin: z.object({ title: text, cards: z.array(card).min(3) }),
  positions: z.object({
    title: text,
    intro: text,
    items: z
      .array(
        z.object({
          role: z.enum(roleValues, { error: "must be a role of the application form" }),
          title: text,
          team: text,
          location: text,
          type: text,
          summary: text,
        }),
      )
      .length(6, "needs exactly six open positions"),
  }),
});

const collaborationsSchema = z.object({
  seo: seoSchema,
  partners: z.object({
    title: text,
    intro: text,
    items: z
      .array(z.object({ name: text, kind: text, text, logo: media }))
      .length(6, "needs exactly six partners"),
  }),
  types: z.object({
    title: text,
    items: z.array(card.extend({ accent })).length(4, "needs exactly four collaboration types"),
  }),
});

const investorsSchema = z.object({
  seo: seoSchema,
  deck: z.object({
    title: text,
    text,
    label: text,
    file: z.string().regex(/^\/downloads\/[\w-]+\.pdf$/, "must be a PDF in public/downloads"),
  }),
  reasons: z.object({ title: text, items: z.array(card.extend({ accent })).min(3) }),
  milestones: z.object({ title: text, items: z.array(z.object({ when: text, title: text, text })).min(3) }),
  testimonials: z.object({
    title: text,
    items: z.array(z.object({ quote: text, name: text, role: text })).min(2),
  }),
});

const helpSchema = z.object({
  seo: seoSchema,
  hero,
  channels: z.array(card.extend({ link, accent })).min(2),
  faqs: z.object({ title: text, items: z.array(z.object({ question: text, answer: text })).min(4) }),
});

const referralsSchema = z.object({
  seo: seoSchema,
  howItWorks: z.object({ title: text, steps: z.array(card).min(3) }),
  terms: z.object({ title: text, items: z.array(text).min(1) }),
});

/** seeds/policies/<slug>.md: the slug is the page's path (/privacy, /termscondition, …). */
export const POLICY_SLUGS = ["privacy", "termscondition", "refundpolicy", "shipping"] as const;
export type PolicySlug = (typeof POLICY_SLUGS)[number];

export const policySeedSchema = z.object({
  slug: z.enum(POLICY_SLUGS, {
    error: `the file name must be one of: ${POLICY_SLUGS.map((s) => `${s}.md`).join(", ")}`,
  }),
  title: text,
  /** "July 15, 2025" in the page; the date itself here. */
  effective: isoDate,
  description: seoSchema.shape.description,
  summary: text,
  body: text.min(200, "is too short for a policy"),
});
export type Policy = z.infer<typeof policySeedSchema> & { url: string };

/** seeds/articles/<id>.md: the product-update articles at /article/:id. */
export const articleSeedSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  title: text,
  /** Written as the page shows it ("24 April"). */
  date: text,
  description: seoSchema.shape.description,
  body: text,
});
export type Article = Omit<z.infer<typeof articleSeedSchema>, "slug"> & { id: string; url: string };

/** content_blocks keys of the JSON seeds, with their schemas. */
export const CONTENT_PAGE_BLOCKS = {
  blog: blogPageSchema,
  team: teamSchema,
  "company-profile": companyProfileSchema,
  values: valuesSchema,
  events: eventsSchema,
  "coming-soon": comingSoonSchema,
  careers: careersSchema,
  collaborations: collaborationsSchema,
  investors: investorsSchema,
  help: helpSchema,
  referrals: referralsSchema,
} as const;
export type ContentPageKey = keyof typeof CONTENT_PAGE_BLOCKS;
export type ContentPage<K extends ContentPageKey> = z.infer<(typeof CONTENT_PAGE_BLOCKS)[K]>;

export type EventItem = ContentPage<"events">["events"][number];

/** "2025-07-15" → "July 15, 2025" (the policies' wording). */
export function formatLongDate(iso: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${iso}T00:00:00Z`),
  );
}

/** An event is over once its day has passed in the agency's time zone; today's event is not. */
export function eventIsPast(event: Pick<EventItem, "date">, today: string): boolean {
  return event.date < today;
}

/** Events: the filter from ?category= (unknown → all), upcoming first by date, then past ones, newest first. */
export function eventCategoryFromParam(param: string | null): EventCategory | null {
  return EVENT_CATEGORIES.find((c) => c.slug === param)?.value ?? null;
}

export type ListedEvent = EventItem & { past: boolean };
export function listEvents(
  events: EventItem[],
  category: EventCategory | null,
  today: string,
): ListedEvent[] {
  const chosen = events
    .filter((e) => !category || e.category === category)
    .map((e) => ({ ...e, past: eventIsPast(e, today) }));
  const upcoming = chosen.filter((e) => !e.past).sort((a, b) => a.date.localeCompare(b.date));
  const past = chosen.filter((e) => e.past).sort((a, b) => b.date.localeCompare(a.date));
  return [...upcoming, ...past];
}

/** "₹2,500", or "Free" for 0 (docs/product.md, "Content pages": event prices in rupees). */
export function formatRupees(amount: number): string {
  return amount === 0 ? "Free" : rupees(amount);
}

/** An event's places as its page and the assistant both say them: "18 spots left", or "Sold out". */
export function spotsLeftLabel(spots: number): string {
  return spots === 0 ? "Sold out" : `${spots} ${spots === 1 ? "spot" : "spots"} left`;
}
