// Answers a signed-in client's questions about their own account, from the
// same model functions the dashboard shows them with, and only for that
// client. Anonymous visitors are asked to sign in; staff are told these
// answers are for client accounts. Never cached: the chat's responses are
// private, no-store (app/routes/api/chat.ts, app/routes/chat.tsx).
import { getActiveSubscription } from "../billing/subscriptions.server";
import { FREE_PLAN } from "../billing/subscriptions";
import { listPurchases, type PurchaseView } from "../billing/shop.server";
import { expiringSoon, getBalance } from "../billing/tokens.server";
import { TOKEN_VALIDITY_DAYS } from "../billing/tokens";
import { deliveryViewsFor } from "../delivery/clock.server";
import { countUnread, listNotifications } from "../platform/notifications.server";
import { quoteRevisionRound } from "../billing/revision-rounds.server";
import { clientStatusLabel } from "../projects/status-labels";
import { describeStatus } from "../projects/status-vocabulary";
import { listProjects } from "../projects/project-lists.server";
import { type ProjectRow } from "../projects/projects.server";
import { can, ROLE_LABELS, type OrganisationRole } from "../identity/roles";
import { roleRefusal } from "../identity/role-messages";
import { accountTopics, asksWhereToLook, nameScore, nameWords, type AccountTopic } from "./account";
import { listInWords, type ChatSourceLink, type ComposedAnswer } from "./compose";

/**
 * Who is asking: the session's or the API token's person, or null for a
 * visitor. `organisation`: the organisation they act for (decision 0079): its
 * account holds the wallet, projects, plan and purchases the answers read, and
 * the role says what the asker may do with them. Without it, the person's own
 * account is the organisation's (a one-person organisation).
 */
export type AccountAsker = {
  id: string;
  role: "client" | "staff";
  organisation?: { accountId: string; name: string; role: OrganisationRole };
};

/** Whose records an answer reads, and how it speaks: "you" alone, "your team" for an organisation with others. */
type Speaker = { accountId: string; personId: string; team: boolean; role: OrganisationRole };

function speakerOf(asker: AccountAsker): Speaker {
  const organisation = asker.organisation;
  if (!organisation) return { accountId: asker.id, personId: asker.id, team: false, role: "owner" };
  return {
    accountId: organisation.accountId,
    personId: asker.id,
    // A one-person organisation is the person's own account and its owner: it speaks as before.
    team: organisation.accountId !== asker.id || organisation.role !== "owner",
    role: organisation.role,
  };
}

/**
 * `aboutAccount`: the answer was read from the asker's own records, so the
 * conversation it is stored in becomes theirs (models/chat/conversations.server.ts).
 * The sign-in and staff notes say nothing about an account and do not.
 */
type AccountAnswer = ComposedAnswer & { aboutAccount?: true };

/** The pages that show each figure (app/routes.ts). */
const PAGES = {
  signIn: { title: "Sign in", url: "/login" },
  tokens: { title: "Billing & Tokens", url: "/dashboard2/billing" },
  plan: { title: "Billing & Tokens: your plan", url: "/dashboard2/billing" },
  projects: { title: "Your projects", url: "/dashboard2/projects" },
  newProject: { title: "Start a project", url: "/createprojectform" },
  purchases: { title: "My Purchases", url: "/dashboard2/purchases" },
  shop: { title: "Shop", url: "/dashboard2/shop" },
  notifications: { title: "Notifications", url: "/dashboard2/notifications" },
  backOffice: { title: "Back-office", url: "/admin" },
} satisfies Record<string, ChatSourceLink>;

export const ACCOUNT_COPY = {
  signIn:
    "Sign in to ask about your account: once you are signed in I can tell you your token balance, your projects' status, your plan and your downloads.",
  staff:
    "Answers about an account are for client accounts. Clients' balances, projects and plans are in the back-office.",
} as const;

/** Projects listed in one answer at most. */
const PROJECTS_LISTED = 5;

