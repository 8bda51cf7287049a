// What kind of answer a question wants, read from its wording: "how much…"
// wants a price, "what's in…" a list of what is included, "X vs Y" both
// sides. Passages say which kinds they answer (ChatDocument.answers), and
// retrieval ranks those first for a question of that kind.

export const INTENTS = [
  "price",
  "includes",
  "compare",
  "how",
  "when",
  "duration",
  "who",
  "where",
  "work",
] as const;
export type Intent = (typeof INTENTS)[number];

/** Cues, tried on the question in lower case with chat shorthand spelled out. */
const CUES: [Intent, RegExp][] = [
  [
    "compare",
    /\b(diff|difference|differences|differ|different|versus|vs|compare|compared|comparison|better|which (one|is|should))\b/,
  ],
  [
    "price",
    /\b(price|prices|pricing|priced|cost|costs|how much|fee|fees|charge|charges|rate|rates|budget|afford|cheap|cheapest|expensive|[₹$€]|rs|inr|usd|eur)\b|[₹$€]/,
  ],
  [
    "includes",
    /\b(include|includes|included|including|come with|comes with|get with|what('s| is)? in|inside|contain|contains|covered|features?|offer)\b/,
  ],
  [
    "duration",
    /\bhow (long|fast|quick|quickly|soon)\b|\bturnaround\b|\b(within|in) (a|an|\d+) (day|days|week|weeks|hour|hours|minute|minutes)\b|\bkitn[aei] (time|din|samay|waqt|hafte|ghante)\b|\bkab tak\b/,
  ],
  [
    "how",
    /\bhow (do|can|to|does|would|should) (i|we|you|one)?\b|\bhow to\b|\b(book|apply|pitch|invest|sign ?up|register|join|order|redeem|contact|reach|open a ticket)\b/,
  ],
  ["when", /\b(when|date|dated|what day|effective|updated|launch|launched|since|upcoming|next)\b/],
  ["who", /\b(who|whom|whose)\b/],
  ["where", /\bwhere\b/],
  // A request for the studio's work ("can you make me a jingle", "do u do packaging"): a service answers it (decision 0089).
  [
    "work",
    /\b(?:can|could|will|would)\s+(?:you|u|your team|ur team)\s+(?:\w+\s+)?(?:make|do|design|build|create|write|redo|draw|shoot|edit|compose|produce|develop|handle)\b|\b(?:do|does)\s+(?:you|u|ascendra|your team|ur team)\s+(?:\w+\s+)?(?:make|do|design|build|create|write|offer|provide|handle)\b/,
  ],
];

/** The kinds of answer a question asks for, strongest cue first (may be none). */
export function intentsOf(question: string): Intent[] {
  const text = question.toLowerCase();
  return CUES.filter(([, cue]) => cue.test(text)).map(([intent]) => intent);
}
