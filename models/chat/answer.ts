import { ASKED, askedSentence } from "./asked";
import { composeAnswer, regionNamed, type AnswerOptions, type ComposedAnswer } from "./compose";
import { CHAT_COPY } from "./copy";
import { meaningDeclines, offTopicProbability } from "./meaning-gate";
import {
  namesAnotherCompany,
  namesSomethingElse,
  retrieve,
  othersNamedIn,
  RETRIEVAL_SIGNALS,
  type ChatIndex,
  type PreviousTurn,
  type Retrieval,
} from "./retrieval";
import { smallTalk } from "./small-talk";
import { asksAboutOthers } from "./third-party";

/** "I run a bakery…", "our startup sells…": the visitor answers the welcome's question about their business. */
const ABOUT_BUSINESS =
  /^(?=\s*(i|we|i'm|we're|im|my|our|hi|hello|hey)\b).*(\b(i|we)\s*(run|own|have|manage|sell|make|started|founded|launch|launched|am|are|'m|'re)\b|\b(my|our)\s+(\w+\s+)?(business|company|startup|start-up|shop|store|brand|restaurant|cafe|bakery|firm|salon|clinic|school|product|label)\b)/i;

/**
 * A question inside a description: a question mark, or a question word that opens a clause
 * (after a comma, "and", "know", "tell me"), not a relative "where" ("an app where parents…").
 */
const ASKS_IN_CLAUSE =
  /\?|(?:^|[,.;:!]\s*|\b(?:and|but|so|know|tell me|tell us)\s+)(?:what|which|who|whom|whose|when|where|why|how|should i|should we|kya|kitna|kitne|kaise|kab|kahan|kaun)\b/i;

/**
 * What the studio can do for the business, the question the fallback answers: "i run a bakery,
 * what can you do for us", "can you help us?", "interested in working with you?".
 */
const ASKS_FOR_HELP =
  /\b(?:what|how)\s+(?:can|could|will|would|do)\s+(?:you|u|ya|ascendra|your team|the studio)(?:\s+\w+){0,2}?\s+(?:do|help|offer|make|create|suggest|provide)\b|\b(?:can|could|will|would)\s+(?:you|u|ya)\s+(?:\w+\s+)?help\b|\bwork(?:ing)?\s+with\s+(?:you|u|ya|ascendra|your team|the studio)\b/i;

/** The assistant's own answer (no language model): small talk, or passages from the site. */
export function answerFromContent(
  index: ChatIndex,
  query: string,
  previous?: PreviousTurn | null,
  options: AnswerOptions = {},
): ComposedAnswer {
  const talk = smallTalk(query);
  if (talk) return talk;
  // A longer message that tells its story before it asks (decision 0100).
  const asked = RETRIEVAL_SIGNALS.askedSentence ? askedSentence(query) : null;
  // The answer leads with yes or no for the sentence that asks, and with the prices of the region
  // it names (or else the story names: "we're in Lisbon… how much in euros?").
  const compose = (retrieval: Retrieval) =>
    asked
      ? composeAnswer(retrieval, asked.asked, {
          ...options,
          region: regionNamed(asked.asked) ?? regionNamed(asked.story) ?? options.region,
        })
      : composeAnswer(retrieval, query, options);
  const answer = compose(retrieve(index, query, previous, undefined, options.meaning));
  if (answer.found) return answer;
  // The sentence that asks, read with the story as the turn before it, when the story is not
  // about something else.
  if (
    asked &&
    options.meaning &&
    !asksAboutOthers(query) &&
    offTopicProbability(options.meaning.question) <= ASKED.maxOffTopic
  ) {
    const focused = retrieve(
      index,
      asked.asked,
      { query: asked.story, passageIds: [] },
      undefined,
      options.meaning,
    );
    // Another company the story names ("we got a Zomato gift card. Can it be used…") still declines.
    if (focused.status === "found" && !namesAnotherCompany(index, focused.ranked[0]!, othersNamedIn(query)))
      return compose(focused);
  }
  // A story that ends in a question asks it: the service fallback below is for a description alone.
  if (!ABOUT_BUSINESS.test(query) || asked) return answer;
  // So is one sentence that goes on to ask something the site did not answer ("i own a restaurant
  // and need an lpg connection, whom do i contact"): a question word opening a clause (decision 0102).
  if (RETRIEVAL_SIGNALS.businessFallbackAsks && ASKS_IN_CLAUSE.test(query) && !ASKS_FOR_HELP.test(query))
    return answer;
  // A question about something else that opens with the business ("i have a photography studio
  // and my lens needs cleaning…"): the meaning gate declines it here too (decision 0096).
  if (RETRIEVAL_SIGNALS.meaningGate && options.meaning && meaningDeclines(options.meaning)) return answer;
  // Nor one the word rules declined for naming something else ("we're moving off mailchimp, how
  // does klaviyo's pricing scale"): a description has no such word (decision 0097).
  if (RETRIEVAL_SIGNALS.businessFallbackRules && namesSomethingElse(index, query)) return answer;
  // A description rather than a question: the service it comes closest to
  // (any shared word) is a place to start; otherwise, everything we create.
  const loose = retrieve(index, query, previous, Number.MIN_VALUE);
  const service =
    loose.status === "found" ? loose.ranked.filter((r) => r.document.url.startsWith("/strategy?")) : [];
  const start = composeAnswer(
    loose.status === "found" && service.length
      ? { ...loose, ranked: service, followUp: false }
      : retrieve(index, "services we create", null),
    query,
    options,
  );
  return { ...start, response: `${CHAT_COPY.business}\n\n${start.response}` };
}
