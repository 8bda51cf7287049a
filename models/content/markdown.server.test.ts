import { describe, expect, it } from "vitest";
import { headingId, markdownToText, renderMarkdown } from "./markdown.server";

describe("renderMarkdown", () => {
  it("escapes raw HTML instead of passing it through", () => {
    const { html } = renderMarkdown(
      'Hello <script>alert(1)</script> <img src=x onerror="alert(2)">\n\n<iframe src="https://evil.example"></iframe>',
    );
    expect(html).not.toMatch(/<script|<img|<iframe/);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
  it("refuses script URLs in links and images", () => {
    const { html } = renderMarkdown(
      "[click](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) ![x](vbscript:msgbox)",
    );
    expect(html).not.toMatch(/href="javascript:|href="data:text|src="vbscript:/);
    expect(html).toContain("[click](javascript:alert(1))");
  });
  it("keeps ordinary Markdown, and marks outside links noopener", () => {
    const { html } = renderMarkdown(
      "Some **bold** text and [a link](https://example.com) and [a page](/contact).\n\n- one\n- two",
    );
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">a link</a>');
    expect(html).toContain('<a href="/contact">a page</a>');
    expect(html).toContain("<ul>\n<li>one</li>");
  });
  it("makes the highest heading an h2 with an id, and lists the headings", () => {
    const policy = renderMarkdown("# Who we are\n\ntext\n\n## Detail\n\n# Who we are\n");
    expect(policy.html).toContain('<h2 id="who-we-are">Who we are</h2>');
    expect(policy.html).toContain('<h3 id="detail">Detail</h3>');
    expect(policy.headings).toEqual([
      { id: "who-we-are", text: "Who we are", level: 2 },
      { id: "detail", text: "Detail", level: 3 },
      { id: "who-we-are-2", text: "Who we are", level: 2 },
    ]);
    expect(renderMarkdown("## Already two\n").html).toContain('<h2 id="already-two">');
  });
});

it("headingId makes URL-friendly, unique ids", () => {
  const taken = new Set<string>();
  expect(headingId("3. Tokens & Refunds", taken)).toBe("tokens-refunds");
  expect(headingId("Tokens & refunds!", taken)).toBe("tokens-refunds-2");
  expect(headingId("Café", taken)).toBe("cafe");
  expect(headingId("???", taken)).toBe("section");
});

it("markdownToText keeps the words and drops the syntax", () => {
  expect(markdownToText("# Title\n\nSome **bold** and `code`.")).toBe("Title\nSome bold and code.");
});
