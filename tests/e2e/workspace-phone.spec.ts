// Issue 35: every page of the client workspace fits a phone (390 x 844): the
// document is never wider than the screen, so nothing scrolls sideways but the
// section row that is meant to (decision 0056). Pages with records (a
// project, a plan) are checked with a real one.
import { expect, test, waitForHydration } from "./fixtures";
import { client, ownedBy, type Identity, type Owned } from "./identities";
import { linkedUrl } from "./gates";
import { WORKSPACE_SECTIONS } from "../../app/components/shell/workspace-nav";

const WIDTH = 390;

let a: Identity;
let owned: Owned;

test.beforeAll(async ({ baseURL }) => {
  a = await client(baseURL!, "phone");
  // Its project's title has no space to wrap at, as clients type them: every page must fit
  // every run, not only when a random name happens to be long.
  owned = await ownedBy(a, "SaffronRowTeasSpringCollectionPackagingRefresh2027");
});

test.afterAll(async () => {
  await a?.api.dispose();
});

test.use({ viewport: { width: WIDTH, height: 844 } });

test("no workspace page is wider than a 390 px phone", async ({ browser }) => {
  test.setTimeout(120_000);
  const sections = WORKSPACE_SECTIONS.flatMap((section) => [
    section.to,
    ...(section.pages ?? []).map((page) => page.to),
  ]);
  const plan = await linkedUrl(a, "/dashboard2/billing/plans/:planId");
  expect(plan, "a plan's page linked from billing").toBeTruthy();
  const paths = [
    ...new Set([...sections, "/dashboard2/billing/tokens", plan!, `/project/${owned.projectId}`, "/cart"]),
  ];
  const context = await browser.newContext({
    storageState: await a.api.storageState(),
    viewport: { width: WIDTH, height: 844 },
  });
  const page = await context.newPage();
  const overflowing: string[] = [];
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await waitForHydration(page);
    const wide = await page.evaluate((width) => {
      const scrollWidth = document.documentElement.scrollWidth;
      if (scrollWidth <= width) return null;
      // What ends past the screen outside any box that scrolls or clips, to say what to fix.
      const inScroller = (el: Element) => {
        for (let box = el.parentElement; box; box = box.parentElement)
          if (getComputedStyle(box).overflowX !== "visible") return true;
        return false;
      };
      const culprits = [...document.querySelectorAll("body *")]
        .filter((el) => el.getBoundingClientRect().right > width + 0.5 && el.checkVisibility())
        .filter((el) => !inScroller(el))
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join(".")}`);
      return `${scrollWidth}px: ${culprits.join(", ")}`;
    }, WIDTH);
    if (wide) overflowing.push(`${path} ${wide}`);
  }
  await context.close();
  expect(overflowing).toEqual([]);
});