const longDate = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
/** 12 January 2027 */
const day = (date: Date) => longDate.format(date);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** Stored plan names are upper case ("STARTER"); people read "Starter". */
const planName = (name: string) => name.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());

type Part = { text: string; sources: ChatSourceLink[] };

async function tokensPart(speaker: Speaker, topics: AccountTopic[], now: Date): Promise<Part> {
  const userId = speaker.accountId;
  const [balance, next] = await Promise.all([
    getBalance(userId, now),
    expiringSoon(userId, TOKEN_VALIDITY_DAYS, now),
  ]);
  const sources = [PAGES.tokens];
  if (speaker.team) return teamTokensPart(speaker, balance, next);
  if (topics.includes("expiry") && !topics.includes("balance")) {
    if (!next)
      return { text: `You have no Creative Tokens waiting to expire (your balance is ${balance}).`, sources };
    return {
      text:
        `Your next ${plural(next.amount, "Creative Token")} expire on ${day(next.expiresAt)}. ` +
        `You have ${balance} in all; tokens are valid ${TOKEN_VALIDITY_DAYS} days from the day they are granted.`,
      sources,
    };
  }
  const first = `You have ${plural(balance, "Creative Token")}.`;
  if (!next) return { text: first, sources };
  const which = next.amount >= balance ? "They" : `The next ${next.amount}`;
  return { text: `${first} ${which} expire on ${day(next.expiresAt)}.`, sources };
}

/**
 * The shared wallet, for a member of an organisation: "Your team has 120
 * Creative Tokens; your role (Member) can't spend them. Ask an owner, approver
 * or billing member." (decision 0079).
 */
function teamTokensPart(
  speaker: Speaker,
  balance: number,
  next: { amount: number; expiresAt: Date } | null,
): Part {
  const sources = [PAGES.tokens];
  const expiry = next ? ` The next ${plural(next.amount, "token")} expire on ${day(next.expiresAt)}.` : "";
  const rights = can(speaker.role, "spendTokens")
    ? ` Your role (${ROLE_LABELS[speaker.role]}) can spend them.`
    : ` ${roleRefusal(speaker.role, "spendTokens", "spend them")}`;
  return { text: `Your team has ${plural(balance, "Creative Token")}.${expiry}${rights}`, sources };
}

// The client's words for a status, as the project page and emails say it (decision 0057).
const statusOf = (project: ProjectRow) => clientStatusLabel(project.status, project.step);
const projectLink = (project: ProjectRow): ChatSourceLink => ({
  title: project.title,
  url: `/project/${project.id}`,
});
const projectList = (projects: ProjectRow[]) =>
  listInWords(projects.slice(0, PROJECTS_LISTED).map((p) => `${p.title} (${statusOf(p)})`));

/** The asker's projects the question names (by title words), or all of them when it names none. */
function namedProjects(projects: ProjectRow[], query: string): { matches: ProjectRow[]; named: boolean } {
  const words = nameWords(query);
  if (!words.length) return { matches: projects, named: false };
  const scored = projects.map((project) => ({ project, score: nameScore(words, project.title) }));
  const best = Math.max(...scored.map((s) => s.score));
  return {
    matches: best > 0 ? scored.filter((s) => s.score === best).map((s) => s.project) : [],
    named: true,
  };
}

const CLOSED = new Set(["completed", "cancelled"]);

/**
 * "When will my project be done", "what is it waiting on", "what will my next
 * round cost": for each named project (or each open one), what its page shows:
 * the delivery clock's line, whose move it is and what happens next, or the
 * price of the next revision round.
 */
