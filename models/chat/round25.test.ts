import { describe, expect, it } from "vitest";
import { answerFromContent } from "./answer";
import { explainRetrieval } from "./retrieval";
import { citedUrl, seededChatIndex } from "./testing";
import { processTerm, topicTerms } from "./text";
import { SOMEONE_ELSES } from "./vocabulary";

// Round 25: advice about the visitor's own audience and other platforms' settings and pay (decision 0103).
// The questions here are not the evaluation sets' (tests/chat-eval/).

const index = seededChatIndex();
const found = (question: string) => answerFromContent(index, question).found;

describe("round 25", () => {
  it("reads growing one's own followers as advice, and asking the studio to grow them as the service", () => {
    for (const question of [
      "how do i get more followers on my bakery's insta",
      "tips to increase subscribers on youtube",
      "followers kaise badhaye insta pe",
    ]) {
      expect(topicTerms(question)).toContain("audiencegrowth");
      expect(found(question)).toBe(false);
    }
    expect(topicTerms("can you grow our instagram followers")).not.toContain("audiencegrowth");
    expect(found("can you grow our instagram followers")).toBe(true);
  });

  it("reads another platform's settings and what it pays creators as something else", () => {
    expect(topicTerms("how to make my insta profile private")).toEqual(["platformaccount"]);
    expect(found("how to make my insta profile private")).toBe(false);
    expect(topicTerms("how much does youtube pay for 10k views")).toContain("platformpai");
    expect(found("how much does youtube pay for 10k views")).toBe(false);
    expect(found("can you manage our instagram page")).toBe(true);
  });

  it("reads mail as email, a shop's opening as its launch, a plan's pack as the plan and a legal issue as a dispute", () => {
    expect(topicTerms("where do i mail my cv")).toEqual(topicTerms("where do i email my cv"));
    expect(topicTerms("is anything sent by mail")).not.toContain("email");
    expect(topicTerms("a card for her boutique opening")).not.toContain("career");
    expect(topicTerms("any job openings")).toContain("career");
    expect(topicTerms("social pack in euro")).toContain("plan");
    expect(topicTerms("if a legal issue happens which court")).not.toContain("ticket");
  });

  it("reads a D' surname typed as one word, and a describing word the site lists as the subject", () => {
    expect(citedUrl(index, "who is naina dsouza")).toBe("/teampage");
    expect(explainRetrieval(index, "does your website work for blind users").terms).toContain(
      topicTerms("blind")[0],
    );
    // A noun after "for" is still the visitor's business.
    expect(explainRetrieval(index, "an app for my yoga studio").terms).not.toContain(topicTerms("yoga")[0]);
  });

  it("reads every relative as one word, so a card for a niece is a card for a sister", () => {
    expect(topicTerms("a gift card for my niece")).toEqual(topicTerms("a gift card for my sister"));
    expect(topicTerms("can my nephew use my tokens")).toEqual(topicTerms("can my mother use my tokens"));
  });

  it("reads a greeting by the time of day as a greeting, a job applied for as a post and the internet as digital", () => {
    expect(topicTerms("good afternoon, how much is the starter plan")).toEqual(
      topicTerms("how much is the starter plan"),
    );
    expect(topicTerms("i applied for a job with you")).toContain("career");
    expect(topicTerms("can we do a job with you")).not.toContain("career");
    expect(topicTerms("do you send files by internet")).toEqual(topicTerms("do you send files digital"));
  });

  it("reads what the visitor's own business sells as theirs, and starting one as no starting price", () => {
    expect(explainRetrieval(index, "help naming my new tea brand").terms).not.toContain(topicTerms("tea")[0]);
    expect(topicTerms("we are starting a tea company")).not.toContain("cheapest");
    expect(topicTerms("starting price of a logo")).toContain("cheapest");
  });

  it("reads a post's name as who holds it, and 'is it true' as the question it opens", () => {
    expect(topicTerms("founder name?")).toEqual(topicTerms("who is the founder"));
    expect(topicTerms("is it true you work four days a week")).toEqual(
      topicTerms("you work four days a week"),
    );
  });

  it("reads buying followers, asking the chat for name ideas and other agencies' rates as something else", () => {
    expect(topicTerms("is it ok to buy instagram followers")).toContain("audiencegrowth");
    expect(topicTerms("how do i hit 5k followers")).toContain("audiencegrowth");
    expect(topicTerms("give me 5 name ideas for my bakery")).toContain("ideasask");
    expect(found("branding agency in pune logo package rates")).toBe(false);
    expect(explainRetrieval(index, "branding agency in pune logo package rates").asksAboutOthers).toBe(true);
    expect(
      explainRetrieval(index, "we are an agency in pune, what is your logo package price").asksAboutOthers,
    ).toBe(false);
  });

  it("reads the team's size, 'is true?', an abbreviated founding and a trade's licence as the site means them", () => {
    expect(topicTerms("how big is your team")).toEqual(topicTerms("team size"));
    expect(topicTerms("4 day week is true?")).toEqual(topicTerms("4 day week?"));
    expect(topicTerms("estd year")).toEqual(topicTerms("founded year"));
    expect(topicTerms("trade licence renewal fee")).not.toContain(topicTerms("licence")[0]);
    expect(topicTerms("my video got a copyright strike")).toContain("platformaccount");
  });

  it("reads the middle of a month, the oldest first, paying in full and a bank's loan as the site means them", () => {
    expect(topicTerms("stop my plan midmonth")).toEqual(topicTerms("stop my plan mid month"));
    expect(topicTerms("which tokens go, old ones first?")).toContain("oldest");
    expect(topicTerms("is the logo mine once we pay")).toEqual(
      topicTerms("is the logo mine after full payment"),
    );
    expect(topicTerms("need a business loan for my shop")).toContain("bankloan");
  });

  it("reads WhatsApp as visitors spell it, and one's own trade mark, hiring and others' quotes as something else", () => {
    expect(topicTerms("wats app number")).toEqual(topicTerms("whatsapp number"));
    expect(topicTerms("what is app creation")).not.toContain("whatsapp");
    expect(topicTerms("how do i trademark my logo")).toContain("trademarkfil");
    expect(topicTerms("hiring our first accountant, what salary")).toContain("ownhir");
    expect(topicTerms("a designer quoted me 20k for a logo, is that fair")).toContain("otherquot");
    expect(topicTerms("you quoted me 20k for a logo, why")).not.toContain("otherquot");
  });

  it("reads sums, market rates, another platform's how-to and the best time to post as someone else's affair", () => {
    expect(topicTerms("solve 3x + 7 = 22")).toContain("sumtosolv");
    expect(topicTerms("5 + 3 x 2")).toContain("sumtosolv");
    // Dates and sizes are no sums.
    expect(topicTerms("event on 2026-11-28 at 10")).not.toContain("sumtosolv");
    expect(topicTerms("1080 x 1350 post size")).not.toContain("sumtosolv");
    expect(topicTerms("silver rate per kg")).toContain("forexgold");
    expect(topicTerms("gift card exchange rate to tokens")).not.toContain("forexgold");
    expect(topicTerms("how to make a collab post on instagram")).toEqual(["platformhowto"]);
    expect(topicTerms("how do i reach you on whatsapp")).not.toContain("platformhowto");
    expect(topicTerms("best time to post on linkedin")).toContain("postingadvic");
    for (const marker of SOMEONE_ELSES)
      expect(index.askedTerms.has(processTerm(marker)!), marker).toBe(false);
  });

  it("reads 'since when are you in business' and 'how old is your studio' as when it was founded", () => {
    for (const question of [
      "since when r u in business",
      "how old is your studio",
      "how long have you been around",
    ])
      expect(topicTerms(question)).toEqual(topicTerms("founded year"));
  });

  it("reads the product a label or packet is for as the visitor's, and a carton or pouch as packaging", () => {
    const terms = (question: string) => explainRetrieval(index, question).terms;
    expect(terms("mango pickle jar labels")).not.toContain(topicTerms("pickle")[0]);
    expect(terms("labels for our hair oil bottles")).not.toContain(topicTerms("hair")[0]);
    expect(terms("logo for my ayurvedic hair oil brand")).not.toContain(topicTerms("ayurvedic")[0]);
    // "can" is no tin: "blind people can use it" keeps its subject.
    expect(terms("blind people can use the website?")).toContain(topicTerms("blind")[0]);
    // "for" ends a business's name: "my company eligible for…" is no kind of business.
    expect(terms("is my company eligible for a tax exemption")).toContain(topicTerms("eligible")[0]);
    expect(topicTerms("tea carton and pouch")).toEqual(topicTerms("tea packaging and packaging"));
  });

  it("reads tax on the studio's prices as the bundles' page, and the visitor's own taxes as something else", () => {
    expect(citedUrl(index, "is gst included in the bundle price or extra")).toBe("/creative-tokens");
    expect(topicTerms("can you do my taxes")).toContain("taxfil");
    expect(topicTerms("how do i get a gst number")).toContain("taxfil");
    // "handle my accounts" is a social plan's accounts, not bookkeeping.
    expect(topicTerms("can you handle my accounts")).not.toContain("taxfil");
  });

  it("reads a camera try-on, lead scoring and a bot that hands over to staff as the AI, AR and VR work; a match's score as something else", () => {
    expect(citedUrl(index, "can shoppers try our sunglasses on with their phone camera")).toBe(
      "/strategy?service=AI%20AR%20VR",
    );
    expect(citedUrl(index, "do you set up lead scoring for our sales team")).toBe(
      "/strategy?service=AI%20AR%20VR",
    );
    expect(topicTerms("india vs england score")).toContain("sportsscor");
    expect(topicTerms("can you score our leads")).not.toContain("sportsscor");
  });

  it("reads a gift code as the gift card's code", () => {
    expect(topicTerms("can the gift code be used twice")).toEqual(
      topicTerms("can the gift card code be used twice"),
    );
  });
});
