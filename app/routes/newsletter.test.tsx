import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { COMMON_MESSAGES } from "~models/platform/form-fields";
import Newsletter from "./newsletter";

// Without JavaScript the footer's form posts to /newsletter, which renders
// this page with the action's answer (issue 18, item 12a).
function render(actionData: { ok: boolean; message: string; email?: string }) {
  const Stub = createRoutesStub([{ id: "newsletter", path: "/newsletter", Component: Newsletter as never }]);
  return renderToStaticMarkup(
    <Stub initialEntries={["/newsletter"]} hydrationData={{ actionData: { newsletter: actionData } }} />,
  );
}

describe("/newsletter after a refused email", () => {
  it("keeps the typed email, marks the field invalid and links it to the message, which is said once", () => {
    const html = render({ ok: false, message: COMMON_MESSAGES.emailInvalid, email: "maya@" });
    const input = /<input[^>]*name="email"[^>]*>/.exec(html)?.[0] ?? "";
    expect(input).toContain('value="maya@"');
    expect(input).toContain('aria-invalid="true"');
    const describedBy = /aria-describedby="([^"]+)"/.exec(input)?.[1];
    expect(html).toMatch(new RegExp(`id="${describedBy}"[^>]*>${COMMON_MESSAGES.emailInvalid}<`));
    expect(html.split(COMMON_MESSAGES.emailInvalid)).toHaveLength(2);
  });
});
