import { describe, expect, it } from "vitest";
import { answerFromContent } from "./answer";
import { intentsOf } from "./intent";
import { explainRetrieval, withoutOpeningBusiness } from "./retrieval";
import { seededChatIndex } from "./testing";
import { topicTerms } from "./text";

// Decision 0109 (the first designs' 48 hours: tests/integration/chat.test.ts, which has the careers
// page's roles). The questions here are not the evaluation sets' (tests/chat-eval/).

const index = seededChatIndex();

describe("how long, in English and Hinglish", () => {
  it("reads 'kitna time', 'kitne din', 'kab tak' as asking how long", () => {
    for (const question of [
      "logo ready hone me kitna time",
      "kitne din lagenge brand kit ko",
      "refund kab tak milega",
      "how long for the first drafts",
    ])
      expect(intentsOf(question), question).toContain("duration");
    expect(intentsOf("logo kitne ka hai")).not.toContain("duration");
  });

  it("reads 'how much time' and 'how many days' as how long, not as a price", () => {
    expect(explainRetrieval(index, "app banane me kitna time lagta hai").terms).not.toContain(
      topicTerms("price")[0],
    );
    expect(explainRetrieval(index, "how many days for a brand identity").terms).not.toContain(
      topicTerms("price")[0],
    );
    // "how much" alone still asks a price.
    expect(explainRetrieval(index, "how much for a brand identity").terms).toContain(topicTerms("price")[0]);
  });
});

describe("a plan's price in the asker's region", () => {
  it("opens a plan's answer with the price of the region asked for, the other two in brackets", () => {
    const euros = answerFromContent(index, "starter plan price in euros").response;
    expect(euros).toContain(
      "STARTER (monthly subscription): €165 / month ($179 in the US, ₹14,999 in India).",
    );
    expect(euros).not.toContain("In dollars and euros");
    const dollars = answerFromContent(index, "how much is the pro plan", null, { region: "us" }).response;
    expect(dollars).toContain(
      "PRO (monthly subscription): $1,439 / month (€1,319 in Europe, ₹1,19,999 in India).",
    );
    // In India the rupee price opens it, as the page does.
    const rupees = answerFromContent(index, "how much is the pro plan", null, { region: "in" }).response;
    expect(rupees).toContain("PRO (monthly subscription): ₹1,19,999 / month.");
    expect(rupees).toContain("In dollars and euros: $1,439 or €1,319 a month.");
  });

  it("reads 'pm' after a plan, a price or a currency as a month, and '7 pm' as a time", () => {
    const answer = answerFromContent(index, "starter plan eur pm");
    expect(answer.sources[0]?.url).toBe("/solutions/green");
    expect(answer.response).toContain("€165 / month");
    expect(explainRetrieval(index, "social plan cost pm").terms).not.toContain("pm");
    expect(explainRetrieval(index, "are you open till 7 pm").terms).toContain("pm");
  });
});

describe("round 38's words", () => {
  it("reads shorthand and Hinglish the way a phone types them", () => {
    const terms = (question: string) => explainRetrieval(index, question).terms;
    // "optns" is options (not "open"), "bg" a background, "jaisa" like.
    expect(terms("how many logo optns")).toEqual(topicTerms("how many logo options"));
    expect(terms("motion plan bg music")).toEqual(topicTerms("motion plan background music"));
    expect(explainRetrieval(index, "kaam brief jaisa nahi").novel).toEqual([]);
    // "kitne alag option" asks how many different ones, not separate ones.
    expect(terms("logo ke kitne alag option")).toEqual(topicTerms("how many logo options"));
    // "alag" alone is still separate.
    expect(terms("alag invoice")).toEqual(topicTerms("separate invoice"));
  });

  it("reads a target audience, buyers or market as the audience, and figuring out as finding", () => {
    const answer = answerFromContent(index, "help me figure out my target customers");
    expect(answer.sources[0]?.url).toBe("/strategy?service=Strategy");
    expect(explainRetrieval(index, "who is our target market").terms).toEqual(topicTerms("audience"));
  });
});

describe("a kind of business named first, with no head word", () => {
  const termOf = (word: string) => topicTerms(word)[0]!;
  it("reads 'salon', 'bookstore', 'home bakery' that open the question as the visitor's, before the studio's work", () => {
    for (const [question, business] of [
      ["salon video edits cost rs", "salon"],
      ["bookstore insta posts handled?", "bookstore"],
      ["home bakery logo refresh price", "bakery"],
    ] as const) {
      const explained = explainRetrieval(index, question);
      expect(explained.terms, question).not.toContain(termOf(business));
      expect(explained.verdict, question).toBe("relevant");
    }
  });

  it("not when the opening word is not a kind of business, nor when what follows is not the studio's work", () => {
    expect(explainRetrieval(index, "farewell gift ideas for a colleague").terms).toContain(
      termOf("farewell"),
    );
    expect(explainRetrieval(index, "gym trainer salary in pune").terms).toContain(termOf("gym"));
  });
});

describe("the meaning gate reads a question without the business named first (decision 0110)", () => {
  it("leaves out the business its writer names first, beside something the studio makes", () => {
    expect(withoutOpeningBusiness(index, "cafe visting card price rs")).toBe("visting card price rs");
    expect(withoutOpeningBusiness(index, "florist shop landing page eur")).toBe("landing page eur");
    expect(withoutOpeningBusiness(index, "Dental clinic site load fast")).toBe("site load fast");
  });

  it("leaves every other question alone", () => {
    expect(withoutOpeningBusiness(index, "how much is a logo")).toBeNull();
    expect(withoutOpeningBusiness(index, "monthly fee for a gym membership")).toBeNull();
    expect(withoutOpeningBusiness(index, "gym owner salary in pune")).toBeNull();
    // Another company's name is no kind of business.
    expect(withoutOpeningBusiness(index, "magicbricks owner plan price")).toBeNull();
    expect(withoutOpeningBusiness(index, "bakery owner plan price")).toBe("plan price");
  });
});
