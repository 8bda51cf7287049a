import { describe, expect, it } from "vitest";
import { answerFromContent } from "./answer";
import { intentsOf } from "./intent";
import { correctSpelling, isEnglishWord } from "./spelling";
import { seededChatIndex } from "./testing";

// How the assistant reads visitors' own wording: typos, shorthand, the kind
// of answer wanted, comparisons, and the relevance floor. Questions here are
// not the evaluation set's (tests/chat-eval/), which stays held out.

const index = seededChatIndex();
const ask = (query: string) => answerFromContent(index, query);

describe("typos and shorthand", () => {
  it("mends a misspelt word to the closest word the site uses", () => {
    expect(correctSpelling(index.lexicon, "refnud policy")).toBe("refund policy");
    expect(correctSpelling(index.lexicon, "bundel prises")).toContain("bundle");
    expect(correctSpelling(index.lexicon, "consultaiton")).toBe("consultation");
  });

  it("spells out chat shorthand", () => {
    expect(correctSpelling(index.lexicon, "wat r ur hours")).toBe("what are your hours");
  });

  it("never mends a real English word into a site word", () => {
    expect(isEnglishWord("butter")).toBe(true);
    expect(correctSpelling(index.lexicon, "butter chicken")).toBe("butter chicken");
    expect(isEnglishWord("refnud")).toBe(false);
  });

  it("answers a misspelt question as it would the spelt one", () => {
    expect(ask("how much is the startr plan").sources[0]?.url).toBe(
      ask("how much is the starter plan").sources[0]?.url,
    );
  });
});

describe("the kind of answer a question wants", () => {
  it.each([
    ["how much for a logo animation", "price"],
    ["what comes with the social plan", "includes"],
    ["motion or social, which is better", "compare"],
    ["how do i book a studio visit", "how"],
    ["how long does a project take", "duration"],
    ["when is the next workshop", "when"],
    ["who designs the identities", "who"],
    ["where are you based", "where"],
  ] as const)("%s → %s", (question, intent) => {
    expect(intentsOf(question)).toContain(intent);
  });
});

describe("answers that answer", () => {
  it("compares two named plans with both sides, in the order asked", () => {
    const answer = ask("starter vs trend+ whats the difference");
    expect(answer.sources.map((s) => s.url)).toEqual(["/solutions/green", "/solutions/red"]);
    expect(answer.response).toContain("₹14,999");
  });

  it("compares two bundles", () => {
    const answer = ask("essential or best value bundle which is better");
    expect(answer.response).toMatch(/Essential bundle gives 50 tokens/);
    expect(answer.response).toMatch(/Best Value bundle gives 250 tokens plus 30 bonus tokens/);
  });

  it("opens with the direct answer from the structured content", () => {
    expect(ask("do bundles come with free bonus tokens").response).toMatch(/bonus tokens/);
    expect(ask("what amounts can a gift card be").response).toMatch(/^Gift cards come in ₹5,000, ₹15,000/);
    expect(ask("who is on the core team").response).toMatch(/^The core team: Aarav Mehta \(Founder/);
  });

  it("reaches every kind of page: careers, partners, investors, referrals, events", () => {
    expect(ask("any openings for designers").sources[0]?.url).toMatch(/^\/careerpage/);
    expect(ask("which studios do you partner with").sources[0]?.url).toBe("/collabpage");
    expect(ask("can i see your investor deck").sources[0]?.url).toBe("/investorpage");
    expect(ask("what do i get if i refer someone").sources[0]?.url).toBe("/referrals");
    expect(ask("any conferences coming up").sources[0]?.url).toBe("/events");
  });

  it("never pastes addresses, paths or section headings into the text", () => {
    for (const question of [
      "how can i reach you on whatsapp",
      "what is your email",
      "what changed in the privacy policy",
      "how do refunds work",
      "what are gift card terms",
    ]) {
      const { response } = ask(question);
      expect(response, question).not.toMatch(/https?:\/\/|wa\.me|\s\/[a-z]/);
      expect(response, question).not.toMatch(/^(Changes|Gift cards|Terms)\.\s/m);
    }
  });

  it("says each sentence once", () => {
    for (const question of ["how much are tokens", "popular bundle price", "what plans do you have"]) {
      const sentences = ask(question).response.split(/(?<=[.!?])\s+/);
      expect(new Set(sentences).size, question).toBe(sentences.length);
    }
  });
});

describe("the relevance floor", () => {
  it.each([
    "best pizza near vashi station",
    "can you fix my washing machine",
    "translate hello into french",
    "who will win the election",
    "how many calories in a banana",
    "book me a flight to delhi",
    "what is the capital of australia",
  ])("declines %s", (question) => {
    const answer = ask(question);
    expect(answer.found).toBe(false);
    expect(answer.sources).toEqual([]);
  });
});
