import { expect, test } from "vitest";
import { topicTerms } from "./text";

test("words that name Object.prototype's members are plain words to the assistant", () => {
  for (const word of ["constructor", "toString", "valueOf", "hasOwnProperty", "__proto__", "prototype"]) {
    const terms = topicTerms(`what about ${word}`);
    expect(
      terms.every((term) => typeof term === "string"),
      word,
    ).toBe(true);
  }
  expect(topicTerms("constructor")).toEqual(["constructor"]);
});
