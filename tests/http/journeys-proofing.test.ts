// Proofing over HTTP, every form posted as a browser without JavaScript posts
// it (decision 0047): staff upload a version, the client pins a comment by
// words, is refused a round the balance cannot pay (nothing changes), buys
// tokens, requests the revision at the price shown, staff resolve the pin.
import { expect, test } from "vitest";
import { pngBytes } from "../integration/proofing-helpers";
import { uniqueName } from "./client";
import { bearer, client, staff } from "./identities";
import { open, submit } from "./journeys";

test("a proofing round without JavaScript, from upload to resolved pin, owner only", async () => {
  const account = await client("proofing");
  const title = `Poster ${uniqueName("p")}`;
  const create = await open(account.visitor, "/createprojectform");
  const created = await submit(
    create,
    create.form({ button: "Submit project" }),
    { title, description: "A poster for the spring launch.", category: "graphic", budget: "1k_5k" },
    "Submit project",
  );
  expect(created.status).toBeLessThan(400);
  const listed = await (await account.visitor.get("/api/projects/", bearer(account))).json();
  const project = (Array.isArray(listed) ? listed : listed.results).find(
    (p: { title: string }) => p.title === title,
  ) as {
    id: string;
  };
  expect(project).toBeDefined();

  // Staff accept and upload version 1.
  const lead = await staff();
  let admin = await open(lead.visitor, `/admin/projects/${project.id}`);
  admin = (await submit(admin, admin.form({ button: "Accept" }), {}, "Accept")).page;
  admin = await open(lead.visitor, admin.links(/^Proofing: /)[0]!);
  const upload = admin.form({ button: "Upload version" });
  const uploaded = await submit(
    admin,
    upload,
    { proof_file: new File([new Uint8Array(pngBytes(300, 200))], "poster.png", { type: "image/png" }) },
    "Upload version",
  );
  uploaded.page.expectText("Version 1 (poster.png) is ready for the client.");

  // The client opens it and pins a comment by words.
  const detail = await open(account.visitor, `/project/${project.id}`);
  const proofPath = detail.links("Review and pin")[0]!;
  expect(proofPath).toMatch(new RegExp(`^/project/${project.id}/proof/[0-9a-f-]{36}$`));
  const proof = await open(account.visitor, proofPath);
  expect(proof.status).toBe(200);
  expect(proof.byTestId("pin-target")).toHaveLength(0); // clicking needs JavaScript
  const pinForm = proof.form({ button: "Pin comment" });
  const nowhere = await submit(proof, pinForm, { body: "Warmer red" }, "Pin comment");
  expect(nowhere.status).toBe(400);
  nowhere.page.expectText("Click the image to place a pin, or say where on the page.");
  const pinned = await submit(
    proof,
    pinForm,
    { location: "the headline", body: "Warmer red" },
    "Pin comment",
  );
  expect(pinned.status).toBe(200);
  expect(pinned.page.testIdText("pin")).toContain("“the headline”");

  // A stranger sees none of it.
  const stranger = await client("proofstranger");
  for (const path of [proofPath, `${proofPath}/file`]) {
    const response = await stranger.visitor.get(path);
    const body = await response.text();
    expect(response.status, path).toBe(404);
    expect(body).not.toContain("Warmer red");
  }

  // Request Revision shows the price; with no tokens it is refused and nothing changes.
  let page = await open(account.visitor, `/project/${project.id}`);
  expect(page.testIdText("revision-cost")).toContain("costs 1 token (Basic tier)");
  expect(page.testIdText("revision-cost")).toContain("Not enough tokens for this round.");
  expect(page.byTestId("revision-draws")).toHaveLength(0);
  const refused = await submit(page, page.form({ button: "Send revision request" }), {
    reason: "See my pin",
  });
  expect(refused.status).toBe(409);
  refused.page.expectText("Round 1 costs 1 token and your balance is 0.");
  expect(refused.page.byTestId("round")).toHaveLength(0);

  const packages = (await (await account.visitor.get("/api/token-packages/")).json()) as { id: string }[];
  const bought = await account.visitor.post(
    "/api/purchase-tokens/",
    { json: { package_id: packages[0]!.id } },
    bearer(account),
  );
  expect(bought.ok).toBe(true);
  page = await open(account.visitor, `/project/${project.id}`);
  // Which grant the round draws from, before the client confirms (decision 0049).
  expect(page.testIdText("revision-draws")).toMatch(
    /^1 token from Token package, valid until \d{1,2} \w{3} \d{4}$/,
  );
  const accepted = await submit(page, page.form({ button: "Send revision request" }), {
    reason: "See my pin",
  });
  expect(accepted.status).toBe(200);
  accepted.page.expectText("Revision requested. Your project manager has been notified.");
  expect(accepted.page.testIdText("round")).toContain("Round 1");

  // Staff resolve the pin; the client sees it resolved in version 1.
  admin = await open(lead.visitor, `/admin/projects/${project.id}`);
  expect(admin.testIdText("proofing-link")).toBe("Proofing: 1 version · 1 open pin · 1 round");
  admin = await open(lead.visitor, `/admin/projects/${project.id}/proofing`);
  expect(admin.byTestId("open-pin")).toHaveLength(1);
  const resolved = await submit(admin, admin.form({ button: "Resolve" }), {}, "Resolve");
  resolved.page.expectText("Pin marked resolved in version 1.");
  const after = await open(account.visitor, `/project/${project.id}`);
  expect(after.testIdText("round")).toContain("Resolved in version 1");
});
