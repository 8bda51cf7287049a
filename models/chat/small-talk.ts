import type { ComposedAnswer } from "./compose";
import { CHAT_COPY } from "./copy";

// Messages that are not questions about the content: a greeting, thanks, or
// asking for a person. Matched only when that is the whole message.

const GREETING = /^(hi|hello|hey|hiya|namaste|good (morning|afternoon|evening)|greetings)( there)?[\s!.,]*$/i;
const THANKS = /^((thanks|thank you|thx|cheers|great|perfect|ok(ay)?|cool)[\s,]*)+(so much|a lot)?[\s!.]*$/i;
const PERSON =
  /\b(talk|speak|chat|connect me|put me through)\b.{0,20}\b(person|human|someone|somebody|agent|representative|team|staff|real people)\b|\b(real|actual) (person|human)\b/i;

export function smallTalk(query: string): ComposedAnswer | null {
  const text = query.trim();
  const reply = (response: string, sources: ComposedAnswer["sources"] = []): ComposedAnswer => ({
    response,
    sources,
    passageIds: [],
    found: true,
  });
  if (GREETING.test(text)) return reply(CHAT_COPY.greeting);
  if (THANKS.test(text)) return reply(CHAT_COPY.thanks);
  if (PERSON.test(text)) return reply(CHAT_COPY.handoffOffer, [...CHAT_COPY.handoffSources]);
  return null;
}
