// The delivery clock's no-JS journey over HTTP (decision 0048): staff accept a
// project and put it on hold through the native form; the client's project
// page and /order say "paused … waiting on you" with the pause history; staff
// end the hold. Every step is a plain form post and a redirect.
import { expect, test } from "vitest";
import { uniqueName } from "./client";
import { client, staff } from "./identities";
import { labelOf, open, submit, type Page } from "./journeys";

const squash = (text: string) => text.replace(/\s+/g, " ").trim();
const h1s = (page: Page) => page.named("h1", /.*/).map(labelOf);

test("staff put a project on hold without JavaScript; the client sees it paused, waiting on them", async () => {
  const account = await client("clock");
  const title = `Clock ${uniqueName("p")}`;
  const create = await open(account.visitor, "/createprojectform");
  const created = await submit(
    create,
    create.form({ button: "Submit project" }),
    {
      title,
      description: "A menu and a sign for our new café.",
      category: "graphic",
      budget: "5k_10k",
      timeline: "1",
    },
    "Submit project",
  );
  expect(h1s(created.page)).toEqual(["Your project has been submitted and is now under review"]);

  const lead = await staff();
  const pipeline = await open(lead.visitor, `/admin/projects?q=${encodeURIComponent(title)}`);
  let page = await open(lead.visitor, pipeline.links(title)[0]!);
  expect(h1s(page)).toEqual([title]);
  const projectPath = page.url;
  const projectId = projectPath.split("/").pop()!;
  page.expectText("The delivery clock starts with the work.");
  page = (await submit(page, page.form({ id: "status" }), {}, "Accept")).page;
  expect(page.testIdText("delivery-headline")).toMatch(/^Due \d{1,2} \w{3}/);

  // The hold form posts to its own route, which answers with a redirect back.
  const holdForm = page.form({ button: "Put on hold" });
  expect(holdForm.action).toBe(`/admin/projects/${projectId}/clock`);
  const held = await submit(
    page,
    holdForm,
    { reason: "client_input", note: "Which of the two menus do you prefer?" },
    "Put on hold",
  );
  expect(held.status).toBe(303);
  expect(held.page.url).toBe(`${projectPath}?clock=held#delivery-clock`);
  held.page.expectText("The project is on hold and its clock is paused. The client has been notified.");
  expect(held.page.testIdText("delivery-headline")).toContain("paused less than a day waiting on the client");
  // A second hold is not offered while one is open; ending it is.
  expect(held.page.forms().some((f) => f.buttons.some((b) => b.label === "Put on hold"))).toBe(false);

  const mine = await open(account.visitor, `/project/${projectId}`);
  expect(mine.testIdText("delivery-headline")).toMatch(
    /^Due \d{1,2} \w{3}( \d{4})? · paused less than a day waiting on you$/,
  );
  expect(mine.testIdText("delivery-clock")).toContain("Which of the two menus do you prefer?");
  expect(mine.testIdText("pause-history")).toContain("Waiting for your input");
  const order = await open(account.visitor, `/order?q=${encodeURIComponent(title)}`);
  expect(squash(order.testIdText("delivery-clock"))).toContain("waiting on you");

  // Another client sees neither the project nor its clock.
  const stranger = await client("clock-stranger");
  const theirs = await open(stranger.visitor, `/project/${projectId}`);
  expect(theirs.status).toBe(404);
  expect(theirs.byTestId("delivery-clock")).toHaveLength(0);
  // Nor may they post to the staff form's route.
  const refused = await stranger.visitor.post(`/admin/projects/${projectId}/clock`, {
    form: { intent: "resume" },
  });
  expect(refused.status).toBe(404);

  const resumed = await submit(
    held.page,
    held.page.form({ button: "End hold and restart the clock" }),
    {},
    "End hold and restart the clock",
  );
  resumed.page.expectText("The hold has ended and the clock runs again. The client has been notified.");
  const after = await open(account.visitor, `/project/${projectId}`);
  expect(after.testIdText("delivery-headline")).not.toContain("paused");
});
