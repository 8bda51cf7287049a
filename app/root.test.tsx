import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary, UNEXPECTED_ERROR_TITLE } from "./root";

type Props = Parameters<typeof ErrorBoundary>[0];
const render = (error: unknown) =>
  renderToStaticMarkup(<ErrorBoundary {...({ error, params: {} } as unknown as Props)} />);

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("root error boundary", () => {
  it("titles an unexpected error 'Unexpected Application Error!' and hides the stack in production", () => {
    vi.stubEnv("DEV", false);
    const html = render(new Error("secret internals at /srv/app.js:10"));
    expect(UNEXPECTED_ERROR_TITLE).toBe("Unexpected Application Error!");
    expect(html).toContain(`<title>${UNEXPECTED_ERROR_TITLE}</title>`);
    expect(html).toContain(
      `<h1 class="font-display text-3xl font-semibold sm:text-5xl">${UNEXPECTED_ERROR_TITLE}</h1>`,
    );
    expect(html).not.toContain("secret internals");
  });

  it("shows the stack to developers", () => {
    vi.stubEnv("DEV", true);
    expect(render(new Error("visible in development"))).toContain("visible in development");
  });
});
