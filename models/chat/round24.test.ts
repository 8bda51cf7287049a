import { describe, expect, it } from "vitest";
import { answerFromContent } from "./answer";
import { CHAT_COPY } from "./copy";
import { explainRetrieval } from "./retrieval";
import { citedUrl, seededChatIndex } from "./testing";
import { topicTerms, wordsOf } from "./text";

// Round 24: visitors' words for what the pages say in others (decision 0102).
// The questions here are not the evaluation sets' (tests/chat-eval/).

const index = seededChatIndex();

describe("round 24", () => {
  it("reads Hindi's 'banana hai' as making something, and the fruit as the fruit", () => {
    expect(wordsOf("salon ka snapchat filter banana h")).toContain("make");
    expect(wordsOf("website banana hai")).toContain("make");
    expect(wordsOf("is a ripe banana healthy")).toContain("banana");
    expect(wordsOf("one banana is enough")).toContain("banana");
  });

  it("reads 'apni X ke liye' as 'for my X', the visitor's business", () => {
    expect(wordsOf("apni bakery ke liye logo").join(" ")).toContain("for my bakery");
  });

  it("reads a limit, or none, as the site writes it", () => {
    expect(topicTerms("max invites per friend")).toEqual(topicTerms("limit invites per friend"));
    expect(topicTerms("a plan with no limit")).toEqual(topicTerms("a plan unlimited"));
    expect(citedUrl(index, "which plan has no limit on design requests")).toBe("/solutions/purple");
  });

  it("reads a bank's current or savings account as something else than a client account", () => {
    expect(topicTerms("open a current account")).not.toContain("account");
    expect(citedUrl(index, "how do i open a savings account for my shop")).toBeNull();
  });

  it("reads a file format as the files a client gets", () => {
    expect(topicTerms("only jpg or png?")).toEqual(topicTerms("only image or image?"));
  });

  it("reads who writes before an emoji as who writes, not what they ask about", () => {
    expect(explainRetrieval(index, "student here 🙂 any workshops").terms).not.toContain("student");
    expect(explainRetrieval(index, "student here. any workshops").terms).not.toContain("student");
  });

  it("offers a place to start to a description of a business, not to one that goes on to ask something else", () => {
    const reply = (question: string) => answerFromContent(index, question).response;
    expect(reply("we run a bakery in thane")).toContain(CHAT_COPY.business);
    expect(reply("i run a tuition centre and want an app where parents see homework")).toContain(
      CHAT_COPY.business,
    );
    expect(reply("we run a small bakery in pune, can you help us?")).toContain(CHAT_COPY.business);
    expect(reply("we run a bakery in thane and need an fssai licence, whom should we call")).toBe(
      CHAT_COPY.unknown,
    );
    expect(reply("we own a cafe in pune, which insurance covers fire")).toBe(CHAT_COPY.unknown);
  });

  it("reads another platform's account taken over, and a trademark's registration, as something else", () => {
    expect(answerFromContent(index, "my youtube account got suspended yesterday").found).toBe(false);
    expect(answerFromContent(index, "can you manage our youtube channel").found).toBe(true);
    expect(topicTerms("trademark filing fees")).toEqual(topicTerms("register a trademark fees"));
    expect(topicTerms("trademark checks")).not.toEqual(topicTerms("trademark filing checks"));
  });

  it("reads a lens as the AR passage's lenses, tips as the blog's guides, a plugin as a collaboration", () => {
    expect(citedUrl(index, "ar lens for our shoe brand")).toBe("/strategy?service=AI%20AR%20VR");
    expect(citedUrl(index, "we built a figma plugin, can we partner on it")).toBe("/collabpage");
    expect(topicTerms("tips")).toEqual(topicTerms("guide"));
    expect(topicTerms("yearly")).toEqual(topicTerms("year"));
    // A camera's lens is still someone else's product.
    expect(citedUrl(index, "best lens for canon camera")).toBeNull();
  });

  it("finds a feature's detail by the words visitors use for it: logo options", () => {
    const reply = (question: string) => answerFromContent(index, question).response;
    expect(reply("how many logo directions will we see first")).toContain("Three distinct routes");
  });

  it("reads a helpline as the phone, a 'pin cod' as the pin code, tax 'on top' as extra", () => {
    expect(answerFromContent(index, "do u have a helpline").response).toContain("4000 1234");
    expect(citedUrl(index, "ofice pin cod pls")).toBe("/contact#offline-meet");
    expect(topicTerms("is gst on top")).toEqual(topicTerms("is gst extra"));
  });
});
