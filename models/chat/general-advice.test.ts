import { describe, expect, it } from "vitest";
import { asksGeneralAdvice, GENERIC_TERMS, namesItsSubject } from "./general-advice";
import { processTerm } from "./text";
import { citedUrl, seededChatIndex, termsOf, withSignal } from "./testing";
import { thirdPartyNames } from "./third-party";

// General advice and requests for work (decision 0088), and the second round
// of askedAs phrases. The questions here are not the evaluation sets'
// (tests/chat-eval/).

const index = seededChatIndex();
const cited = (query: string) => citedUrl(index, query);
const terms = termsOf;

describe("asksGeneralAdvice", () => {
  it("reads how-tos, tips, judgement calls and requests for work", () => {
    for (const question of [
      "how to open a bakery",
      "How do I get more customers?",
      "hi how should i price my candles",
      "any tips for a first job interview",
      "best way to learn guitar",
      "should i buy a second hand car",
      "is an mba worth it",
      "can u build me a shed",
      "could your team repair my roof",
      "i need someone to clean my office",
    ])
      expect(asksGeneralAdvice(question), question).toBe(true);
  });

  it("leaves questions about what something is, costs or when it happens alone", () => {
    for (const question of [
      "what plans do you have",
      "price of the pro plan",
      "when are you open",
      "where is your office",
      "who founded ascendra",
      "the bundle is worth 250 tokens?",
    ])
      expect(asksGeneralAdvice(question), question).toBe(false);
  });
});

describe("namesItsSubject", () => {
  it("counts only a word that names a subject, in the passage's subject or its askedAs words", () => {
    const subject = new Set(terms("logo", "design"));
    const asked = new Set(terms("branding", "business"));
    expect(namesItsSubject(terms("redo", "logo"), subject, new Set())).toBe(true);
    expect(namesItsSubject(terms("branding"), new Set(), asked)).toBe(true);
    // "start", "small", "business": generic even where the passage lists them.
    expect(namesItsSubject(terms("start", "small", "business"), subject, asked)).toBe(false);
    expect(namesItsSubject(terms("catering"), subject, asked)).toBe(false);
    expect(GENERIC_TERMS.has(processTerm("businesses")!)).toBe(true);
    expect(GENERIC_TERMS.has(processTerm("plan")!)).toBe(false);
  });
});

describe("retrieval with the general-advice rule", () => {
  it("declines a how-to about running a business that only shares the site's words, because of the rule", () => {
    const question = "how to start a small business in india";
    expect(cited(question)).toBeNull();
    expect(withSignal("generalAdvice", false, () => cited(question))).not.toBeNull();
  });

  it("still answers the how-tos and requests the site answers", () => {
    for (const [question, url] of [
      ["how do i buy tokens", "/creative-tokens"],
      ["how to book a meeting", "/contact#offline-meet"],
      ["how do i create a support ticket", "/createticket"],
      ["can u redo my logo", "/strategy?service=Graphic%20Design"],
      ["can you make an app for my clinic", "/strategy?service=App%20Creation"],
      ["is the best value bundle worth it", "/creative-tokens"],
    ])
      expect(cited(question!), question).toBe(url);
  });

  it("reads 'in-house' as done by the team, not as a house", () => {
    expect(cited("can u build me a house")).toBeNull();
    expect(cited("is the work done in-house")).toBe("/investorpage");
  });

  it("declines advice on what to buy when only generic words meet a passage's subject", () => {
    expect(cited("good crm for a small business")).toBeNull();
  });

  it("reads email and payment apps as other companies' products", () => {
    expect(thirdPartyNames("my outlook is not syncing")).toEqual(["outlook"]);
    expect(thirdPartyNames("whatsapp web not opening")).toEqual(["whatsapp web"]);
    expect(cited("whatsapp web not opening")).toBeNull();
  });
});

describe("Hinglish question words", () => {
  it("reads them as the English question words they are, not as words the site never uses", () => {
    expect(cited("starter plan kitna hai")).toBe("/solutions/green");
    expect(cited("kya aap logo design karte ho")).toBe("/strategy?service=Graphic%20Design");
    expect(cited("paise wapas milega kya")).toBe("/creative-tokens");
  });

  it("reads 'approx' and 'thru' as the words they stand for", () => {
    expect(cited("approx price of the pro plan")).toBe("/solutions/purple");
    expect(cited("will i get bonus tokens if a friend signs up thru my code")).toBe("/referrals");
  });
});

describe("askedAs, second round", () => {
  it("reaches a plan by its price in thousands", () => {
    expect(cited("what does the 15k plan include")).toBe("/solutions/green");
    expect(withSignal("askedAs", false, () => cited("what does the 15k plan include"))).not.toBe(
      "/solutions/green",
    );
  });
});
