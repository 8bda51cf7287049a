import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { answerFromContent } from "./answer";
import { buildChatIndex, retrieve } from "./retrieval";
import type { ChatDocument } from "./sources/types";
import { chatSynonymsSchema, unknownPassages, withAskedAs } from "./synonyms";
import { seededChatDocuments, seededChatIndex, withSignal } from "./testing";
import { asksAboutOthers, thirdPartyNames } from "./third-party";

// Document expansion and other companies' names (decision 0086). The
// questions here are not the evaluation sets' (tests/chat-eval/).

const index = seededChatIndex();
const ask = (query: string) => answerFromContent(index, query);

const seedFile = () =>
  chatSynonymsSchema.parse(
    JSON.parse(
      readFileSync(path.resolve(import.meta.dirname, "../../seeds/chat-synonyms.json"), "utf8"),
    ) as unknown,
  );

describe("the ways visitors ask about a passage (askedAs)", () => {
  it("names only passages that exist, and the seeded index carries them", () => {
    const synonyms = seedFile();
    expect(Object.keys(synonyms.askedAs).length).toBeGreaterThan(50);
    // Policies, posts, FAQs, company pages, team members and open positions come from the database (checked in
    // tests/integration/chat-coverage.test.ts); the rest are built from seeds/ here.
    const databaseOnly = /^(policy|post|article|faq|page|team|position):/;
    expect(unknownPassages(seededChatDocuments(), synonyms).filter((id) => !databaseOnly.test(id))).toEqual(
      [],
    );
    expect(index.documents.get("strategy:app-creation")?.askedAs).toContain("iphone");
  });

  it("brings a paraphrase that shares no word with its passage to that passage", () => {
    for (const [question, url] of [
      ["do u design leaflets", "/strategy?service=Graphic%20Design"],
      ["can u do flyers and pamphlets", "/strategy?service=Graphic%20Design"],
    ] as const) {
      expect(ask(question).sources[0]?.url, question).toBe(url);
      // Without the signal the same question is declined or lands elsewhere.
      expect(
        withSignal("askedAs", false, () => ask(question).sources[0]?.url),
        question,
      ).not.toBe(url);
    }
  });

  it("reaches a passage through an inflected form of a word the vocabulary folds away", () => {
    // "reimburse" folds onto "refund"; "reimbursed" reaches the passage by its own stem.
    const found = retrieve(index, "can i be reimbursed");
    expect(found.status).toBe("found");
    if (found.status === "found") expect(found.ranked[0]?.document.id).toBe("tokens:validity");
  });

  it("never outranks a passage that holds the question's own words", () => {
    const documents: ChatDocument[] = [
      { id: "apps", title: "App Creation", url: "/apps", text: "We design and build mobile apps." },
      {
        id: "phones",
        title: "Phone support",
        url: "/phones",
        text: "Call us on our support line.",
        askedAs: ["app help", "mobile app trouble"],
      },
    ];
    const small = buildChatIndex(documents);
    const found = retrieve(small, "do you build mobile apps");
    expect(found.status).toBe("found");
    if (found.status === "found") expect(found.ranked[0]?.document.id).toBe("apps");
    // The exact wording of the seeded content still ranks its own passage first.
    expect(ask("What does the Social plan include?").sources[0]?.url).toBe("/solutions/blue");
    expect(ask("How long are tokens valid?").sources[0]?.url).toBe("/creative-tokens");
  });

  it("leaves a passage without an entry as it is, and is never shown", () => {
    const documents: ChatDocument[] = [{ id: "a", title: "A", url: "/a", text: "Alpha." }];
    expect(withAskedAs(documents, { askedAs: {} })).toEqual(documents);
    expect(withAskedAs(documents, { askedAs: { a: ["first letter"] } })[0]?.askedAs).toEqual([
      "first letter",
    ]);
    expect(ask("do u design leaflets").response).not.toMatch(/leaflet/i);
  });
});

describe("other companies, their products and devices (thirdParty)", () => {
  it("finds names and devices, not the channels the agency works on", () => {
    expect(thirdPartyNames("How do I crop a clip in CapCut?")).toEqual(["capcut"]);
    expect(thirdPartyNames("best ring light under 2k")).toEqual(["ring light"]);
    expect(thirdPartyNames("can u handle instagram and youtube for us")).toEqual([]);
    expect(asksAboutOthers("is zomato hiring designers")).toBe(true);
    expect(asksAboutOthers("what do freelancers charge for a logo")).toBe(true);
    // A preposition names nobody (decision 0094).
    expect(asksAboutOthers("who is in charge of the motion team")).toBe(false);
    expect(asksAboutOthers("are you hiring designers")).toBe(false);
    expect(asksAboutOthers("how much do u charge for a logo")).toBe(false);
  });

  it("declines a question about another company's product even when it shares a service's word", () => {
    for (const question of [
      "how do i animate text in after effects",
      "adobe premiere pro video price",
      "which laptop for video editing",
    ])
      expect(ask(question).found, question).toBe(false);
    // Where the rule is what declines it: without it, the shared word finds a service
    // (an apple is also a fruit, which WordNet's kinds decline too, decision 0087, and
    // "apple logo" is another thing's logo, which the compound rule declines, decision 0091).
    for (const question of [
      "who designed the apple logo",
      "is google hiring designers",
      "how much do instagram influencers earn",
    ]) {
      expect(ask(question).found, question).toBe(false);
      expect(
        withSignal("compounds", false, () =>
          withSignal("offTopicKinds", false, () =>
            withSignal("thirdParty", false, () => ask(question).found),
          ),
        ),
        question,
      ).toBe(true);
    }
  });

  it("keeps a device the site itself names in scope", () => {
    expect(ask("do you make vr experiences for a headset").sources[0]?.url).toBe(
      "/strategy?service=AI%20AR%20VR",
    );
  });
});

describe("plan prices in other currencies (decision 0094)", () => {
  it("gives a plan's price in dollars and euros as well as rupees", () => {
    const answer = ask("how much is the starter plan for someone paying in euros");
    expect(answer.sources[0]?.url).toBe("/solutions/green");
    expect(answer.response).toContain("€165");
    expect(answer.response).toContain("$179");
    expect(answer.response).toContain("₹14,999");
  });
});
