import { describe, expect, it } from "vitest";
import { answerFromContent } from "./answer";
import { CHAT_COPY } from "./copy";
import { buildChatIndex, retrieve } from "./retrieval";
import { seededChatDocuments, seededChatIndex } from "./testing";
import { processTerm, tokenize, topicTerms } from "./text";

const index = seededChatIndex();
const ask = (query: string, after?: string) =>
  answerFromContent(
    index,
    query,
    after ? { query: after, passageIds: answerFromContent(index, after).passageIds } : null,
  );

describe("chat retrieval over the seeded content", () => {
  it.each([
    ["How much is the Starter plan?", "/solutions/green"],
    ["What does the Social plan include?", "/solutions/blue"],
    ["Which plan is the most popular?", "/solutions/red"],
    ["Can I book a consultation?", "/solutions?tab=consultation"],
    ["How long are tokens valid?", "/creative-tokens"],
    ["Do you make explainer videos?", "/strategy?service=Motion%20%26%20Video"],
    ["Do you help with SEO?", "/strategy?service=Website%20Creation"],
    ["Where is your office located?", "/contact#offline-meet"],
    ["What are your office hours?", "/contact#help-support"],
    ["Where do I send my resume?", "/contact#careers"],
  ])("%s → %s", (question, url) => {
    const answer = ask(question);
    expect(answer.found).toBe(true);
    expect(answer.sources[0]?.url).toBe(url);
  });

  it("states prices and rules exactly as the content does", () => {
    expect(ask("How much is the Starter plan?").response).toContain(
      "STARTER (monthly subscription): ₹14,999 / month.",
    );
    expect(ask("How much do 120 tokens cost?").response).toContain(
      "The Popular bundle gives 120 tokens plus 10 bonus tokens for $130 (US), €120 (Europe), ₹10,800 (India).",
    );
    expect(ask("Can I get a refund for unused tokens?").response).toContain(
      "Unused tokens can be refunded within 20 days",
    );
    expect(ask("What is your email address?").response).toContain("hello@ascendra.studio");
  });

  it("answers only with the site's own sentences and says where each came from", () => {
    const answer = ask("Do you design packaging?");
    const documents = seededChatDocuments();
    // A yes-or-no question opens with "Yes:" and the sentence that says so; every sentence is the site's.
    expect(answer.response).toMatch(/^Yes: /);
    for (const sentence of answer.response
      .replace(/^(Yes|No): /, "")
      .split(/\n\n|(?<=[.!?])\s+/)
      .filter(Boolean))
      expect(documents.some((d) => d.text.includes(sentence))).toBe(true);
    expect(answer.sources.length).toBeGreaterThan(0);
    for (const source of answer.sources)
      expect(documents.some((d) => d.url === source.url && d.title === source.title)).toBe(true);
  });

  it("gives no yes or no to a question that offers a choice or is asked in the negative", () => {
    // Each of these got a "Yes:" before: a choice ("…or is it fixed") and a negative question.
    for (const question of ["do u work remote or all in office", "do you not charge by the hour?"]) {
      const answer = ask(question);
      expect(answer.found).toBe(true);
      expect(answer.response).not.toMatch(/^(Yes|No):/);
    }
    expect(ask("do u work remote").response).toMatch(/^Yes: /);
    // Two things joined by "or" still want a yes or no.
    expect(ask("are gift cards refundable or exchangeable for cash").response).toMatch(/^No: /);
  });

  it("follows the conversation: a follow-up keeps the previous topic", () => {
    expect(ask("How much is it?", "Tell me about the Social plan").sources[0]?.url).toBe("/solutions/blue");
    expect(ask("How much is it?", "Tell me about the Social plan").response).toContain("₹29,999 / month");
    expect(ask("And the Motion one?", "How much is the Starter plan?").sources[0]?.url).toBe(
      "/solutions/yellow",
    );
    expect(ask("Do they expire?", "What are Creative Tokens?").sources[0]?.url).toBe("/creative-tokens");
  });

  it("a new topic after a previous one is not dragged back to it", () => {
    expect(ask("What are Creative Tokens?", "How much is the Starter plan?").sources[0]?.url).toBe(
      "/creative-tokens",
    );
    expect(ask("Where is your office?", "How much is the Starter plan?").sources[0]?.url).toBe(
      "/contact#offline-meet",
    );
  });

  it.each([
    "What's the weather in Paris tomorrow?",
    "Who won the cricket world cup?",
    "Do you sell car insurance?",
    "asdf qwerty",
  ])("says it does not know, and offers a person: %s", (question) => {
    const answer = ask(question);
    expect(answer.found).toBe(false);
    expect(answer.response).toBe(CHAT_COPY.unknown);
    expect(answer.sources).toEqual([]);
  });

  it("an out-of-scope follow-up is still unknown", () => {
    expect(ask("What about pizza delivery?", "How much is the Starter plan?").found).toBe(false);
  });

  it("greets, thanks and offers a person without searching", () => {
    expect(ask("Hello!").response).toBe(CHAT_COPY.greeting);
    expect(ask("thanks a lot").response).toBe(CHAT_COPY.thanks);
    const person = ask("Can I talk to a real person?");
    expect(person.response).toBe(CHAT_COPY.handoffOffer);
    expect(person.sources).toEqual([
      { title: "Help & Support", url: "/helpsupport" },
      { title: "Chat with us on WhatsApp", url: "/contact" },
    ]);
  });

  it("answers a visitor describing their business with a place to start", () => {
    const answer = ask("I run a small bakery and need a new brand");
    expect(answer.response.startsWith(CHAT_COPY.business)).toBe(true);
    expect(answer.sources[0]?.url).toMatch(/^\/(strategy\?|services)/);
  });

  it("refuses two passages with one id", () => {
    const [first] = seededChatDocuments();
    expect(() => buildChatIndex([first!, { ...first! }])).toThrow(/two chat passages have the id/i);
  });

  it("retrieve() reports unknown for a question without topic words", () => {
    expect(retrieve(index, "what is it?").status).toBe("unknown");
  });
});

describe("how the assistant reads words", () => {
  it("folds phrases, symbols and synonyms onto the content's words", () => {
    expect(topicTerms("How much does it cost?")).toEqual(["price"]);
    expect(topicTerms("What's your cheapest subscription?")).toEqual(["cheapest", "plan"]);
    expect(topicTerms("₹14,999")).toEqual(["price", "14999"]);
    expect(topicTerms("TREND +")).toEqual(["trend", "plu"]);
  });

  it("stems consistently for questions and content", () => {
    expect(processTerm("naming")).toBe(processTerm("name"));
    expect(processTerm("designs")).toBe(processTerm("design"));
    expect(processTerm("revisions")).toBe(processTerm("revision"));
    expect(processTerm("the")).toBeNull();
    expect(tokenize("Sonic logos")).toEqual(["soniclogo"]);
  });
});
