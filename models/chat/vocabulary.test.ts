import { describe, expect, it } from "vitest";
import { topicTerms } from "./text";
import { loadWordNet } from "./thesaurus.server";
import { hinglishVerbForms } from "./vocabulary";

// Decision 0097: Hindi verbs' forms, generated from their roots.

describe("hinglishVerbForms", () => {
  const forms = hinglishVerbForms();

  it("reads a root's forms as its English verb", () => {
    const expected: [string, string][] = [
      ["banaoge", "make"],
      ["bhejoge", "send"],
      ["dikhenge", "show"],
      ["kharide", "buy"],
      ["sambhaloge", "handle"],
      ["badhana", "extend"],
    ];
    for (const [form, english] of expected) expect(forms.get(form), form).toBe(english);
  });

  it("leaves the forms that are English words as English, but for those typed far more often as Hindi", () => {
    const wordnet = loadWordNet()!;
    const english = [...forms.keys()].filter((form) => wordnet.senses.has(form)).sort();
    // Add a root's English-word forms to ENGLISH_FORMS in ./vocabulary.ts, or here when Hindi is the usual reading.
    expect(english).toEqual(
      "bola bole bolo bolti chahta dalo hone hoya jati kat lao lena milne rahu saki sakti".split(" "),
    );
    for (const word of ["mile", "late", "lake", "banana"]) expect(forms.has(word), word).toBe(false);
  });

  it("reads a bare root and the first person's wish as the verb too", () => {
    expect(forms.get("likh")).toBe("write");
    expect(forms.get("daalu")).toBe("put");
    expect(forms.get("laana")).toBe("bring");
  });

  it("makes a Hinglish question's topic its English one", () => {
    expect(topicTerms("logo kitne din me banaoge")).toEqual(topicTerms("how long to make a logo"));
    expect(topicTerms("popular aur essential me farak kya hai")).toEqual(
      topicTerms("popular essential difference"),
    );
  });
});

describe("social shorthand", () => {
  it("reads fb, yt and a display picture as the site's words", () => {
    expect(topicTerms("do u handle fb and yt")).toEqual(topicTerms("handle social social"));
    expect(topicTerms("linkedin dp")).toEqual(topicTerms("social profile"));
  });
});

describe("contractions", () => {
  it("are spelled out, so their ending is never a word of its own", () => {
    expect(topicTerms("we're a bakery and they've asked for a logo")).toEqual(
      topicTerms("bakery asked logo"),
    );
  });
});

describe("a client's job", () => {
  it("is a piece of work beside the client's words, and a post elsewhere", () => {
    expect(topicTerms("is a rush job possible")).toEqual(topicTerms("rush project possible"));
    expect(topicTerms("can i track my job online")).toEqual(topicTerms("track project online"));
    expect(topicTerms("start a new job with you")).toEqual(topicTerms("start new project"));
    expect(topicTerms("design jobs at your studio")).toEqual(topicTerms("design career studio"));
    expect(topicTerms("how do i apply for the motion designer job")).toContain(topicTerms("career")[0]);
  });
});

describe("numbers with a unit", () => {
  it("are written as the site writes them", () => {
    expect(topicTerms("social plan 30k")).toEqual(topicTerms("social plan 30000"));
    expect(topicTerms("15 hazaar extra")).toEqual(topicTerms("15000 extra"));
    expect(topicTerms("under 2 lakh")).toEqual(topicTerms("under 200000"));
    // "k" alone is still "ok".
    expect(topicTerms("k thanks")).toEqual([]);
  });
});

describe("asides", () => {
  it("name no topic", () => {
    expect(topicTerms("rush job possible sir? the actual logo, wtf")).toEqual(
      topicTerms("rush project logo"),
    );
  });
});
