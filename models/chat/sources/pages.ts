import { getBillingSettings } from "../../billing/billing-content.server";
import type { BillingSettings } from "../../billing/billing-content";
import { formatGiftAmount, GIFT_AMOUNTS, giftTokenRates } from "../../billing/gift-cards";
import { todayInAgencyTimeZone } from "../../platform/form-fields";
import { formatMinor, rupees } from "../../platform/money";
import { getContentPages } from "../../content/content-pages.server";
import { formatLongDate, formatRupees, listEvents, type ContentPage } from "../../content/content-pages";
import { listInWords } from "../compose";
import type { ChatDocument, ChatSource } from "./types";

// The pages built from the content team's JSON seeds that no other source
// covers as a whole: gift cards, careers, collaborations, investors,
// referrals, help, events, the team, the blog's front page and what is
// coming soon. Each passage opens with the sentence that answers the usual
// question about it.

export type Pages = {
  [
    K in
      | "careers"
      | "collaborations"
      | "investors"
      | "referrals"
      | "help"
      | "events"
      | "team"
      | "coming-soon"
      | "blog"
  ]: ContentPage<K>;
};
export const PAGE_KEYS = [
  "careers",
  "collaborations",
  "investors",
  "referrals",
  "help",
  "events",
  "team",
  "coming-soon",
  "blog",
] as const;

/** Dollars and euros, in one sentence: a buyer pays in their own currency (decision 0059). */
function giftInOtherCurrencies(): string {
  const list = (region: "us" | "eu") =>
    `${listInWords(GIFT_AMOUNTS[region].presets.map((a) => formatGiftAmount(a, region)))} ` +
    `(any amount from ${formatGiftAmount(GIFT_AMOUNTS[region].min, region)} ` +
    `to ${formatGiftAmount(GIFT_AMOUNTS[region].max, region)})`;
  return `Buyers who pay in US dollars or euros choose from ${list("us")} or ${list("eu")}.`;
}

function giftPassages(billing: BillingSettings): ChatDocument[] {
  const gift = billing.giftCards;
  const rates = giftTokenRates(gift);
  const term = (title: string) => gift.terms.items.find((t) => t.title.toLowerCase().includes(title));
  const url = "/gift";
  return [
    {
      id: "gift:overview",
      title: "Gift cards",
      url,
      text:
        `Gift cards come in ${listInWords(GIFT_AMOUNTS.in.presets.map((a) => rupees(a)))}, ` +
        `or any amount from ${rupees(GIFT_AMOUNTS.in.min)} to ${rupees(GIFT_AMOUNTS.in.max)}. ` +
        `${giftInOtherCurrencies()} ${gift.intro}`,
      keywords: ["giftcard", "gift", "amount", "buy", "present", "send"],
      answers: ["price", "how"],
    },
    {
      id: "gift:terms",
      title: gift.terms.title.replace(/^Terms$/, "Gift card terms"),
      url,
      text: gift.terms.items.map((t) => `${t.title}: ${t.text}`).join(" "),
      keywords: ["giftcard", "valid", "refund", "redeem", "transfer", "tokens", "rules"],
      answers: ["duration", "how"],
    },
    {
      id: "gift:redeem",
      title: "Redeeming a gift card",
      url,
      text: (
        `Redeeming a gift card turns its amount into Creative Tokens at ${rupees(gift.inrPerToken)} per token ` +
        `(${formatMinor(rates.us, "USD")} for a card in dollars, ${formatMinor(rates.eu, "EUR")} in euros). ` +
        `${term("any")?.text ?? ""} ${term("balance")?.text ?? ""}`
      ).trim(),
      keywords: ["giftcard", "redeem", "tokens", "convert", "use", "code"],
      answers: ["how"],
    },
    {
      id: "gift:perfect-for",
      title: gift.perfectFor.title,
      url,
      text:
        `A gift card suits ${listInWords(gift.perfectFor.items.map((i) => i.title.toLowerCase()))}. ` +
        gift.perfectFor.items.map((i) => `${i.title}: ${i.text}`).join(" "),
      keywords: ["giftcard", "who", "idea", "occasion"],
    },
  ];
}

