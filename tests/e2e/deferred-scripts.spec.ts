// The first paint does not wait for the app's JavaScript (decision 0044): on a
// hydrated page, the browser starts fetching React Router's chunks only after
// the first contentful paint, and the page still hydrates.
import { expect, test, waitForHydration } from "./fixtures";

test("a hydrated page fetches its modules after the first contentful paint, then hydrates", async ({
  page,
}) => {
  await page.goto("/contact");
  await waitForHydration(page);
  const { paint, modules } = await page.evaluate(() => ({
    paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    modules: performance
      .getEntriesByType("resource")
      .filter((entry) => /\/assets\/.+\.js$/.test(entry.name))
      .map((entry) => ({ name: entry.name, start: entry.startTime })),
  }));
  expect(paint).not.toBeNull();
  expect(modules.map((m) => m.name)).toContainEqual(expect.stringMatching(/\/assets\/framework-/));
  for (const module of modules) expect(module.start, module.name).toBeGreaterThanOrEqual(paint!);
  // Hydrated: React handles the form, so a submit with empty fields shows the inline messages.
  const form = page.locator("form#office-visit");
  await form.getByRole("button", { name: "CONFIRM BOOKING" }).click();
  await expect(form.getByText("Your name is required.")).toBeVisible();
});
