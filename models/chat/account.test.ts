import { describe, expect, it } from "vitest";
import { accountTopics, asksWhereToLook, nameScore, nameWords, type AccountTopic } from "./account";

// Questions about the asker's own account, as clients type them, and the
// topics each one asks about.
const ACCOUNT: [string, AccountTopic[]][] = [
  ["what's my token balance", ["balance"]],
  ["how many tokens do i have left", ["balance"]],
  ["how many tokns have i got", ["balance"]],
  ["wats my balance", ["balance"]],
  ["how much tokens i got", ["balance"]],
  ["can u tell me my balance pls", ["balance"]],
  ["How do I check my token balance?", ["balance"]],
  ["when do my tokens expire", ["expiry"]],
  ["do any of my toekns expire soon?", ["expiry"]],
  ["how many tokens do i have and when do they expire", ["balance", "expiry"]],
  ["whats the status of my logo project", ["projects"]],
  ["where is my website project at", ["projects"]],
  ["hows my logo refresh going", ["projects"]],
  ["any update on my website redesign?", ["projects"]],
  ["status of my projcts", ["projects"]],
  ["is our brand strategy project done yet", ["projects"]],
  ["how many projects do i have", ["projects"]],
  ["where do i find my shop downloads", ["purchases"]],
  ["when does my plan renew", ["plan"]],
  ["which plan am i on", ["plan"]],
  ["wat plan r we on", ["plan"]],
  ["when is the next billing date for my subscription", ["plan"]],
  ["when am i charged next", ["plan"]],
  ["how many downloads are left on brand guidelines starter", ["purchases"]],
  ["my downloads left?", ["purchases"]],
  ["what did i buy from the shop", ["purchases"]],
  ["do i have unread notifications", ["notifications"]],
  ["any new notifs for me", ["notifications"]],
  ["when will my project be done", ["due"]],
  ["whats the deadline on my website redesign", ["due"]],
  ["what is my project waiting on", ["waiting"]],
  ["what do you need from me", ["waiting"]],
  ["is my website redesign stuck", ["waiting"]],
  ["how much will my next revision cost", ["round"]],
  ["what will the next round cost me", ["round"]],
];

// Questions about the site (prices, rules, plans on offer, how-tos), which
// the site's content answers even when they say "my" or "i".
const GENERAL = [
  "how much are tokens",
  "do tokens expire",
  "what plans do you have",
  "how long are tokens valid",
  "can i get a refund for unused tokens",
  "how many tokens does a poster cost",
  "which plan is best for me",
  "what does the starter plan include",
  "how do i start a project",
  "can i cancel my plan",
  "how many tokens do i get with the pro plan",
  "what happens to my tokens if i cancel",
  "do plans renew automatically",
  "what is the download limit",
  "how do notifications work",
  "wat r creative tokens",
  "whats the price of the pro plan",
  "i want to buy more tokens",
  "which plan should i choose for my startup",
  "can u make my logo",
  "how many projects can i have on the starter plan",
  "where is ur office",
  "do u do websites",
  "can u do my logo",
  "can you write my business plan",
  "how many tokens do i need for a logo",
  "is the social plan worth it for us",
  "hi",
  "do i own the source files when the project is done?",
  "my download didnt arrive what do i do",
  "do they expire?",
  "how much is the popular bundle and how many tokens do i get",
  "how many tokens do i get with the best value bundle",
  "how much does a revision cost",
  "can i get a refund on tokens i didnt use",
  "how many tokens do i get for 70 dollars",
  "whats the refund policy for my tokens",
];

describe("accountTopics", () => {
  it.each(ACCOUNT)("%s → %j", (question, topics) => {
    expect(accountTopics(question)).toEqual(topics);
  });

  it.each(GENERAL)("leaves %j to the site's content", (question) => {
    expect(accountTopics(question)).toEqual([]);
  });
});

describe("asksWhereToLook", () => {
  it("tells a how-to-find question (the site explains it to visitors) from a plain one", () => {
    expect(asksWhereToLook("where do i find my shop downloads")).toBe(true);
    expect(asksWhereToLook("how do i check my token balance")).toBe(true);
    expect(asksWhereToLook("how many tokens do i have")).toBe(false);
  });
});

describe("project and item names", () => {
  it("keeps the words that may name something, without the question's own words", () => {
    expect(nameWords("whats the status of my logo project?")).toEqual(["logo"]);
    expect(nameWords("how many downloads are left on brand guidelines starter")).toEqual([
      "brand",
      "guidelines",
      "starter",
    ]);
    expect(nameWords("status of my projects")).toEqual([]);
  });

  it("matches titles word by word, a letter off for longer words", () => {
    expect(nameScore(["logo"], "Logo refresh for Saffron Row")).toBe(1);
    expect(nameScore(["webiste", "redesign"], "Website redesign")).toBe(2);
    expect(nameScore(["podcast"], "Logo refresh for Saffron Row")).toBe(0);
  });
});
