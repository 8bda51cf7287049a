import { describe, expect, it } from "vitest";
import { answerFromContent } from "./answer";
import { explainRetrieval } from "./retrieval";
import { seededChatIndex } from "./testing";
import { topicTerms } from "./text";

// Round 37 (decision 0108). The questions here are not the evaluation sets' (tests/chat-eval/).

const index = seededChatIndex();
const termOf = (word: string) => topicTerms(word)[0]!;

describe("round 37", () => {
  it("reads a business named first with no comma as the visitor's, when the studio's work follows it", () => {
    for (const [question, business] of [
      ["bakery owner animated logo price usd", "bakery"],
      ["pottery studio landing page cost", "pottery"],
      ["candle brand social posts plan rupees", "candle"],
    ] as const) {
      const explained = explainRetrieval(index, question);
      expect(explained.terms, question).not.toContain(termOf(business));
      expect(explained.verdict, question).toBe("relevant");
    }
    // Not when what follows is another trade's ("membership", "dog food"), nor past "my" ("trademark my cafe").
    expect(explainRetrieval(index, "pet shop dog food price").terms).toContain(termOf("dog"));
    expect(explainRetrieval(index, "gym owner salary in pune").terms).toContain(termOf("gym"));
    expect(explainRetrieval(index, "trademark my cafe name, fees?").terms).toContain(termOf("trademark"));
    // "business plan" is another kind of plan.
    expect(explainRetrieval(index, "bakery business plan template").terms).toContain(termOf("bakery"));
  });

  it("reads Hinglish's 'meri X clinic ka …' as the visitor's business, before the studio's work", () => {
    const explained = explainRetrieval(index, "meri pet clinic ka purana logo badalna hai");
    expect(explained.terms).not.toContain(termOf("clinic"));
    expect(explained.terms).toContain(termOf("logo"));
    // Another's thing stays another's.
    expect(explainRetrieval(index, "colleague ki farewell party ke liye cake").terms).toContain(
      termOf("colleague"),
    );
  });

  it("reads round 37's Hinglish words as the English they stand for", () => {
    expect(topicTerms("mera plan band kaise karu")).toContain(termOf("cancel"));
    expect(topicTerms("newsletter band karna hai")).toContain(termOf("cancel"));
    // A band that plays is not cancelled.
    expect(topicTerms("does your band do weddings")).not.toContain(termOf("cancel"));
    expect(topicTerms("ye design kiska hoga")).toEqual(topicTerms("whose design will it be"));
    expect(topicTerms("tum log kya karte ho")).toEqual(topicTerms("what services do you offer"));
    expect(topicTerms("site bnne ke baad")).toEqual(topicTerms("site made after"));
    expect(topicTerms("since wen")).toEqual(topicTerms("since when"));
  });

  it("reads a printer the studio talks to as its printer liaison, iOS with Android as both platforms, and who owns the work", () => {
    const liaison = termOf("liaison");
    for (const question of [
      "can you speak to our printer for us",
      "will u coordinate with the printing press",
    ])
      expect(topicTerms(question), question).toContain(liaison);
    // A printer to fix or buy is a device.
    expect(topicTerms("can you fix my printer")).not.toContain(liaison);
    const crossPlatform = topicTerms("cross-platform");
    for (const question of ["iphone + android app for our school", "app for android and ios both"])
      expect(topicTerms(question), question).toEqual(expect.arrayContaining(crossPlatform));
    expect(topicTerms("an android app")).not.toEqual(expect.arrayContaining(crossPlatform));
    // "who owns the artwork" asks about ownership of the work, not for the founder.
    expect(topicTerms("who owns the artwork once we pay")).not.toContain(termOf("founder"));
    expect(topicTerms("who owns ascendra")).toContain(termOf("founder"));
    // So does Hinglish's "logo ka malik kaun"; "ascendra ka malik kaun" asks for the founder.
    expect(topicTerms("design banne ke baad uska malik kaun hoga")).toEqual(
      expect.arrayContaining(topicTerms("who owns the design")),
    );
    expect(topicTerms("design banne ke baad uska malik kaun hoga")).not.toContain(termOf("founder"));
    expect(topicTerms("ascendra ka malik kaun hai")).toContain(termOf("founder"));
  });

  it("answers 'will you coordinate with our printer' from the Graphic Design page (its printer liaison)", () => {
    const reply = answerFromContent(index, "will you coordinate with our printer");
    expect(reply.sources[0]?.url).toBe("/strategy?service=Graphic%20Design");
    expect(reply.response).toContain("Printer liaison");
  });
});