function careerPassages({ careers }: Pages): ChatDocument[] {
  const roles = careers.positions.items;
  return [
    {
      id: "careers:open-roles",
      title: careers.positions.title,
      url: "/careerpage",
      text:
        `Open roles: ${listInWords(roles.map((r) => `${r.title} (${r.location}, ${r.type})`))}. ` +
        `${careers.positions.intro} Apply with the form on the careers page; attach your CV.`,
      keywords: ["career", "role", "open", "vacancy", "apply", "hiring", "work"],
      answers: ["how", "includes"],
    },
    ...careers.whyJoin.cards.map((card, i) => ({
      id: `careers:why:${i + 1}`,
      title: `${careers.whyJoin.title}: ${card.title}`,
      url: "/careerpage",
      text: `${card.title}. ${card.text}`,
      keywords: ["career", "culture", "benefits", "work"],
    })),
  ];
}

function collaborationPassages({ collaborations }: Pages): ChatDocument[] {
  const { partners, types } = collaborations;
  return [
    {
      id: "collab:partners",
      title: `Our partners: ${partners.title}`,
      url: "/collabpage",
      text: `Our partners: ${listInWords(partners.items.map((p) => `${p.name} (${p.kind.toLowerCase()})`))}. ${partners.intro}`,
      keywords: ["partner", "collaboration", "work", "studios", "who"],
      answers: ["who"],
    },
    ...partners.items.map((p) => ({
      id: `collab:partner:${p.name.toLowerCase().replace(/\W+/g, "-")}`,
      title: `${p.name} (${p.kind})`,
      url: "/collabpage",
      text: `${p.name} is our ${p.kind.toLowerCase()} partner. ${p.text}`,
      keywords: [p.kind],
      answers: ["who" as const],
      entity: p.name,
    })),
    {
      id: "collab:ways",
      title: types.title,
      url: "/collabpage",
      text:
        `There are ${types.items.length} ways to collaborate: ${listInWords(types.items.map((t) => t.title))}. ` +
        `${types.items.map((t) => `${t.title}: ${t.text}`).join(" ")} Pitch your idea with the collaboration form.`,
      keywords: ["collaboration", "partner", "ways", "how", "work", "together", "propose"],
      answers: ["how", "includes"],
    },
  ];
}

function investorPassages({ investors }: Pages): ChatDocument[] {
  const { deck, reasons, milestones, testimonials } = investors;
  return [
    {
      id: "investors:deck",
      title: deck.title,
      url: "/investorpage",
      text: `Download the pitch deck (PDF) from the investors page. ${deck.text} To talk to the founders, use the investor meeting form.`,
      keywords: ["pitchdeck", "investor", "invest", "deck", "download", "pdf", "pages"],
      answers: ["how", "where"],
    },
    {
      id: "investors:reasons",
      title: `${reasons.title} in Ascendra`,
      url: "/investorpage",
      text: reasons.items.map((r) => `${r.title}: ${r.text}`).join(" "),
      keywords: ["invest", "investor", "why", "reasons", "business", "opportunity"],
    },
    {
      id: "investors:milestones",
      title: milestones.title,
      url: "/investorpage",
      text: milestones.items.map((m) => `${m.when}: ${m.title}.`).join(" "),
      keywords: ["history", "milestones", "founded", "timeline", "growth", "investor"],
      answers: ["when"],
    },
    // One passage a milestone, so "when did…" finds the one it asks about.
    ...milestones.items.map((m) => ({
      id: `investors:milestone:${m.when}`,
      title: `${m.title} (${m.when})`,
      url: "/investorpage",
      text: `${m.when}: ${m.title}. ${m.text}`,
      keywords: ["milestone", m.when],
      answers: ["when" as const],
    })),
    ...testimonials.items.map((t, i) => ({
      id: `investors:testimonial:${i + 1}`,
      title: `${t.name}, ${t.role}`,
      url: "/investorpage",
      text: `${t.name} (${t.role}) says: “${t.quote}”`,
      keywords: ["testimonial", "review", "say", "client", "feedback"],
    })),
  ];
}

function referralPassages({ referrals }: Pages, billing: BillingSettings): ChatDocument[] {
  const reward = billing.referral.rewardTokens;
  return [
    {
      id: "referrals:how",
      title: `Referrals: ${referrals.howItWorks.title}`,
      url: "/referrals",
      text:
        `Refer a friend and you both get ${reward} bonus Creative Tokens when their first purchase is confirmed. ` +
        referrals.howItWorks.steps.map((s, i) => `${i + 1}. ${s.title}: ${s.text}`).join(" "),
      keywords: ["refer", "friend", "bonus", "reward", "tokens", "code", "how"],
      answers: ["how", "price"],
    },
    {
      id: "referrals:terms",
      title: `Referrals: ${referrals.terms.title}`,
      url: "/referrals",
      text: referrals.terms.items.join(" "),
      keywords: ["refer", "rules", "terms", "code", "limit", "valid"],
    },
  ];
}

