import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getBalance } from "~models/billing/tokens.server";
import { runSeed } from "~models/views/seed.server";
import { db } from "~models/platform/db.server";
import { PROOF_MESSAGES } from "~models/projects/proofing";
import {
  addPin,
  addProofVersion,
  getStaffProofing,
  openProofAsset,
  resolvePinStaff,
} from "~models/projects/proofing.server";
import { quoteRevisionRound } from "~models/billing/revision-rounds.server";
import { canRenderPdf } from "~models/projects/proof-render.server";
import { getClientProofing, transitionProject } from "~models/views/revision-rounds.server";
import { projects, proofPins, proofRounds, subscriptions, tokenLedger } from "~models/schema";
import * as adminProject from "~/routes/admin/project-proofing";
import * as adminProofFile from "~/routes/admin/proof-file";
import * as detailPage from "~/routes/projects/detail";
import * as proofPage from "~/routes/projects/proof";
import * as proofFile from "~/routes/projects/proof-file";
import { give, ledgerIsConsistent } from "./billing-helpers";
import { call, formErrors, formRequest, getRequest } from "./helpers";
import {
  multipartRequest,
  projectOf,
  signedInClient,
  withTemporaryDataDir,
  type Client,
} from "./project-helpers";
import { pngFile, realPdfFile } from "./proofing-helpers";

withTemporaryDataDir();

let staff: Client;
beforeAll(async () => {
  await runSeed();
  staff = await signedInClient("staff");
});

const pin = (over: Partial<{ page: number; x: number; y: number; location: string; body: string }> = {}) => ({
  page: 1,
  x: 0.25,
  y: 0.5,
  location: "",
  body: "Make the logo bigger",
  ...over,
});

/** A client's project in progress with one version (a PNG) from staff. */
async function projectWithVersion(client: Client) {
  const project = await projectOf(client);
  expect((await transitionProject(project.id, staff, "accept")).ok).toBe(true);
  const added = await addProofVersion(project.id, staff, pngFile());
  if (!added.ok) throw new Error(JSON.stringify(added));
  return { project, deliverable: added.deliverable };
}

const roundsOf = (projectId: string) =>
  db().select().from(proofRounds).where(eq(proofRounds.projectId, projectId)).orderBy(proofRounds.number);

async function subscribeToPlan(client: Client, planId: string) {
  const now = new Date();
  await db()
    .insert(subscriptions)
    .values({
      userId: client.id,
      planId,
      startedAt: now,
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
    });
}

