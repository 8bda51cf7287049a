// Which questions are about the asker's own account ("how many tokens do i
// have left", "whats the status of my logo project") rather than about the
// site ("how much are tokens", "do tokens expire", "what plans do you have").
// Pure: the answers, from the client's own records, are in account.server.ts.

export type AccountTopic =
  "balance" | "expiry" | "projects" | "due" | "waiting" | "round" | "plan" | "purchases" | "notifications";

/** Shorthand and typos people type, folded onto the word before matching. */
const SHORTHAND = new Map<string, string>(
  Object.entries({
    wat: "what",
    wats: "what is",
    whats: "what is",
    whts: "what is",
    wot: "what",
    hows: "how is",
    wheres: "where is",
    whens: "when is",
    r: "are",
    u: "you",
    ya: "you",
    pls: "please",
    plz: "please",
    im: "i am",
    ive: "i have",
    ur: "your",
    hv: "have",
    abt: "about",
    tkns: "tokens",
    tokns: "tokens",
    toks: "tokens",
    tokenz: "tokens",
    tokes: "tokens",
    bal: "balance",
    paln: "plan",
    pln: "plan",
    proj: "project",
    projs: "projects",
    dl: "download",
    dls: "downloads",
    notifs: "notifications",
    notis: "notifications",
    notif: "notification",
    subs: "subscription",
    sub: "subscription",
    acct: "account",
  }),
);

/** Words a typo of which (one letter off, or two swapped) still counts. */
const VOCABULARY = [
  "tokens",
  "balance",
  "expire",
  "expiry",
  "project",
  "projects",
  "subscription",
  "notifications",
  "notification",
  "downloads",
  "download",
  "purchases",
  "purchase",
  "purchased",
  "remaining",
  "renewal",
  "status",
  "progress",
  "unread",
  "credits",
  "deadline",
  "delivery",
  "revision",
  "waiting",
];

