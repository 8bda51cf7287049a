import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ActionNotice } from "./billing/notice";
import { FormMessages } from "./forms";

// A message inside two live regions (a polite wrapper and a role="status"
// inside it) is read out twice (issue 18, item 12d).
const liveRegions = (html: string) =>
  (html.match(/aria-live="(polite|assertive)"|role="(status|alert|log)"/g) ?? []).length;

describe("form messages are announced once", () => {
  it("a success message is in exactly one live region", () => {
    expect(
      liveRegions(renderToStaticMarkup(<FormMessages success="Thank you! We'll be in touch soon." />)),
    ).toBe(1);
    expect(
      liveRegions(
        renderToStaticMarkup(
          <ActionNotice notice={{ tone: "success", message: "Profile updated successfully!" }} />,
        ),
      ),
    ).toBe(1);
  });

  it("a form's error is one alert, outside the polite region", () => {
    const html = renderToStaticMarkup(<FormMessages errors={["Please try again."]} errorId="form-error" />);
    expect(liveRegions(html)).toBe(2);
    expect(html).toMatch(/<div aria-live="polite" class="empty:hidden "><\/div>/);
    expect(html).toMatch(/role="alert"[^>]*>Please try again\.</);
  });
});