describe("versions", () => {
  it("numbers each upload per project and keeps images read-only for the owner", async () => {
    const client = await signedInClient();
    const { project, deliverable } = await projectWithVersion(client);
    expect(deliverable).toMatchObject({ version: 1, kind: "image", pageCount: 1, contentType: "image/png" });
    const second = await addProofVersion(project.id, staff, pngFile("poster-v2.png"));
    expect(second.ok && second.deliverable.version).toBe(2);

    const asset = await openProofAsset("client", project.id, deliverable.id, undefined, client);
    expect(asset).toMatchObject({ contentType: "image/png", inline: true });
    await asset!.stream.cancel();
    const other = await signedInClient();
    expect(await openProofAsset("client", project.id, deliverable.id, undefined, other)).toBeNull();
    // Staff read through the back-office side only; a client never through it.
    expect(await openProofAsset("client", project.id, deliverable.id, undefined, staff)).toBeNull();
    expect(await openProofAsset("staff", project.id, deliverable.id, undefined, client)).toBeNull();
    const staffAsset = await openProofAsset("staff", project.id, deliverable.id, undefined, staff);
    expect(staffAsset).not.toBeNull();
    await staffAsset!.stream.cancel();
  });

  it("refuses SVG, GIF and a file whose contents are not its extension", async () => {
    const client = await signedInClient();
    const project = await projectOf(client);
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"></svg>'], "logo.svg");
    const gif = new File(["GIF89a\x01\x00\x01\x00\x00\x00\x00;"], "anim.gif");
    const fake = new File(["not a png at all"], "fake.png");
    for (const file of [svg, gif, fake]) {
      const added = await addProofVersion(project.id, staff, file);
      expect(added.ok).toBe(false);
    }
    expect((await getStaffProofing(project)).versions).toHaveLength(0);
  });

  it("renders a PDF's pages with pdftoppm and serves each page as an image", async () => {
    if (!(await canRenderPdf())) return; // poppler-utils missing: the next test covers that case
    const client = await signedInClient();
    const project = await projectOf(client);
    const added = await addProofVersion(project.id, staff, await realPdfFile("brochure.pdf", 2));
    expect(added.ok).toBe(true);
    if (!added.ok) return;
    expect(added.renderedPages).toBe(2);
    expect(added.deliverable).toMatchObject({ kind: "pdf", pageCount: 2 });
    const page = await openProofAsset("client", project.id, added.deliverable.id, "2", client);
    expect(page).toMatchObject({ contentType: "image/png", inline: true });
    const bytes = new Uint8Array(await new Response(page!.stream).arrayBuffer());
    expect([...bytes.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    expect(await openProofAsset("client", project.id, added.deliverable.id, "3", client)).toBeNull();
    const original = await openProofAsset("client", project.id, added.deliverable.id, undefined, client);
    expect(original).toMatchObject({ contentType: "application/pdf", inline: false });
    await original!.stream.cancel();
  });

  it("without pdftoppm keeps the PDF commentable by page number", async () => {
    const previous = process.env.PDFTOPPM;
    process.env.PDFTOPPM = "/nonexistent/pdftoppm";
    try {
      const client = await signedInClient();
      const project = await projectOf(client);
      const added = await addProofVersion(project.id, staff, await realPdfFile("flyer.pdf", 3));
      expect(added.ok && added.renderedPages).toBe(0);
      if (!added.ok) return;
      expect(added.deliverable.pageCount).toBe(3);
      const ok = await addPin(
        project.id,
        added.deliverable.id,
        client,
        pin({ page: 3, x: undefined, y: undefined, location: "the footer" }),
      );
      expect(ok.ok).toBe(true);
      const tooFar = await addPin(project.id, added.deliverable.id, client, pin({ page: 4 }));
      expect(tooFar).toMatchObject({ ok: false, field: "page", message: PROOF_MESSAGES.pageInvalid(3) });
    } finally {
      if (previous === undefined) delete process.env.PDFTOPPM;
      else process.env.PDFTOPPM = previous;
    }
  });
});

describe("numbers past an integer column", () => {
  const PAST = ["2147483648", "99999999999999999999"];

  it("a page past the range in a file URL is a 404, on the client's and the staff's side", async () => {
    const client = await signedInClient();
    const { project, deliverable } = await projectWithVersion(client);
    const params = { id: project.id, deliverableId: deliverable.id };
    for (const page of PAST) {
      const clientUrl = `/project/${project.id}/proof/${deliverable.id}/file/${page}`;
      const staffUrl = `/admin/projects/${project.id}/proof/${deliverable.id}/file/${page}`;
      expect(
        (await call(proofFile.loader, getRequest(clientUrl, { cookie: client.cookie }), { ...params, page }))
          .status,
      ).toBe(404);
      expect(
        (
          await call(adminProofFile.loader, getRequest(staffUrl, { cookie: staff.cookie }), {
            ...params,
            page,
          })
        ).status,
      ).toBe(404);
    }
  });

  it("a pin's page past the range on a PDF of unknown length is a field error", async () => {
    const previous = process.env.PDFTOPPM;
    process.env.PDFTOPPM = "/nonexistent/pdftoppm";
    try {
      const client = await signedInClient();
      const project = await projectOf(client);
      expect((await transitionProject(project.id, staff, "accept")).ok).toBe(true);
      // No page objects to count: the page count stays unknown.
      const added = await addProofVersion(
        project.id,
        staff,
        new File(["%PDF-1.4\n%%EOF\n"], "unknown.pdf", { type: "application/pdf" }),
      );
      if (!added.ok) throw new Error(JSON.stringify(added));
      expect(added.deliverable.pageCount).toBeNull();
      const url = `/project/${project.id}/proof/${added.deliverable.id}`;
      const params = { id: project.id, deliverableId: added.deliverable.id };
      for (const page of PAST) {
        const posted = await call(
          proofPage.action,
          formRequest(url, { page, location: "the footer", body: "Smaller" }, { cookie: client.cookie }),
          params,
        );
        expect(posted.status).toBe(400);
        expect(formErrors(posted)).toEqual({ page: [PROOF_MESSAGES.pageInvalid(null)] });
      }
      const pins = await db().select().from(proofPins).where(eq(proofPins.projectId, project.id));
      expect(pins).toHaveLength(0);
    } finally {
      if (previous === undefined) delete process.env.PDFTOPPM;
      else process.env.PDFTOPPM = previous;
    }
  });

  it("resolving a pin in a version past the range is refused, not a database error", async () => {
    const client = await signedInClient();
    await give(client, 1);
    const { project, deliverable } = await projectWithVersion(client);
    await addPin(project.id, deliverable.id, client, pin());
    expect((await transitionProject(project.id, client, "request_revision", "Go")).ok).toBe(true);
    const [open] = await db().select().from(proofPins).where(eq(proofPins.projectId, project.id));
    const url = `/admin/projects/${project.id}/proofing`;
    for (const version of PAST) {
      const posted = await call(
        adminProject.action,
        formRequest(url, { intent: "resolve_pin", pin_id: open!.id, version }, { cookie: staff.cookie }),
        { id: project.id },
      );
      expect(posted).toMatchObject({ status: 400, body: { message: PROOF_MESSAGES.versionUnknown } });
    }
  });
});

describe("pins and rounds", () => {
  it("closes Round 1 and Round 2, each debited at Basic (1 token) with the state change, gathering the pins", async () => {
    const client = await signedInClient();
    await give(client, 5);
    const { project, deliverable } = await projectWithVersion(client);
    expect((await addPin(project.id, deliverable.id, client, pin())).ok).toBe(true);
    expect((await addPin(project.id, deliverable.id, client, pin({ body: "Warmer red" }))).ok).toBe(true);
    expect(await quoteRevisionRound(project)).toMatchObject({
      number: 1,
      tier: "Basic",
      cost: 1,
      draftPins: 2,
      balance: 5,
      applies: true,
    });

    const first = await transitionProject(project.id, client, "request_revision", "See the pins", {
      revisionCost: 1,
    });
    expect(first.ok && first.project).toMatchObject({ status: "revision_requested", tokensUsed: 1 });
    expect(await getBalance(client.id)).toBe(4);
    const [round1] = await roundsOf(project.id);
    expect(round1).toMatchObject({ number: 1, tier: "Basic", cost: 1, version: 1, reason: "See the pins" });
    const [entry] = await db().select().from(tokenLedger).where(eq(tokenLedger.id, round1!.ledgerEntryId!));
    expect(entry).toMatchObject({ delta: -1, reason: "project", userId: client.id });

    // Staff work on it, resolve one pin in version 2, send it back.
    const staffView = await getStaffProofing(project);
    expect(staffView.openPins.map((p) => p.body)).toEqual(["Make the logo bigger", "Warmer red"]);
    expect((await transitionProject(project.id, staff, "start_revision")).ok).toBe(true);
    const v2 = await addProofVersion(project.id, staff, pngFile("poster-v2.png"));
    expect(v2.ok).toBe(true);
    expect(await resolvePinStaff(project.id, staffView.openPins[0]!.id, staff, 2)).toEqual({
      ok: true,
      version: 2,
    });
    expect(await resolvePinStaff(project.id, staffView.openPins[0]!.id, staff, 2)).toMatchObject({
      ok: false,
      message: PROOF_MESSAGES.pinNotOpen,
    });
    expect((await transitionProject(project.id, staff, "send_for_review")).ok).toBe(true);

    // Round 2 gathers only the new pin.
    const v2Id = v2.ok ? v2.deliverable.id : "";
    expect((await addPin(project.id, v2Id, client, pin({ body: "Tagline lower" }))).ok).toBe(true);
    expect(
      (await transitionProject(project.id, client, "request_revision", "Round two", { revisionCost: 1 })).ok,
    ).toBe(true);
    const rounds = await roundsOf(project.id);
    expect(rounds.map((r) => [r.number, r.version, r.cost])).toEqual([
      [1, 1, 1],
      [2, 2, 1],
    ]);
    const summary = await getClientProofing(project, client);
    const byRound = summary!.rounds.map((r) => [
      r.number,
      r.pins.map((p) => [p.body, p.state, p.resolvedInVersion]),
    ]);
    expect(byRound).toEqual([
      [2, [["Tagline lower", "open", null]]],
      [
        1,
        [
          ["Make the logo bigger", "resolved", 2],
          ["Warmer red", "open", null],
        ],
      ],
    ]);
    expect(await getBalance(client.id)).toBe(3);
    const [row] = await db().select().from(projects).where(eq(projects.id, project.id));
    expect(row!.tokensUsed).toBe(2);
    await ledgerIsConsistent(client);
  });

  it("charges the Pro tier's 10 tokens to a client on the pro plan", async () => {
    const client = await signedInClient();
    await subscribeToPlan(client, "pro");
    await give(client, 12);
    const { project } = await projectWithVersion(client);
    expect(await quoteRevisionRound(project)).toMatchObject({ tier: "Pro", cost: 10 });
    expect(
      (await transitionProject(project.id, client, "request_revision", "Pro round", { revisionCost: 10 })).ok,
    ).toBe(true);
    expect(await getBalance(client.id)).toBe(2);
  });

  it("refuses a round the balance cannot pay, and changes nothing", async () => {
    const client = await signedInClient();
    const { project, deliverable } = await projectWithVersion(client);
    await addPin(project.id, deliverable.id, client, pin());
    const refused = await transitionProject(project.id, client, "request_revision", "Please", {
      revisionCost: 1,
    });
    expect(refused).toEqual({ ok: false, reason: "illegal", message: PROOF_MESSAGES.insufficient(1, 0, 1) });
    const [row] = await db().select().from(projects).where(eq(projects.id, project.id));
    expect(row).toMatchObject({ status: "in_progress", tokensUsed: 0 });
    expect(await roundsOf(project.id)).toHaveLength(0);
    const pins = await db().select().from(proofPins).where(eq(proofPins.projectId, project.id));
    expect(pins.map((p) => p.roundId)).toEqual([null]);
  });

  it("refuses a price other than the one confirmed", async () => {
    const client = await signedInClient();
    await give(client, 20);
    const { project } = await projectWithVersion(client);
    const refused = await transitionProject(project.id, client, "request_revision", "Please", {
      revisionCost: 10,
    });
    expect(refused).toEqual({ ok: false, reason: "illegal", message: PROOF_MESSAGES.priceChanged(1, 1) });
    expect(await getBalance(client.id)).toBe(20);
  });

  it("before any version a revision request is free and closes no round", async () => {
    const client = await signedInClient();
    const project = await projectOf(client);
    expect((await transitionProject(project.id, client, "request_revision", "New brief")).ok).toBe(true);
    expect(await roundsOf(project.id)).toHaveLength(0);
    expect(await getBalance(client.id)).toBe(0);
  });

  it("keeps pins and proofs to their owner, and a closed project read-only", async () => {
    const client = await signedInClient();
    const other = await signedInClient();
    const { project, deliverable } = await projectWithVersion(client);
    expect(await addPin(project.id, deliverable.id, other, pin())).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await addPin(project.id, deliverable.id, staff, pin())).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await getClientProofing(project, other)).toBeNull();
    // A draft pin is not staff's to resolve; nor is a pin of another project.
    const added = await addPin(project.id, deliverable.id, client, pin());
    const pinId = added.ok ? added.pin.id : "";
    expect(await resolvePinStaff(project.id, pinId, staff, 1)).toMatchObject({
      ok: false,
      message: PROOF_MESSAGES.pinNotOpen,
    });
    expect(await resolvePinStaff(project.id, pinId, client, 1)).toEqual({ ok: false, reason: "not_found" });

    expect((await transitionProject(project.id, staff, "complete")).ok).toBe(true);
    expect(await addPin(project.id, deliverable.id, client, pin())).toMatchObject({
      ok: false,
      message: PROOF_MESSAGES.closed,
    });
    expect(await addProofVersion(project.id, staff, pngFile())).toMatchObject({
      ok: false,
      message: PROOF_MESSAGES.closed,
    });
    const asset = await openProofAsset("client", project.id, deliverable.id, undefined, client);
    expect(asset).not.toBeNull();
    await asset!.stream.cancel();
    expect((await getClientProofing(project, client))!.versions).toHaveLength(1);
  });
});

