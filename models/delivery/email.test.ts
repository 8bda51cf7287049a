import { describe, expect, it } from "vitest";
import { renderClockEmail } from "./email";

describe("the clock's emails", () => {
  const email = {
    subject: "Reminder: Café <menu> is waiting on you",
    lines: ["Your project “Café <menu>” has been paused for 2 days.", "Your project manager wrote: “A & B?”"],
    link: { label: "Open your project", path: "/project/abc" },
    siteUrl: "https://ascendra.example/",
  };

  it("reads as plain text, with the link spelled out", () => {
    const { text } = renderClockEmail(email);
    expect(text).toBe(
      "Your project “Café <menu>” has been paused for 2 days.\n\nYour project manager wrote: “A & B?”\n\n" +
        "Open your project: https://ascendra.example/project/abc\n\n— Ascendra\n",
    );
  });

  it("says the same in HTML, escaped, with a real link", () => {
    const { html } = renderClockEmail(email);
    expect(html).toContain("<title>Reminder: Café &#60;menu&#62; is waiting on you</title>");
    expect(html).toContain("<p>Your project “Café &#60;menu&#62;” has been paused for 2 days.</p>");
    expect(html).toContain("<p>Your project manager wrote: “A &#38; B?”</p>");
    expect(html).toContain('<a href="https://ascendra.example/project/abc">Open your project</a>');
    expect(html).not.toContain("<menu>");
  });
});
