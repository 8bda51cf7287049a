import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SpendPreview } from "./spend-preview";

// The preview's markup, with the props other features pass it (the revision
// round reuses it): no script needed to read it.
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("the spend preview", () => {
  it("shows the cost, the balance now and after, and the grants in the order given", () => {
    const html = renderToStaticMarkup(
      <SpendPreview
        cost={15}
        balance={40}
        after={25}
        lots={[
          { tokens: 10, expiresAt: new Date("2027-01-03T10:00:00Z"), source: "Token package" },
          { tokens: 5, expiresAt: "2027-02-01T00:00:00.000Z", source: "Subscription tokens" },
        ]}
      />,
    );
    expect(text(html)).toBe(
      "What this spends Cost 15 tokens Balance now 40 tokens Balance after 25 tokens " +
        "Taken from, oldest first 10 tokens · Token package expires 3 Jan 2027 " +
        "5 tokens · Subscription tokens expires 1 Feb 2027",
    );
    expect(html).not.toContain("<script");
  });

  it("says how many tokens are missing when the balance is short, and lists no grant", () => {
    const html = renderToStaticMarkup(<SpendPreview cost={10} balance={7} after={-3} lots={[]} />);
    expect(text(html)).toBe(
      "What this spends Cost 10 tokens Balance now 7 tokens Balance after 3 tokens short",
    );
    expect(html).not.toContain("spend-preview-lots");
  });

  it("speaks of one token in the singular", () => {
    const html = renderToStaticMarkup(
      <SpendPreview
        cost={1}
        balance={1}
        after={0}
        lots={[{ tokens: 1, expiresAt: new Date(0), source: "Gift card redeemed" }]}
      />,
    );
    expect(text(html)).toContain("Cost 1 token Balance now 1 token Balance after 0 tokens");
  });
});
