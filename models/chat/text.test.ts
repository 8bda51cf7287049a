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

test("Hinglish glue and question words read as the English words they stand for (decision 0094)", () => {
  expect(topicTerms("120 token wala pack kitna padega")).toEqual(topicTerms("120 token pack how much"));
  expect(topicTerms("tokens kis kaam me aate")).toEqual(topicTerms("tokens which work in aate"));
  expect(topicTerms("logo kar sakte ho")).toEqual(topicTerms("logo do can are"));
});

test("every form of 'sign up' and 'sign in' is one word (decision 0094)", () => {
  for (const phrase of ["my friend signs up", "my friend signed up", "signing up"])
    expect(topicTerms(phrase), phrase).toContain("signup");
  for (const phrase of ["she signed in", "he logged in", "it logs in"])
    expect(topicTerms(phrase), phrase).toContain("login");
});
