import { describe, expect, it } from "vitest";
import { answerFromContent } from "./answer";
import { seededChatIndex, withSignal } from "./testing";
import { topicTerms } from "./text";

// Rounds 32–33: one-line questions near the site's subjects that name no company (decision 0105).
// The questions here are not the evaluation sets' (tests/chat-eval/).

const index = seededChatIndex();
const found = (question: string) => answerFromContent(index, question).found;

describe("rounds 32–33", () => {
  it("reads whether a sum is fine to pay someone else as their quote, and the studio's own price as its own", () => {
    for (const question of [
      "is 20k a month okay to pay a freelancer for my instagram",
      "is 8000 fine to pay someone for a logo",
    ]) {
      expect(topicTerms(question), question).toContain("otherquot");
      expect(found(question), question).toBe(false);
    }
    expect(topicTerms("is it ok to pay you in dollars")).not.toContain("otherquot");
  });

  it("reads storage for a task and a printer to print with as a shop's question", () => {
    for (const question of [
      "how much storage for editing wedding videos",
      "a printer for printing labels at home",
    ]) {
      expect(topicTerms(question), question).toContain("gearadvic");
      expect(found(question), question).toBe(false);
    }
    // The studio talks to the printer for its clients.
    expect(topicTerms("will you talk to our printer for us")).not.toContain("gearadvic");
  });

  it("reads plans for one's free time as a request for ideas, not the studio's weekend hours", () => {
    for (const question of ["fun things to do in the rain", "things to do this sunday with my parents"]) {
      expect(topicTerms(question), question).toContain("ideasask");
      expect(found(question), question).toBe(false);
    }
    expect(topicTerms("are you open on the weekend")).not.toContain("ideasask");
  });

  it("reads what a kind of business charges in general as market rates, and the studio's own as its own", () => {
    for (const question of [
      "wedding photographers per day kitna charge karte hai generally",
      "what do design agencies charge for a menu card usually",
    ]) {
      expect(topicTerms(question), question).toContain("marketr");
      expect(found(question), question).toBe(false);
    }
    expect(topicTerms("do your designers usually charge extra for rush work")).not.toContain("marketr");
  });

  it("reads round 32's Hinglish as the site's words", () => {
    for (const [hinglish, english] of [
      ["roz ke posts kaun banayega", "daily"],
      ["gift card us din pahunchega kya", "arrive"],
      ["mere vlog ka intro", "video"],
      ["tokens ka hisaab kitaab kaha dikhega", "balance"],
      ["password bhul gaya", "forget"],
      ["voice artist bhi dhundoge", "find"],
      ["designers udhaar milenge", "lend"],
    ] as const) {
      expect(topicTerms(hinglish), hinglish).toContain(topicTerms(english)[0] ?? english);
    }
    // "hisaab" on its own reads "according" (a word the site uses), and "aapne" reads "you".
    expect(topicTerms("brief ke hisaab se")).toEqual(["brief", "accord"]);
    expect(topicTerms("aapne kitne logo banaye")).toEqual(["logo"]);
  });

  it("reads round 32's shorthand as the site's words", () => {
    for (const [typed, english] of [
      ["sr designer opening", "senior"],
      ["what do joinees do in week one", "hire"],
      ["critiques in the studio", "feedback"],
      ["does my site work with javascript off", "scripts"],
    ] as const) {
      expect(topicTerms(typed), typed).toContain(topicTerms(english)[0]);
    }
    expect(topicTerms("a workshop with my cofounders")).toContain(topicTerms("founders")[0]);
  });

  it("reads a game's free tokens, in Hinglish order too, as the game's", () => {
    for (const question of ["game me free tokens kaise kamaye", "free tokens in a racing game"]) {
      expect(topicTerms(question), question).toContain("gametoken");
      expect(found(question), question).toBe(false);
    }
    expect(topicTerms("free tokens kaise milte hai")).not.toContain("gametoken");
  });

  it("reads a question that opens with the visitor's kind of business as theirs, beside work the studio does", () => {
    const question = "pickle brand, need jar labels and someone to talk to the printer";
    expect(found(question)).toBe(true);
    expect(withSignal("describedBusiness", false, () => found(question))).toBe(false);
    // Not when the question asks about the business's own goods.
    expect(found("tea brand, which tea helps with sleep")).toBe(false);
    expect(found("honey shop owner, how much honey per day is healthy")).toBe(false);
  });

  it("reads Hinglish's owner named first (\"X ka Y\") as the visitor's business, when Y is something the site knows", () => {
    for (const question of ["dental clinic ki website chahiye", "salon ka insta sambhal loge? rate batao"]) {
      expect(found(question), question).toBe(true);
      expect(
        withSignal("describedBusiness", false, () => found(question)),
        question,
      ).toBe(false);
    }
    expect(found("dost ki shaadi hai, kya gift du")).toBe(false);
    // Another company's product, named as a phrase.
    expect(found("tally prime ka license kitne ka hai")).toBe(false);
  });
});