function helpPassages({ help }: Pages): ChatDocument[] {
  return [
    {
      id: "help:channels",
      title: help.hero.title,
      url: "/helpsupport",
      text: `${help.hero.intro} ${help.channels.map((c) => `${c.title}: ${c.text}`).join(" ")}`,
      keywords: ["help", "support", "ticket", "contact", "assistant"],
      answers: ["how"],
    },
    {
      id: "help:ticket",
      title: "Create a support ticket",
      url: "/createticket",
      text:
        help.channels.find((c) => c.link.href === "/createticket")?.text ??
        "Open a support ticket and a person from the studio will reply.",
      keywords: ["ticket", "support", "open", "create", "number", "problem", "billing", "bug"],
      answers: ["how"],
    },
  ];
}

/** The events still to come, soonest first, then those that have been, as the events page lists them on `today`. */
function eventPassages({ events }: Pages, today: string): ChatDocument[] {
  const listed = listEvents(events.events, null, today);
  const upcoming = listed.filter((e) => !e.past);
  const past = listed.filter((e) => e.past);
  const inWords = (items: typeof listed) =>
    items
      .map((e) => `${e.title} on ${formatLongDate(e.date)} at ${e.location} (${formatRupees(e.price)})`)
      .join("; ");
  return [
    {
      id: "events:upcoming",
      title: "Upcoming events",
      url: "/events",
      text:
        (upcoming.length ? `Upcoming events: ${inWords(upcoming)}. ${events.hero.intro}` : events.empty) +
        (past.length ? ` Past events: ${inWords(past)}.` : ""),
      keywords: ["event", "upcoming", "workshop", "meetup", "talk", "calendar", "next"],
      answers: ["when", "where", "price"],
    },
  ];
}

function teamPassages({ team }: Pages): ChatDocument[] {
  return [
    {
      id: "team:core",
      title: team.hero.title,
      url: "/teampage",
      text: `The core team: ${listInWords(team.members.map((m) => `${m.name} (${m.title})`))}. ${team.hero.intro}`,
      keywords: ["team", "founder", "who", "people", "leadership", "staff"],
      answers: ["who"],
    },
  ];
}

function morePassages(pages: Pages): ChatDocument[] {
  const soon = pages["coming-soon"];
  const blog = pages.blog;
  return [
    {
      id: "coming-soon",
      title: soon.title,
      url: "/comingsoon",
      text: `${soon.text} Coming soon: ${soon.features.map((f) => `${f.label}: ${f.text}`).join(" ")}`,
      keywords: ["soon", "coming", "brochure", "newsroom", "planned"],
    },
    {
      id: "blog:front",
      title: blog.hero.title,
      url: "/blogpage",
      text: `${blog.hero.intro ?? ""} Read it on the blog page, by category or tag.`.trim(),
      keywords: ["blog", "articles", "posts", "read", "news", "insights"],
    },
    {
      id: "account:signup",
      title: "Create an account",
      url: "/signup",
      text: "Sign up for a free client account to start projects, buy Creative Tokens, shop for design files and follow every project on your dashboard.",
      keywords: ["signup", "account", "register", "create", "join", "dashboard"],
      answers: ["how"],
    },
    {
      id: "account:login",
      title: "Sign in",
      url: "/login",
      text:
        "Sign in with your email and password to reach your dashboard, projects, tokens and downloads. " +
        "Forgot your password? Reset it from the sign-in page.",
      keywords: ["login", "account", "password", "dashboard", "forgot"],
      answers: ["how"],
    },
  ];
}

export const pagesSource: ChatSource = {
  name: "pages",
  load: async () => {
    const [pages, billing] = await Promise.all([getContentPages([...PAGE_KEYS]), getBillingSettings()]);
    return pagesDocuments(pages, billing);
  },
};

/** The pages' passages; `today` (the agency's date) tells the events to come from those that have been. */
export function pagesDocuments(
  pages: Pages,
  billing: BillingSettings,
  today = todayInAgencyTimeZone(),
): ChatDocument[] {
  return [
    ...giftPassages(billing),
    ...careerPassages(pages),
    ...collaborationPassages(pages),
    ...investorPassages(pages),
    ...referralPassages(pages, billing),
    ...helpPassages(pages),
    ...eventPassages(pages, today),
    ...teamPassages(pages),
    ...morePassages(pages),
  ];
}
