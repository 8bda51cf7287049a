import { listAllPosts } from "./blog.server";
import { eventIsPast, formatLongDate, formatRupees, spotsLeftLabel } from "./content-pages";
import { getContentPages, listArticles, listPolicies } from "./content-pages.server";
import { todayInAgencyTimeZone } from "../platform/form-fields";

// Every piece of the site's written content as plain documents, in one call:
// for a search index or the chat assistant's retrieval. Markdown is the text
// format throughout (posts, policies and articles are Markdown already; the
// JSON lists are written out as short Markdown).

export type ContentDocument = {
  kind: "post" | "article" | "policy" | "faq" | "team" | "event" | "position" | "page";
  /** Unique across all documents, e.g. "post:how-creative-tokens-work". */
  id: string;
  title: string;
  /** The page that shows it, with an #anchor where the page has one. */
  url: string;
  markdown: string;
  /** Words about the document that are not part of its text (a post's author, category, tags). */
  about?: string;
};

/** Every document; `today` (the agency's date) tells an event that has been from one to come. */
export async function listContentDocuments(today = todayInAgencyTimeZone()): Promise<ContentDocument[]> {
  const [posts, articles, policies, pages] = await Promise.all([
    listAllPosts(),
    listArticles(),
    listPolicies(),
    getContentPages(["help", "team", "events", "careers", "company-profile", "values"]),
  ]);
  const documents: ContentDocument[] = [
    ...posts.map((post) => ({
      kind: "post" as const,
      id: `post:${post.slug}`,
      title: post.title,
      url: post.url,
      markdown: `${post.excerpt}\n\n${post.content}`,
      about: `By ${post.author}, ${post.date}. ${post.categoryLabel}. ${post.tags.join(" ")}`,
    })),
    ...articles.map((article) => ({
      kind: "article" as const,
      id: `article:${article.id}`,
      title: article.title,
      url: article.url,
      markdown: `${article.date}\n\n${article.body}`,
    })),
    ...policies.map((policy) => ({
      kind: "policy" as const,
      id: `policy:${policy.slug}`,
      title: policy.title,
      url: policy.url,
      markdown: `Effective ${formatLongDate(policy.effective)}. ${policy.summary}\n\n${policy.body}`,
    })),
    ...pages.help.faqs.items.map((faq, i) => ({
      kind: "faq" as const,
      id: `faq:${i + 1}`,
      title: faq.question,
      url: "/helpsupport#faq",
      markdown: faq.answer,
    })),
    ...pages.team.members.map((member) => ({
      kind: "team" as const,
      id: `team:${member.name.toLowerCase().replace(/[^a-z]+/g, "-")}`,
      title: `${member.name}, ${member.title}`,
      url: "/teampage",
      markdown: `${member.name} is our ${member.title}. ${member.description}`,
    })),
    ...pages.events.events.map((event) => ({
      kind: "event" as const,
      id: `event:${event.slug}`,
      title: event.title,
      url: "/events",
      markdown:
        // "Venue" is how visitors ask for the place ("summit ticket price n venue").
        `${event.title}: ${formatLongDate(event.date)}. ${event.location === "Online" ? "Online" : `Venue: ${event.location}`}. ${event.price ? `Entry ${formatRupees(event.price)}` : "Free entry"}, ` +
        `${eventIsPast(event, today) ? "event ended" : spotsLeftLabel(event.spots).toLowerCase()} (${event.category}). ${event.description}`,
    })),
    ...pages.careers.positions.items.map((position) => ({
      kind: "position" as const,
      id: `position:${position.role}`,
      title: position.title,
      url: `/careerpage?role=${position.role}#apply`,
      markdown:
        `${position.title}: ${position.type}, ${position.location}, in the ${position.team} team. ` +
        `${position.summary} Apply with the form on the careers page.`,
    })),
    {
      kind: "page",
      id: "page:companyprofile",
      title: pages["company-profile"].hero.title,
      url: "/companyprofile",
      markdown: [
        // The page's figures too ("24 people in the studio"), so the assistant can say them (decision 0094).
        `${pages["company-profile"].hero.intro} ${pages["company-profile"].facts.map((f) => `${f.label}: ${f.value}.`).join(" ")}`,
        ...pages["company-profile"].story.map((s) => `## ${s.title}\n\n${s.text}`),
      ].join("\n\n"),
    },
    {
      kind: "page",
      id: "page:environment",
      title: pages.values.hero.title,
      url: "/environment",
      markdown: [
        // The values by name too, so "what do you believe in" is answered with them (decision 0094).
        `${pages.values.hero.intro} Our values: ${pages.values.values.map((v) => v.title).join(", ")}.`,
        ...pages.values.values.map((v) => `## ${v.title}\n\n${v.text}`),
      ].join("\n\n"),
    },
    {
      // The page's day-to-day practices as well ("four-day weeks", "are your prices public").
      kind: "page",
      id: "page:environment-practices",
      title: pages.values.practices.title,
      url: "/environment",
      markdown: pages.values.practices.items.map((p) => `## ${p.title}\n\n${p.text}`).join("\n\n"),
    },
  ];
  return documents;
}