async function projectDetailPart(
  userId: string,
  query: string,
  topic: "due" | "waiting" | "round",
  now: Date,
): Promise<Part> {
  const projects = await listProjects(userId);
  if (!projects.length)
    return {
      text: "You have no projects yet. You can start one from the project form.",
      sources: [PAGES.newProject],
    };
  const { matches, named } = namedProjects(projects, query);
  const open = matches.filter((p) => !CLOSED.has(p.status));
  const chosen = (named ? matches : open.length ? open : matches).slice(0, PROJECTS_LISTED);
  if (!chosen.length)
    return {
      text: `None of your projects matches that. Your ${projects.length === 1 ? "project is" : "projects are"} ${projectList(projects)}.`,
      sources: [PAGES.projects],
    };
  const clocks =
    topic === "round"
      ? {}
      : await deliveryViewsFor(
          chosen.map((p) => p.id),
          "client",
          now,
        );
  const lines = await Promise.all(
    chosen.map(async (project) => {
      const status = describeStatus(project.status, project.step);
      const clock = clocks[project.id];
      if (topic === "due") {
        if (!clock)
          return `${project.title} is ${status.label}: the delivery date is set when the studio accepts the brief and starts work.`;
        return `${project.title}: ${clock.headline}. ${clock.promised}`;
      }
      if (topic === "waiting") {
        const move =
          status.whoseMove === "client"
            ? "It is waiting on you."
            : status.whoseMove === "studio"
              ? "It is with the studio, not waiting on you."
              : "It is closed.";
        return `${project.title} is ${status.label}. ${move}${clock?.note ? ` ${clock.note}` : ""} Next: ${status.next}`;
      }
      const offer = await quoteRevisionRound(project, undefined, now);
      if (!offer.applies)
        return `${project.title} has no delivered version yet, so a revision request now changes the brief and costs nothing.`;
      return (
        `A revision request on ${project.title} would be round ${offer.number}, ` +
        `at ${plural(offer.cost, "Creative Token")} (${offer.tier} tier); you have ${offer.balance}.`
      );
    }),
  );
  return { text: lines.join(" "), sources: chosen.map(projectLink) };
}

async function projectsPart(userId: string, query: string): Promise<Part> {
  const projects = await listProjects(userId);
  if (!projects.length)
    return {
      text: "You have no projects yet. You can start one from the project form.",
      sources: [PAGES.newProject],
    };
  const words = nameWords(query);
  if (!words.length) {
    return {
      text: `You have ${plural(projects.length, "project")}: ${projectList(projects)}.`,
      sources: projects.length === 1 ? [projectLink(projects[0]!)] : [PAGES.projects],
    };
  }
  const scored = projects.map((project) => ({ project, score: nameScore(words, project.title) }));
  const best = Math.max(...scored.map((s) => s.score));
  const matches = best > 0 ? scored.filter((s) => s.score === best).map((s) => s.project) : [];
  if (matches.length === 1) {
    const [project] = matches as [ProjectRow];
    const status = describeStatus(project.status, project.step);
    return {
      text: `${project.title} is ${status.label}. ${status.meaning} Next: ${status.next}`,
      sources: [projectLink(project)],
    };
  }
  if (matches.length > 1)
    return {
      text: `${matches.length} of your projects match: ${projectList(matches)}.`,
      sources: matches.slice(0, PROJECTS_LISTED).map(projectLink),
    };
  // The question's words are not repeated: the answer names only the client's own projects.
  return {
    text: `None of your projects matches that. Your ${projects.length === 1 ? "project is" : "projects are"} ${projectList(projects)}.`,
    sources: [PAGES.projects],
  };
}

async function planPart(userId: string, now: Date): Promise<Part> {
  const active = await getActiveSubscription(userId, now);
  const sources = [PAGES.plan];
  if (!active)
    return {
      text:
        `You are on the ${FREE_PLAN.name} plan: no monthly tokens and ` +
        `${plural(FREE_PLAN.projectLimit, "active project")} at a time. Paid plans are on the Billing & Tokens page.`,
      sources,
    };
  const { plan, subscription } = active;
  const name = planName(plan.name);
  const ends = day(subscription.currentPeriodEnd);
  if (subscription.cancelAtPeriodEnd)
    return {
      text: `You are on the ${name} plan until ${ends}; it is set to end then and will not renew.`,
      sources,
    };
  return {
    text: `You are on the ${name} plan, which renews on ${ends}.${plan.monthlyTokens ? ` It brings ${plan.monthlyTokens} Creative Tokens a month.` : ""}`,
    sources,
  };
}

