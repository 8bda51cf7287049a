// The project's thread and its confirmed steps over HTTP, as a browser without
// JavaScript (decision 0057): the studio's note and message appear in the
// client's thread; Approve & Publish and Cancel Project each go through a
// confirm page that says what cannot be undone.
import { expect, test } from "vitest";
import { pngBytes } from "../integration/proofing-helpers";
import { uniqueName } from "./client";
import { bearer, client, staff } from "./identities";
import { open, submit } from "./journeys";

async function submitProject(account: Awaited<ReturnType<typeof client>>, title: string) {
  const create = await open(account.visitor, "/createprojectform");
  await submit(
    create,
    create.form({ button: "Submit project" }),
    { title, description: "A poster for the spring launch.", category: "graphic", budget: "1k_5k" },
    "Submit project",
  );
  const listed = await (await account.visitor.get("/api/projects/", bearer(account))).json();
  return (Array.isArray(listed) ? listed : listed.results).find(
    (p: { title: string }) => p.title === title,
  ) as { id: string };
}

test("the thread carries the studio's words; approve and cancel are confirmed on a page of their own", async () => {
  const account = await client("thread");
  const project = await submitProject(account, `Poster ${uniqueName("t")}`);

  // A fresh brief: Submitted, the studio's move, nothing to approve.
  let page = await open(account.visitor, `/project/${project.id}`);
  expect(page.testIdText("status-card")).toContain("Submitted · The studio's move");
  expect(page.byTestId("approve-button")).toHaveLength(0);

  // Staff accept with a note, write a message, upload version 1 and send it for review.
  const lead = await staff();
  let admin = await open(lead.visitor, `/admin/projects/${project.id}`);
  admin = (await submit(admin, admin.form({ button: "Accept" }), { reason: "Kick-off Monday." }, "Accept"))
    .page;
  admin = (
    await submit(
      admin,
      admin.form({ button: "Send message" }),
      { text: "Sketches by Friday." },
      "Send message",
    )
  ).page;
  admin = await open(lead.visitor, `/admin/projects/${project.id}/proofing`);
  await submit(
    admin,
    admin.form({ button: "Upload version" }),
    { proof_file: new File([new Uint8Array(pngBytes(300, 200))], "poster.png", { type: "image/png" }) },
    "Upload version",
  );
  admin = await open(lead.visitor, `/admin/projects/${project.id}`);
  await submit(admin, admin.form({ button: "Send for review" }), {}, "Send for review");

  page = await open(account.visitor, `/project/${project.id}`);
  const thread = page.byTestId("thread-entry").length;
  expect(thread).toBeGreaterThanOrEqual(5);
  expect(page.testIdText("thread")).toContain("Kick-off Monday.");
  expect(page.testIdText("thread")).toContain("Sketches by Friday.");
  expect(page.testIdText("thread")).toContain("Version 1 delivered");
  expect(page.testIdText("status-card")).toContain("Ready for your review · Your move");

  // Approve & Publish names the version and leads to a confirm page (no JavaScript).
  const approveLink = page.links("Approve & Publish version 1")[0]!;
  expect(approveLink).toMatch(/\?confirm=approve$/);
  const confirm = await open(account.visitor, approveLink);
  expect(confirm.testIdText("confirm-page")).toContain("Approve version 1 and publish it?");
  expect(confirm.testIdText("confirm-page")).toContain("This cannot be undone.");
  const approved = await submit(
    confirm,
    confirm.form({ button: "Yes, approve version 1 and publish" }),
    {},
    "Yes, approve version 1 and publish",
  );
  expect(approved.status).toBe(200);
  approved.page.expectText("Version 1 approved and published.");

  // A second, fresh brief can be cancelled, through its confirm page.
  const second = await submitProject(account, `Leaflet ${uniqueName("t")}`);
  page = await open(account.visitor, `/project/${second.id}`);
  const cancelLink = page.links("Cancel Project")[0]!;
  const cancelPage = await open(account.visitor, cancelLink);
  expect(cancelPage.testIdText("confirm-page")).toContain("cannot be reopened");
  const cancelled = await submit(
    cancelPage,
    cancelPage.form({ button: "Yes, cancel this project" }),
    {},
    "Yes, cancel this project",
  );
  expect(cancelled.status).toBe(200);
  cancelled.page.expectText("Project cancelled.");
});