/** Optimal string alignment distance, stopping early above 1. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++)
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  return d[a.length]![b.length]! <= 1;
}

function fixWord(word: string): string {
  const short = SHORTHAND.get(word);
  if (short) return short;
  if (word.length < 5 || VOCABULARY.includes(word)) return word;
  return VOCABULARY.find((known) => withinOneEdit(word, known)) ?? word;
}

/** Lower case, no accents or apostrophes, shorthand and typos folded: " what is my token balance ". */
function accountText(query: string): string {
  const plain = query
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['’`]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
  return ` ${plain.split(" ").filter(Boolean).map(fixWord).join(" ")} `;
}

/** The asker speaks of themselves. */
const OWN = /\b(my|mine|me|i|our|ours|we|us|myself)\b/;
/** Something the asker owns: "my …", "our …" (up to four words between). */
const POSSESSIVE = (noun: string) => new RegExp(`\\b(my|our)( \\w+){0,4} (${noun})\\b`);
/** "how do i check …", "where can i see …": a question about one's own figures after all. */
const LOOK_UP =
  /\b(how (do|can|could) (i|we)|can (i|we)|could (i|we)|where (do|can|could) (i|we)|(want|like|need) to) (see|check|view|find|know|look at|look up|track)\b/;
/**
 * How-to, hypothetical, advice and price questions: the site's content answers
 * them, even when they say "my" ("can i cancel my plan", "what happens to my
 * tokens if i cancel", "which plan is best for me").
 */
const GENERAL = [
  /\bhow (do|can|could|should|would|does|will) (i|we)\b/,
  /\bhow to\b/,
  /\b(can|could|should|would|may|shall|must) (i|we)\b/,
  /\bif (i|we|my|our)\b/,
  /\bwhat happens\b/,
  /\bwhat (do|should|can) (i|we) do\b/,
  /\b(didnt|did not|doesnt|does not|not working|broken|problem|issue|wrong|error|missing|arrive\w*|lost)\b/,
  /\b(do|does|will) (you|ascendra|the agency|the team)\b/,
  /\b(want|wanna|like|love|need|needs|planning|going) to\b/,
  /\bneed\b/,
  /\b(recommend\w*|suggest\w*|best|suitable|suit|better|compare|difference|versus|vs|cheapest|worth)\b/,
  /\b(include|includes|included|cost|costs|price|prices|pricing|refund\w*|cancel\w*)\b/,
  /\b(upgrade|downgrade|switch|change|transfer|share|buy more|top up|increase)\b/,
  /\b(gift ?cards?|referr\w*|business plan)\b/,
  // Prices and what is on sale: "how much is the popular bundle, how many tokens do i get".
  /\b(bundles?|packs?|packages?|add ?ons?|rupees?|dollars?|euros?|inr|usd|eur|rs|per token|each token|a token)\b/,
  /\bhow much (is|are|does|do|for|would|will) (a|an|the|one|each|your|ur)\b/,
  // The site's plans and policies by name: "what is the refund policy", "terms for tokens".
  /\b(polic(y|ies)|terms|conditions|privacy|shipping)\b/,
  /\b(make|design|create|write|build) (my|our|me|a|an)\b/,
];

const TOKENS = /\b(tokens?|credits?)\b/;
const EXPIRY = /\b(expir\w*|run out|running out|lapse\w*|valid (until|till|til|through))\b/;
const QUANTITY =
  /\b(how many|how much|left|remaining|remain|have|got|own|hold|balance|total|available|spare|still)\b/;
const PLAN_WORD = "plan|plans|subscription|membership";
const PLAN = new RegExp(`\\b(${PLAN_WORD})\\b`);
const ON_A_PLAN =
  /\b(am i|are we|i am|we are|i have|we have|i got|we got|do i have|do we have) (currently |now |still )?(on|subscribed|signed up|paying)\b/;
const NEXT_BILL = /\b((billed|charged|invoiced) next|next (bill|billing|charge|invoice|payment|renewal))\b/;
/** "how many projects do i have", "have we got any orders". */
const HAVE = /\b(i|we) (have|got)\b/;
const PROJECT = /\b(projects?|orders?)\b/;
const PROGRESS =
  /\b(going|coming along|progress|status|update|updates|news|ready|done|finished|complete|completed|stage|at|happening|moving)\b/;
const SHOP =
  /\b(downloads?|downloaded|purchases?|purchased|bought|shop items?|(did|have) (i|we) (buy|bought|purchase|purchased|order|ordered|get))\b/;
const NOTIFICATIONS = /\b(notifications?|alerts?|unread|new messages?)\b/;
/** "when will my project be done", "whats the deadline on my logo": the delivery clock's date. */
const DUE =
  /\b(when (will|is|does|do|should|can|would)|what date|which date|due|deadline|eta|delivery date|delivered|be (done|ready|finished|complete|completed|delivered))\b/;
/** "what is my project waiting on", "what do you need from me". */
const WAITING =
  /\b(waiting (on|for)|wait\w* on|held up|hold ?up|blocked|stuck|on hold|paused|need from (me|us)|(my|our) (move|turn))\b/;
/** "how much will my next revision cost", "what will the next round cost me". */
const ROUND = /\b(revision|revisions|round|rounds)\b/;
const ROUND_PRICE = /\b(cost|costs|price|charge|charged|how much|how many tokens|pay)\b/;
const OWN_ROUND =
  /\b(my|our|next|this|that)( \w+){0,3} (revision|revisions|round|rounds)\b|\bif i (request|ask)\b/;

/**
 * The account topics a question asks about, in a fixed order; none when it
 * is not about the asker's own account (a general question, left to the
 * site's content).
 */
/**
 * "how do i check my balance", "where do i find my downloads": a signed-in
 * client gets their figures, but a visitor is better served by the site's
 * explanation than by "sign in".
 */
export const asksWhereToLook = (query: string) => LOOK_UP.test(accountText(query));

export function accountTopics(query: string): AccountTopic[] {
  const text = accountText(query);
  // The price of the client's own next round is on their project page, not in the pricing.
  if (ROUND.test(text) && ROUND_PRICE.test(text) && OWN_ROUND.test(text) && OWN.test(text)) return ["round"];
  if (/\b(need from (me|us)|waiting (on|for) (me|us))\b/.test(text)) return ["waiting"];
  if (!LOOK_UP.test(text) && GENERAL.some((pattern) => pattern.test(text))) return [];
  const own = OWN.test(text);
  const topics = new Set<AccountTopic>();

  const tokens = TOKENS.test(text);
  const plan = PLAN.test(text) && !tokens;
  if (EXPIRY.test(text) && own && !plan) topics.add("expiry");
  if (own && ((tokens && QUANTITY.test(text) && !/\bget\b/.test(text)) || /\bbalance\b/.test(text)))
    topics.add("balance");
  if (
    PLAN.test(text) &&
    (POSSESSIVE(PLAN_WORD).test(text) || ON_A_PLAN.test(text) || (own && /\brenew\w*\b/.test(text)))
  )
    topics.add("plan");
  if (own && NEXT_BILL.test(text)) topics.add("plan");
  if (SHOP.test(text) && (own || /\b(left|remaining)\b/.test(text))) topics.add("purchases");
  if (NOTIFICATIONS.test(text) && (own || /\b(any|new|unread)\b/.test(text))) topics.add("notifications");
  if (
    PROJECT.test(text) &&
    (POSSESSIVE("projects?|orders?").test(text) || HAVE.test(text)) &&
    !topics.has("purchases")
  )
    topics.add("projects");
  // "hows my logo refresh going", "any update on my website redesign": a project by its name.
  if (!topics.size && /\b(my|our)\b/.test(text) && PROGRESS.test(text)) topics.add("projects");
  // "when will my project be done", "what is my logo waiting on": the delivery clock answers.
  const aboutProject = topics.has("projects") || (POSSESSIVE("\\w+").test(text) && !topics.size);
  if (aboutProject && DUE.test(text)) {
    topics.delete("projects");
    topics.add("due");
  }
  if ((aboutProject || POSSESSIVE("\\w+").test(text)) && WAITING.test(text)) {
    topics.delete("projects");
    topics.delete("due");
    topics.add("waiting");
  }

  const order: AccountTopic[] = [
    "balance",
    "expiry",
    "projects",
    "due",
    "waiting",
    "round",
    "plan",
    "purchases",
    "notifications",
  ];
  return order.filter((topic) => topics.has(topic));
}

/** Words that say what is asked, not which project or item: left out when matching names. */
const NOT_A_NAME = new Set(
  (
    "a an the of for on in at to and or is are am be been was were it its this that these those what which " +
    "when where who how why whats any anything some my mine me i our ours we us you your please can could " +
    "tell show give let know see check view find look up do does did done have has had got get status " +
    "state update updates news progress going coming along ready finished complete completed stage " +
    "happening moving yet now currently still so far there project projects order orders downloads " +
    "download left remaining many much how item items shop purchase purchases purchased bought buy file " +
    "files about with from just already again thing one ones tokens token credits creative balance expire " +
    "expiry expiring expires plan subscription renew renews renewal notifications notification unread " +
    "tell please pls hey hi will would should be due date deadline eta delivered deliver delivery " +
    "waiting wait on held hold blocked stuck paused need needs from move turn next round rounds revision " +
    "revisions cost costs price charge charged pay"
  )
    .split(" ")
    .filter(Boolean),
);

/** The words of a question that may name a project or a shop item. */
export function nameWords(query: string): string[] {
  return accountText(query)
    .trim()
    .split(" ")
    .filter((word) => word.length > 1 && !NOT_A_NAME.has(word));
}

const stemOf = (word: string) => word.replace(/(ies|es|s)$/, "");

/** How many of the question's name words the title holds (a letter off counts for longer words). */
export function nameScore(words: string[], title: string): number {
  const titleWords = accountText(title).trim().split(" ").map(stemOf);
  return words.filter((word) => {
    const stem = stemOf(word);
    return titleWords.some(
      (t) => t === stem || (stem.length >= 5 && t.length >= 5 && withinOneEdit(stem, t)),
    );
  }).length;
}