describe("under concurrency", () => {
  it("debits exactly: parallel requests across projects stop where the balance does", async () => {
    const client = await signedInClient();
    await give(client, 3);
    const made = [];
    for (let n = 0; n < 5; n++) made.push(await projectWithVersion(client));
    const results = await Promise.all(
      made.map(({ project }) =>
        transitionProject(project.id, client, "request_revision", "Parallel", { revisionCost: 1 }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason === "illegal" && r.message)).toEqual([
      PROOF_MESSAGES.insufficient(1, 0, 1),
      PROOF_MESSAGES.insufficient(1, 0, 1),
    ]);
    expect(await getBalance(client.id)).toBe(0);
    const rounds = await Promise.all(made.map(({ project }) => roundsOf(project.id)));
    expect(rounds.flat()).toHaveLength(3);
    await ledgerIsConsistent(client);
  });

  it("one project asked many times at once closes one round and charges once", async () => {
    const client = await signedInClient();
    await give(client, 10);
    const { project } = await projectWithVersion(client);
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        transitionProject(project.id, client, "request_revision", "Same time", { revisionCost: 1 }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await getBalance(client.id)).toBe(9);
    expect(await roundsOf(project.id)).toHaveLength(1);
    const spends = await db()
      .select()
      .from(tokenLedger)
      .where(and(eq(tokenLedger.userId, client.id), eq(tokenLedger.kind, "spend")));
    expect(spends).toHaveLength(1);
  });
});

describe("pages", () => {
  it("the proof page takes a no-JS pin (page and words) and a JS pin (point), for the owner only", async () => {
    const client = await signedInClient();
    const { project, deliverable } = await projectWithVersion(client);
    const url = `/project/${project.id}/proof/${deliverable.id}`;
    const params = { id: project.id, deliverableId: deliverable.id };

    const page = await call(proofPage.loader, getRequest(url, { cookie: client.cookie }), params);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ deliverable: { version: 1 }, canPin: true, renderedPages: [] });
    expect(JSON.stringify(page.body)).not.toContain(deliverable.storageKey);

    const missingWhere = await call(
      proofPage.action,
      formRequest(url, { page: "1", body: "Brighter" }, { cookie: client.cookie }),
      params,
    );
    expect(missingWhere.status).toBe(400);
    expect(formErrors(missingWhere)).toEqual({ location: [PROOF_MESSAGES.whereRequired] });

    const described = await call(
      proofPage.action,
      formRequest(url, { page: "1", location: "the headline", body: "Brighter" }, { cookie: client.cookie }),
      params,
    );
    expect(described).toMatchObject({ status: 200, body: { message: PROOF_MESSAGES.pinAdded } });
    const pointed = await call(
      proofPage.action,
      formRequest(url, { page: "1", x: "0.4", y: "0.25", body: "Move left" }, { cookie: client.cookie }),
      params,
    );
    expect(pointed.status).toBe(200);
    const outside = await call(
      proofPage.action,
      formRequest(url, { page: "1", x: "1.4", y: "0.25", body: "Off the image" }, { cookie: client.cookie }),
      params,
    );
    expect(outside.status).toBe(400);
    const pins = await db().select().from(proofPins).where(eq(proofPins.projectId, project.id));
    expect(pins.map((p) => [p.location, p.x, p.y])).toEqual(
      expect.arrayContaining([
        ["the headline", null, null],
        ["", expect.closeTo(0.4, 5), expect.closeTo(0.25, 5)],
      ]),
    );

    const other = await signedInClient();
    for (const who of [other, staff]) {
      const read = await call(proofPage.loader, getRequest(url, { cookie: who.cookie }), params);
      expect(read.status).toBe(404);
      const write = await call(
        proofPage.action,
        formRequest(url, { page: "1", location: "x", body: "probe" }, { cookie: who.cookie }),
        params,
      );
      expect(write.status).toBe(404);
      const file = await call(proofFile.loader, getRequest(`${url}/file`, { cookie: who.cookie }), params);
      expect(file.status).toBe(404);
    }
    const image = await call(proofFile.loader, getRequest(`${url}/file`, { cookie: client.cookie }), params);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("content-disposition")).toBe("inline");
    expect(image.headers.get("content-security-policy")).toContain("sandbox");
  });

  it("/project/:id shows the round's cost, and Request Revision debits the confirmed price", async () => {
    const client = await signedInClient();
    await give(client, 2);
    const { project, deliverable } = await projectWithVersion(client);
    await addPin(project.id, deliverable.id, client, pin());
    const url = `/project/${project.id}`;
    const loaded = await call(detailPage.loader, getRequest(url, { cookie: client.cookie }), {
      id: project.id,
    });
    expect(loaded.body).toMatchObject({
      proofing: { offer: { number: 1, cost: 1, tier: "Basic", balance: 2, draftPins: 1, applies: true } },
    });
    const posted = await call(
      detailPage.action,
      formRequest(
        url,
        { intent: "request_revision", reason: "See my pin", revision_cost: "1" },
        { cookie: client.cookie },
      ),
      { id: project.id },
    );
    expect(posted.status).toBe(200);
    expect(await getBalance(client.id)).toBe(1);
    expect(await roundsOf(project.id)).toHaveLength(1);
  });

  it("the back-office uploads a version and resolves a pin with native posts; clients get 404 there", async () => {
    const client = await signedInClient();
    await give(client, 1);
    const { project, deliverable } = await projectWithVersion(client);
    await addPin(project.id, deliverable.id, client, pin());
    expect((await transitionProject(project.id, client, "request_revision", "Go")).ok).toBe(true);
    const url = `/admin/projects/${project.id}/proofing`;
    const params = { id: project.id };

    const wrong = await call(
      adminProject.action,
      multipartRequest(
        url,
        { intent: "proof_upload", proof_file: new File(["<svg></svg>"], "x.svg") },
        { cookie: staff.cookie },
      ),
      params,
    );
    expect(wrong).toMatchObject({ status: 400, body: { form: "proofing", tone: "error" } });
    const uploaded = await call(
      adminProject.action,
      multipartRequest(
        url,
        { intent: "proof_upload", proof_file: pngFile("v2.png") },
        { cookie: staff.cookie },
      ),
      params,
    );
    // Redirected after the post (decision 0073): the page it lands on names the new version.
    expect(uploaded.status).toBe(303);
    expect(uploaded.headers.get("Location")).toBe(`${url}?uploaded=2`);

    const loaded = await call(
      adminProject.loader,
      getRequest(`${url}?uploaded=2`, { cookie: staff.cookie }),
      params,
    );
    const proofing = (
      loaded.body as {
        proofing: { openPins: { id: string }[]; versions: unknown[]; uploaded: { message: string } };
      }
    ).proofing;
    expect(proofing.uploaded.message).toBe(PROOF_MESSAGES.fileAdded(2, "v2.png"));
    expect(proofing.versions).toHaveLength(2);
    expect(proofing.openPins).toHaveLength(1);
    const resolve = { intent: "resolve_pin", pin_id: proofing.openPins[0]!.id, version: "2" };
    expect(
      await call(adminProject.action, formRequest(url, resolve, { cookie: client.cookie }), params),
    ).toMatchObject({ status: 404 });
    const resolved = await call(
      adminProject.action,
      formRequest(url, resolve, { cookie: staff.cookie }),
      params,
    );
    expect(resolved).toMatchObject({ status: 200, body: { message: PROOF_MESSAGES.pinResolved(2) } });
    const again = await call(
      adminProject.action,
      formRequest(url, resolve, { cookie: staff.cookie }),
      params,
    );
    expect(again.status).toBe(409);

    const staffFile = `/admin/projects/${project.id}/proof/${deliverable.id}/file`;
    const fileParams = { id: project.id, deliverableId: deliverable.id };
    expect(
      (await call(adminProofFile.loader, getRequest(staffFile, { cookie: staff.cookie }), fileParams)).status,
    ).toBe(200);
    expect(
      (await call(adminProofFile.loader, getRequest(staffFile, { cookie: client.cookie }), fileParams))
        .status,
    ).toBe(404);
  });
});
