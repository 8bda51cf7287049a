import { describe, expect, it } from "vitest";
import { answerFromContent } from "./answer";
import { namesAnotherCompany } from "./retrieval";
import { seededChatIndex, withSignal } from "./testing";
import { topicTerms } from "./text";

// Rounds 28–30: one-line questions near the site's subjects that name no company, and a phone's Hinglish (decision 0104).
// The questions here are not the evaluation sets' (tests/chat-eval/).

const index = seededChatIndex();
const found = (question: string) => answerFromContent(index, question).found;

describe("rounds 28–30", () => {
  it("reads making a thing oneself as a tutorial's question, and a step of the studio's process as the studio's", () => {
    for (const question of [
      "how do i make a gif out of a video",
      "how to add my logo to an email signature",
      "how can i record a voice note with music behind it",
    ]) {
      expect(topicTerms(question), question).toContain("diytask");
      expect(found(question), question).toBe(false);
    }
    for (const question of ["how do i make a payment", "how can you make our logo move"]) {
      expect(topicTerms(question), question).not.toContain("diytask");
      expect(found(question), question).toBe(true);
    }
    // A subject the blog teaches is not a tutorial's.
    expect(topicTerms("how do i write a better brief")).not.toContain("diytask");
    expect(topicTerms("how do i make looping animations, is there a post on it")).not.toContain("diytask");
  });

  it("reads what others usually charge as market rates, and the studio's own prices as its own", () => {
    for (const question of [
      "average retainer of a social media freelancer",
      "what do animation studios usually charge per minute",
      "how much do wedding photographers take",
    ]) {
      expect(topicTerms(question), question).toContain("marketr");
      expect(found(question), question).toBe(false);
    }
    for (const question of ["what is your usual price for a logo", "how much does a logo cost"]) {
      expect(topicTerms(question), question).not.toContain("marketr");
      expect(found(question), question).toBe(true);
    }
  });

  it("reads which device to buy as a shop's question, and a device the studio's work needs as the studio's", () => {
    for (const question of [
      "which drawing tablet should a beginner buy",
      "best camera for shooting products",
    ]) {
      expect(topicTerms(question), question).toContain("gearadvic");
      expect(found(question), question).toBe(false);
    }
    for (const question of [
      "what phone number do i call",
      "do i need a vr headset for your virtual showroom",
    ]) {
      expect(topicTerms(question), question).not.toContain("gearadvic");
      expect(found(question), question).toBe(true);
    }
  });

  it("reads a game's or a crypto's tokens as not the studio's", () => {
    expect(found("how to earn free tokens in a racing game")).toBe(false);
    expect(found("crypto token price today")).toBe(false);
    expect(found("how many tokens for an app")).toBe(true);
  });

  it("reads the same affairs in Hinglish's order, a tool to pick, a sum checked for fairness, another shop's refund and one's own résumé", () => {
    const someoneElses = {
      "logo ka background kaise hataye": "diytask",
      "reel ke liye thumbnail kaise banaye": "diytask",
      "best free tool to make a logo": "tooladvic",
      "invoice banane ka app konsa h": "tooladvic",
      "photo editing ke liye laptop konsa le": "gearadvic",
      "designer ek poster ka kitna leta hai": "marketr",
      "is 8k fair for a logo from a freelancer": "otherquot",
      "airline refund nahi de rahi": "otherrefund",
      "resume me kya likhu for a design job": "ownresum",
    };
    for (const [question, marker] of Object.entries(someoneElses)) {
      expect(topicTerms(question), question).toContain(marker);
      expect(found(question), question).toBe(false);
    }
    // The studio's own: asked of it in Hinglish, its tools, its price, its tokens earned by referral.
    for (const question of [
      "logo kaise banwaye aapse",
      "aap log logo ka kitna lete ho",
      "what tools does your studio use",
      "referral se tokens kaise kamaye",
    ])
      expect(
        topicTerms(question).filter((t) => /diytask|tooladvic|marketr/.test(t)),
        question,
      ).toEqual([]);
  });

  it("reads a phone's Hinglish, a kick-off and how often as the English they stand for", () => {
    expect(topicTerms("password bhool gaya ab kya karu")).toEqual(topicTerms("password forget now what"));
    expect(topicTerms("phone kitne baje tak uthate ho")).toEqual(
      topicTerms("phone until how many hours answer"),
    );
    expect(topicTerms("u logo ne kitne brands ke saath kaam kiya")).not.toContain("logo");
    expect(topicTerms("u logo bana doge")).toContain("logo");
    expect(topicTerms("how do i kick off a project")).toEqual(topicTerms("how do i start a project"));
    expect(topicTerms("do you sometimes make longer films")).toEqual(topicTerms("do you make longer films"));
    expect(found("invoice me galti h, kisi insaan se baat karni hai")).toBe(true);
  });

  it("reads a changed mind as wanting out, 'no clue' and 'none of' as nothing, a question tag and a tiny studio", () => {
    expect(topicTerms("paid for a project, changed my mind")).toContain("cancel");
    expect(topicTerms("no clue what the pro plan is")).toEqual(topicTerms("what the pro plan is"));
    expect(topicTerms("none of the jobs fit me")).toEqual(topicTerms("the jobs fit me"));
    expect(topicTerms("tokens none used")).toEqual(topicTerms("tokens unused"));
    expect(topicTerms("refund milega na")).toEqual(topicTerms("refund milega"));
    expect(topicTerms("a tiny studio")).toEqual(topicTerms("a small studio"));
  });

  it("reads another's two-word name as a phrase, one's own raise, a degree and a QR code as not the studio's", () => {
    // "graphics card" is not the business cards of graphic design, whose words hold "graphic" and "card".
    const design = {
      document: [...index.documents.values()].find((d) => d.id === "strategy:graphic-design")!,
    };
    expect(namesAnotherCompany(index, design, ["graphics card"])).toBe(true);
    expect(
      withSignal("phraseNames", false, () => namesAnotherCompany(index, design, ["graphics card"])),
    ).toBe(false);
    expect(namesAnotherCompany(index, design, ["graphic design"])).toBe(false);
    expect(found("tips to ask my manager for a promotion")).toBe(false);
    expect(found("is an art degree worth it")).toBe(false);
    expect(topicTerms("a 360 degree product view")).not.toContain("studycours");
    expect(found("how to get a qr code for my menu")).toBe(false);
    expect(found("do you give yearly increments")).toBe(true);
  });

  it("reads round 30's Hinglish: half the work, leftover tokens, a permanent post, Saturday", () => {
    expect(topicTerms("aadha kaam")).toEqual(topicTerms("half work"));
    expect(topicTerms("bache hue tokens")).toEqual(topicTerms("leftover tokens"));
    expect(topicTerms("naukri pakki hai")).toContain("perman");
    expect(topicTerms("shanivar ko support")).toEqual(topicTerms("saturday support"));
  });

  it("reads 'theres', a 'sub', a stuck project and how one feels as the English they stand for", () => {
    expect(topicTerms("theres a dispute")).toEqual(topicTerms("a dispute"));
    expect(topicTerms("social sub price")).toEqual(topicTerms("social subscription price"));
    expect(topicTerms("my project feels stuck, who is the head of design")).toEqual(
      topicTerms("my project, who is the head of design"),
    );
    expect(topicTerms("clients you mostly work with")).toEqual(topicTerms("clients you work with"));
  });

  it("reads sorting out as handling, the visitor's own boss as nobody in particular, and which floor as the office's level", () => {
    expect(topicTerms("who sorts out the music rights")).toEqual(topicTerms("who handles the music rights"));
    expect(topicTerms("a gift card from my boss")).not.toContain("founder");
    expect(topicTerms("who is the boss there")).toContain("founder");
    expect(topicTerms("which floor are you on")).toContain("level");
    expect(topicTerms("floor plan for a house")).not.toContain("level");
  });

  it("reads Hinglish's 'ya' as 'or'", () => {
    expect(topicTerms("hourly ya tokens")).toEqual(topicTerms("hourly or tokens"));
    expect(topicTerms("camera lu ya phone se chal jayega")).toContain("gearadvic");
    expect(topicTerms("how much do ya charge for a logo")).not.toContain("marketr");
  });

  it("reads money deducted as charged, a dukaan as a shop (the Dukaan app as another company), 'kitne log' as people", () => {
    expect(topicTerms("money deducted but no tokens")).toEqual(topicTerms("money charged but no tokens"));
    expect(topicTerms("dukaan ke liye logo")).toEqual(topicTerms("shop ke liye logo"));
    expect(found("dukaan app premium plan price")).toBe(false);
    expect(topicTerms("kitne log kaam karte")).toContain("peopl");
    expect(topicTerms("how do i log in")).toEqual(["login"]);
    expect(topicTerms("paisa lagana hai")).toContain("invest");
  });

  it("reads getting one's own first customers as growing one's own audience", () => {
    expect(topicTerms("how do i get my first 50 customers for my bakery")).toContain("audiencegrowth");
    expect(topicTerms("can you help us get new clients with a rebrand")).not.toContain("audiencegrowth");
  });

  it("reads round 31's Hinglish and shortforms: forgotten, haggling, poor eyesight, a reference number, 'ne'", () => {
    expect(topicTerms("password yaad nahi")).toEqual(topicTerms("password forget"));
    expect(topicTerms("salary pe mol bhav")).toContain("negoti");
    expect(topicTerms("mummy ko kam dikhta hai")).toContain("eyesight");
    expect(topicTerms("complaint ka ref no")).toContain("ticket");
    expect(topicTerms("since which year are you open")).toContain("found");
    expect(topicTerms("studio ne kitna kaam kiya")).not.toContain("ne");
    expect(topicTerms("how much should i pay a copywriter")).toContain("marketr");
    expect(topicTerms("how much should i pay for a logo")).not.toContain("marketr");
    expect(topicTerms("agency fees usually")).toContain("marketr");
  });
});