const downloadsLeft = (p: PurchaseView) =>
  `${p.max_downloads - p.download_count} of ${p.max_downloads} downloads left`;

async function purchasesPart(userId: string, query: string): Promise<Part> {
  const purchases = await listPurchases(userId);
  if (!purchases.length)
    return { text: "You have not bought anything from the shop yet.", sources: [PAGES.shop] };
  const words = nameWords(query);
  const scored = purchases.map((p) => ({ p, score: words.length ? nameScore(words, p.shop_item.name) : 0 }));
  const best = Math.max(...scored.map((s) => s.score));
  if (best > 0) {
    const matches = scored.filter((s) => s.score === best).map((s) => s.p);
    return {
      text: `${listInWords(matches.map((p) => `${p.shop_item.name} has ${downloadsLeft(p)}`))}.`,
      sources: [PAGES.purchases],
    };
  }
  return {
    text: `You have ${plural(purchases.length, "purchase")}: ${listInWords(purchases.map((p) => `${p.shop_item.name} (${downloadsLeft(p)})`))}.`,
    sources: [PAGES.purchases],
  };
}

async function notificationsPart(userId: string): Promise<Part> {
  const [unread, [latest]] = await Promise.all([countUnread(userId), listNotifications(userId, 1)]);
  const sources = [PAGES.notifications];
  if (!unread) return { text: "You have no unread notifications.", sources };
  return {
    text: `You have ${plural(unread, "unread notification")}.${latest && !latest.isRead ? ` The latest: ${latest.title}.` : ""}`,
    sources,
  };
}

const answer = (parts: Part[]): ComposedAnswer => {
  const seen = new Map<string, ChatSourceLink>();
  for (const part of parts)
    for (const source of part.sources) if (!seen.has(source.url)) seen.set(source.url, source);
  return {
    response: parts.map((p) => p.text).join(" "),
    sources: [...seen.values()],
    passageIds: [],
    found: true,
  };
};

/**
 * The answer to a question about the asker's own account, or null when the
 * question is not one (the site's content answers it). Only `asker`'s own
 * records are read; a visitor gets the sign-in answer, staff the note that
 * these answers are for clients.
 */
export async function answerAccountQuestion(
  query: string,
  asker: AccountAsker | null,
  options: { now?: Date } = {},
): Promise<AccountAnswer | null> {
  const topics = accountTopics(query);
  if (!topics.length) return null;
  if (!asker) {
    if (asksWhereToLook(query)) return null;
    return answer([{ text: ACCOUNT_COPY.signIn, sources: [PAGES.signIn] }]);
  }
  if (asker.role !== "client") return answer([{ text: ACCOUNT_COPY.staff, sources: [PAGES.backOffice] }]);
  const now = options.now ?? new Date();
  // The organisation's records (wallet, projects, plan, purchases); the person's own notifications.
  const speaker = speakerOf(asker);
  const account = speaker.accountId;
  const parts: Promise<Part>[] = [];
  if (topics.includes("balance") || topics.includes("expiry")) parts.push(tokensPart(speaker, topics, now));
  if (topics.includes("projects")) parts.push(projectsPart(account, query));
  for (const topic of ["due", "waiting", "round"] as const)
    if (topics.includes(topic)) parts.push(projectDetailPart(account, query, topic, now));
  if (topics.includes("plan")) parts.push(planPart(account, now));
  if (topics.includes("purchases")) parts.push(purchasesPart(account, query));
  if (topics.includes("notifications")) parts.push(notificationsPart(speaker.personId));
  return { ...answer(await Promise.all(parts)), aboutAccount: true };
}
