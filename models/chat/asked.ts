// A message that first tells its story and then asks ("I run a clinic in Thane and we need
// posters every month. What does your smallest token bundle cost?"): the sentence that asks,
// and what came before it.

/** Where a sentence ends: ., ! or ? (one or more) before a space, or a line break. */
const SENTENCE_END = /(?<=[.!?])\s+(?=\S)|\s*\n+\s*/;

/** A sentence that asks: a question mark, or the words a question opens with. */
const ASKS =
  /\?|^(what|which|who|whom|whose|when|where|why|how|is|are|am|was|were|do|does|did|can|could|will|would|shall|should|may|might|have|has|any|kya|kitna|kitne|kaise|kab|kahan|kaun)\b|^((please|pls|plz|kindly) )?(tell me|let me know|share|confirm|explain)\b|^(please|pls|plz|kindly) (tell|let|share|send|confirm|explain|advise|guide)\b|^i('d| would) like to know\b|^i (want|wanted|need) to know\b/i;

export const ASKED = {
  /**
   * The sentence that asks is tried on its own only when the sentence encoder gives the whole
   * message at most this P(off-topic) (./meaning-gate.ts): a story about something else ("our
   * fintech needs a licence. How long does that take?") keeps its decline. 0.4 kept 44 of the 63
   * facts the sentence gained on the tuning set and lost 2 of its 24 declines (decision 0100).
   */
  maxOffTopic: 0.4,
};

/** At least this many words before the asking sentence make it a story, not a preamble like "Hi." */
const STORY_WORDS = 5;

export type AskedSentence = {
  /** The last sentence that asks. */
  asked: string;
  /** The sentences before it. */
  story: string;
};

/**
 * The sentence a longer message asks, and the story before it, or null when
 * the message is a single sentence or says too little before its question.
 * Sentences after the one that asks (a "thanks!") are left out.
 */
export function askedSentence(message: string): AskedSentence | null {
  const sentences = message
    .trim()
    .split(SENTENCE_END)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
  if (sentences.length < 2) return null;
  let last = -1;
  for (let i = sentences.length - 1; i > 0 && last < 0; i--) if (ASKS.test(sentences[i]!)) last = i;
  if (last < 1) return null;
  const story = sentences.slice(0, last).join(" ");
  if (story.split(/\s+/).length < STORY_WORDS) return null;
  return { asked: sentences[last]!, story };
}
