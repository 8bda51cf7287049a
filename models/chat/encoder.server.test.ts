import { afterEach, describe, expect, it } from "vitest";
import { answerFromContent } from "./answer";
import {
  asTyped,
  embedQuestion,
  embedQuestions,
  meaningOf,
  passageVectors,
  sentenceVectors,
} from "./encoder.server";
import { MEANING_GATE, passageSentences } from "./meaning-gate";
import { seededChatIndex, withSignal } from "./testing";

// The real encoder (the Universal Sentence Encoder lite inside the npm package): loaded once, ~1 s.
const index = seededChatIndex();
const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

afterEach(() => {
  delete process.env.CHAT_SENTENCE_ENCODER;
});

describe("the sentence encoder (decision 0093)", () => {
  it("reads a question as 512 numbers of unit length; paraphrases lie closer than other subjects", async () => {
    const [refund, moneyBack, weather] = (await embedQuestions([
      "can i get a refund",
      "will you give my money back",
      "is it going to rain tomorrow",
    ]))!;
    expect(refund).toHaveLength(512);
    expect(cosine(refund!, refund!)).toBeCloseTo(1, 4);
    expect(cosine(refund!, moneyBack!)).toBeGreaterThan(cosine(refund!, weather!) + 0.2);
  }, 30_000);

  it("reads a message typed in capitals as the same words in lower case (decision 0099)", async () => {
    expect(asTyped("SOCIAL PLAN PRICE USD")).toBe("social plan price usd");
    expect(asTyped("HOW MUCH for a logo")).toBe("HOW MUCH for a logo");
    expect(asTyped("GST?")).toBe("GST?");
    const [shouted, typed] = (await embedQuestions(["SOCIAL PLAN PRICE USD", "social plan price usd"]))!;
    expect(cosine(shouted!, typed!)).toBeCloseTo(1, 4);
  }, 30_000);

  it("reads the same question the same way, alone or in a batch", async () => {
    const alone = (await embedQuestion("how much is a logo"))!;
    const [batched] = (await embedQuestions(["how much is a logo", "something else"]))!;
    expect(cosine(alone, batched!)).toBeCloseTo(1, 4);
  }, 30_000);

  it("reads more questions than one call of the model takes, in order (decision 0098)", async () => {
    const questions = Array.from({ length: 300 }, (_, i) => `question number ${i}`);
    const vectors = (await embedQuestions(questions))!;
    expect(vectors).toHaveLength(300);
    const last = (await embedQuestion("question number 299"))!;
    expect(cosine(vectors[299]!, last)).toBeCloseTo(1, 4);
  }, 60_000);

  it("is off with CHAT_SENTENCE_ENCODER=false: the assistant reads words only", async () => {
    process.env.CHAT_SENTENCE_ENCODER = "false";
    expect(await embedQuestion("how much is a logo")).toBeNull();
    expect(await passageVectors(index)).toBeNull();
    expect(await meaningOf(index, "how much is a logo")).toBeNull();
  });

  it("reads every passage once per index: its text and each FAQ phrasing", async () => {
    const vectors = (await passageVectors(index))!;
    expect(vectors.size).toBe(index.documents.size);
    for (const [id, list] of vectors) {
      expect(list).toHaveLength(1 + (index.documents.get(id)!.phrasings?.length ?? 0));
      expect(list[0]).toHaveLength(512);
    }
    expect(passageVectors(index)).toBe(passageVectors(index));
  }, 60_000);

  it("hands retrieval the passages once they are read for the index asked about", async () => {
    const other = { ...index, fingerprint: "another index" };
    await passageVectors(other);
    const meaning = (await meaningOf(other, "how much is a logo"))!;
    expect(meaning.question).toHaveLength(512);
    expect(meaning.passages?.size).toBe(index.documents.size);
  }, 60_000);

  it("with the shipped gate: another trade's price is declined, the agency's own still answered", async () => {
    const ask = async (question: string) =>
      answerFromContent(index, question, null, { meaning: await meaningOf(index, question) });
    // The word rules alone answer it (a service's price, a "cost" word).
    expect(answerFromContent(index, "car service cost for a hatchback").found).toBe(true);
    expect((await ask("car service cost for a hatchback")).found).toBe(false);
    const starter = await ask("How much is the Starter plan?");
    expect(starter.found).toBe(true);
    expect(starter.response).toContain("₹14,999 / month");
  }, 60_000);

  it("reads each passage's title and sentences once per index, and every question waits for them", async () => {
    const vectors = (await sentenceVectors(index))!;
    expect(vectors.size).toBe(index.documents.size);
    for (const [id, list] of vectors)
      expect(list).toHaveLength(passageSentences(index.documents.get(id)!).length);
    expect(sentenceVectors(index)).toBe(sentenceVectors(index));
    const meaning = (await meaningOf(index, "can i pay in rupees"))!;
    expect(meaning.sentences).toBe(vectors);
  }, 120_000);

  it("tries the second passage at the floor when the best fails it and the second is closer in meaning (decision 0099)", async () => {
    const question = "how do designers get feedback inside the studio";
    const meaning = await meaningOf(index, question);
    const cited = (on: boolean) =>
      withSignal("secondPassageFloor", on, () => {
        const answer = answerFromContent(index, question, null, { meaning });
        return answer.found ? answer.sources[0]!.url : null;
      });
    expect(cited(false)).toBeNull();
    expect(cited(true)).toBe("/collabpage");
    // Words only (no sentences read): the floor as before.
    expect(answerFromContent(index, question).found).toBe(false);
  }, 60_000);

  it("gives back the passage holding the site's closest sentence when the words fall short of the floor (decision 0101)", async () => {
    const question = "can you write the rules for using our logo";
    const meaning = await meaningOf(index, question);
    const cited = () => {
      const answer = answerFromContent(index, question, null, { meaning });
      return answer.found ? answer.sources[0]!.url : null;
    };
    expect(cited()).toBe("/strategy?service=Graphic%20Design");
    // The sentence's path alone: without it (and without the whole passage's path), no answer.
    const saved = { ...MEANING_GATE };
    MEANING_GATE.rescueBelow = 0;
    try {
      expect(cited()).toBe("/strategy?service=Graphic%20Design");
      MEANING_GATE.sentenceBelow = 0;
      expect(cited()).toBeNull();
    } finally {
      Object.assign(MEANING_GATE, saved);
    }
  }, 60_000);

  it("gives back the word ranking's first passage when the gate is all but certain and it holds enough of the words (decision 0105)", async () => {
    for (const [question, url] of [
      [
        "do you test page layouts with real people before you build them",
        "/strategy?service=Website%20Creation",
      ],
      ["paid for tokens a minute ago and nothing shows, how long does it take", "/creative-tokens"],
    ] as const) {
      const meaning = await meaningOf(index, question);
      const cited = () => {
        const answer = answerFromContent(index, question, null, { meaning });
        return answer.found ? answer.sources[0]!.url : null;
      };
      expect(cited(), question).toBe(url);
      const saved = { ...MEANING_GATE };
      try {
        MEANING_GATE.firstBelow = 0;
        expect(cited(), question).toBeNull();
        Object.assign(MEANING_GATE, saved, { firstExact: 1.01 });
        expect(cited(), question).toBeNull();
      } finally {
        Object.assign(MEANING_GATE, saved);
      }
    }
  }, 60_000);

  it("does not give the first passage back for a made-up word, however sure the gate (decision 0106)", async () => {
    // The gate cannot read a made-up word, and is sure the rest ("do you tune … for …?") is the site's.
    const question = "Do you tune zqmx39sozw02fs theremins for submarines?";
    const meaning = await meaningOf(index, question);
    const saved = { ...MEANING_GATE };
    try {
      MEANING_GATE.firstBelow = 1;
      expect(answerFromContent(index, question, null, { meaning }).found).toBe(false);
    } finally {
      Object.assign(MEANING_GATE, saved);
    }
  }, 60_000);

  it("lets a question that names one of the studio's own plans past the meaning gate (decision 0101)", async () => {
    for (const [question, url] of [
      ["Starter plan price EUR", "/solutions/green"],
      ["SOCIAL plan price EUR", "/solutions/blue"],
    ] as const) {
      const meaning = await meaningOf(index, question);
      const cited = () => {
        const answer = answerFromContent(index, question, null, { meaning });
        return answer.found ? answer.sources[0]!.url : null;
      };
      expect(cited()).toBe(url);
      expect(withSignal("ownEntity", false, cited)).toBeNull();
    }
    // Another company's "pro" is still declined.
    const question = "macbook pro price";
    expect(
      answerFromContent(index, question, null, { meaning: await meaningOf(index, question) }).found,
    ).toBe(false);
  }, 60_000);

  it("keeps the decline of a story that names someone else's affair before its question (decision 0103)", async () => {
    const question = "A designer quoted me 20k for a logo. Is that fair?";
    const meaning = await meaningOf(index, question);
    const found = (on: boolean) =>
      withSignal("someoneElses", on, () => answerFromContent(index, question, null, { meaning }).found);
    expect(found(false)).toBe(true);
    expect(found(true)).toBe(false);
  }, 60_000);

  it("puts the passage that says what was asked first: support on a Saturday is the support hours, not a plan's support", async () => {
    const question = "is your support desk open on saturday";
    const meaning = await meaningOf(index, question);
    const first = (on: boolean) =>
      withSignal(
        "meaningOrder",
        on,
        () => answerFromContent(index, question, null, { meaning }).passageIds[0],
      );
    expect(first(false)).toBe("plan:pro");
    expect(first(true)).toBe("contact:hours");
  }, 120_000);

  it("reads the sentence that asks in a message that tells its story first (decision 0100)", async () => {
    const ask = async (question: string) => {
      const answer = answerFromContent(index, question, null, { meaning: await meaningOf(index, question) });
      return answer.found ? answer.sources[0]!.url : null;
    };
    const story =
      "My sister runs a tailoring shop in Panvel and her birthday is next week. I want to give her one of your gift cards. How long does she have to use it?";
    const meaning = await meaningOf(index, story);
    // The whole message, read at once, is declined.
    expect(
      withSignal("askedSentence", false, () => answerFromContent(index, story, null, { meaning }).found),
    ).toBe(false);
    expect(await ask(story)).toBe("/gift");
    // A story about another company's card keeps its decline, as does one the encoder reads as off-topic.
    expect(
      await ask(
        "Our hospital got a Swiggy gift card from a supplier for the staff party. How long can we use it?",
      ),
    ).toBeNull();
    expect(
      await ask(
        "Our fintech in Pune is applying for a payment aggregator licence with the central bank. How long does that usually take?",
      ),
    ).toBeNull();
  }, 120_000);

  it("declines a question about something else that opens with the visitor's business", async () => {
    const question = "i own a gym and my treadmill belt broke, where do i get a new one";
    // Words alone take the opening for a description of the business and suggest a service.
    expect(answerFromContent(index, question).found).toBe(true);
    const meaning = await meaningOf(index, question);
    expect(answerFromContent(index, question, null, { meaning }).found).toBe(false);
    // A real description of the business still gets the services.
    const business = "we are a small bakery and want to grow our brand";
    expect(
      answerFromContent(index, business, null, { meaning: await meaningOf(index, business) }).found,
    ).toBe(true);
  }, 120_000);
});
