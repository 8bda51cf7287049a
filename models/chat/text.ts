// How the assistant reads words, the same for the site's passages and for the
// visitor's question: lower case, no accents, a light English stemmer, and a
// few synonyms folded onto one word, so "how much does it cost" meets "price".

/** Phrases folded before the text is split into words. */
const PHRASES: [RegExp, string][] = [
  [/\bhow much\b/g, " price "],
  [/\bmoney back\b/g, " refund "],
  [/\bartificial intelligence\b/g, " ai "],
  [/\baugmented reality\b/g, " ar "],
  [/\bvirtual reality\b/g, " vr "],
  [/\bmachine learning\b/g, " ml "],
  [/\bweb ?sites?\b/g, " website "],
  [/\badd[- ]?ons?\b/g, " addon "],
  [/\be-?mail\b/g, " email "],
  [/\bphone number\b/g, " phone "],
  [/\bsocial media\b/g, " social "],
  [/\bcase stud(y|ies)\b/g, " portfolio "],
  [/\bsign up\b/g, " signup "],
  [/\b24\s*[*x/]\s*7\b/g, " 24x7 "],
  [/\bsonic logos?\b/g, " soniclogo "],
  [/['’]s\b/g, " "],
  [/([₹$€])/g, " $1 "],
];

/** Words with one meaning here, folded onto the word the content uses. */
const SYNONYMS = new Map<string, string>(
  Object.entries({
    cost: "price",
    costs: "price",
    costing: "price",
    pricing: "price",
    priced: "price",
    prices: "price",
    fee: "price",
    fees: "price",
    charge: "price",
    charges: "price",
    rate: "price",
    rates: "price",
    expensive: "price",
    cheap: "price",
    cheaper: "cheapest",
    lowest: "cheapest",
    least: "cheapest",
    starting: "cheapest",
    afford: "price",
    affordable: "price",
    budget: "price",
    rupee: "price",
    rupees: "price",
    inr: "price",
    dollar: "price",
    dollars: "price",
    usd: "price",
    euro: "price",
    euros: "price",
    eur: "price",
    "₹": "price",
    $: "price",
    "€": "price",
    credit: "token",
    credits: "token",
    package: "plan",
    packages: "plan",
    subscription: "plan",
    subscriptions: "plan",
    subscribe: "plan",
    tier: "plan",
    membership: "plan",
    located: "address",
    location: "address",
    based: "address",
    directions: "address",
    where: "address",
    opening: "hours",
    open: "hours",
    timing: "hours",
    timings: "hours",
    weekend: "hours",
    weekends: "hours",
    saturday: "hours",
    sunday: "hours",
    expire: "valid",
    expires: "valid",
    expiry: "valid",
    expiration: "valid",
    validity: "valid",
    last: "valid",
    refunds: "refund",
    refundable: "refund",
    refunded: "refund",
    reimburse: "refund",
    telephone: "phone",
    call: "phone",
    ring: "phone",
    mobile: "phone",
    instagram: "social",
    facebook: "social",
    linkedin: "social",
    tiktok: "social",
    youtube: "social",
    twitter: "social",
    chatbot: "assistant",
    chatbots: "assistant",
    bot: "assistant",
    bots: "assistant",
    jingle: "music",
    jingles: "music",
    audio: "sound",
    sonic: "sound",
    animation: "animate",
    animations: "animate",
    animated: "animate",
    animating: "animate",
    film: "video",
    films: "video",
    videos: "video",
    clip: "video",
    clips: "video",
    job: "career",
    jobs: "career",
    careers: "career",
    hiring: "career",
    hire: "career",
    vacancy: "career",
    vacancies: "career",
    resume: "career",
    cv: "career",
    internship: "career",
    internships: "career",
    quotation: "quote",
    estimate: "quote",
    estimates: "quote",
    proposal: "quote",
    logos: "logo",
    emblem: "logo",
    application: "app",
    applications: "app",
    apps: "app",
    ios: "app",
    android: "app",
    portfolio: "portfolio",
    examples: "portfolio",
    samples: "portfolio",
    customers: "client",
    customer: "client",
    clients: "client",
  }),
);

/** Words that carry no topic. Question words that do ("who", "price") are kept. */
const STOP_WORDS = new Set(
  (
    "a an the is are am was were be been being do does did doing done i me my mine we our ours us you your yours it its it's " +
    "this that these those there here what which whom how when why can could would should will shall may might must of for to " +
    "in on at by with from about as and or but if so than then too very just any some all each every get got have has had tell " +
    "know please hi hello hey want like need also more give they them their he she him her let lets into out up down over under " +
    "not no yes ok okay thanks thank one ones same else other well really much many anything something long help make build able work works"
  ).split(" "),
);

/** Splits text into raw words after folding phrases; numbers keep their digits ("14,999" is one word). */
export function tokenize(text: string): string[] {
  let folded = text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");
  folded = folded.replace(/(\d),(?=\d)/g, "$1").replace(/\+/g, " plus ");
  for (const [pattern, replacement] of PHRASES) folded = folded.replace(pattern, replacement);
  return folded.split(/[^\p{L}\p{N}₹$€]+/u).filter((word) => word.length > 1 || /[\d₹$€]/.test(word));
}

/** A small suffix stripper: consistent at index and query time, which is all BM25 needs. */
function stem(word: string): string {
  if (word.length <= 3 || /^\d/.test(word)) return word;
  let w = word;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("ing") && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith("ed") && w.length > 5) w = w.slice(0, -2);
  else if (w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith("e") && w.length > 3) w = w.slice(0, -1);
  return w;
}

/** One raw word to its indexed form, or null for a stop word. */
export function processTerm(word: string): string | null {
  // A Map, not an object: a visitor's "constructor" must not find Object.prototype's.
  const folded = SYNONYMS.get(word) ?? word;
  if (STOP_WORDS.has(folded)) return null;
  const stemmed = stem(folded);
  // "saturdays" → "saturday" → "hours": synonyms apply to the stem too.
  const again = SYNONYMS.get(stemmed);
  return again ? stem(again) : stemmed;
}

/** The distinct topic words of a question, in indexed form. */
export function topicTerms(text: string): string[] {
  const terms = tokenize(text)
    .map(processTerm)
    .filter((t): t is string => !!t);
  return [...new Set(terms)];
}
