// The back-office's no-JS journeys over HTTP, posted as a browser without
// JavaScript posts them (moved from tests/e2e/back-office.spec.ts and
// back-office-billing.spec.ts, issue 17; "a visitor's quote reaches the inbox;
// staff reply and mark it handled" stays there as this family's no-JS journey).
import { expect, test } from "vitest";
import { uniqueName } from "./client";
import { anonymous, client, staff, type Identity } from "./identities";
import { attr, findAll, textOf } from "./html";
import { labelOf, namedIn, open, pdf, submit, type Page } from "./journeys";
import { E2E_STAFF } from "../e2e/staff-account";

const squash = (text: string) => text.replace(/\s+/g, " ").trim();
const textsOf = (page: Page, testId: string) => page.byTestId(testId).map((el) => squash(textOf(el)));
const h1s = (page: Page) => page.named("h1", /.*/).map(labelOf);

/** The one link named `name` on the page; its href. */
function linkTo(page: Page, name: string | RegExp): string {
  const hrefs = page.links(name);
  expect(hrefs.length, `link ${String(name)} on ${page.url}`).toBeGreaterThanOrEqual(1);
  return hrefs[0]!;
}

/** The client's page in the back-office, found through the client search. */
async function openClient(lead: Identity, username: string): Promise<Page> {
  const list = await open(lead.visitor, `/admin/clients?q=${encodeURIComponent(username)}`);
  const page = await open(lead.visitor, linkTo(list, username));
  expect(h1s(page)).toEqual([username]);
  return page;
}

const adjustTokens = (page: Page, direction: "grant" | "deduct", amount: string, reason: string) =>
  submit(page, page.form({ id: "adjust-tokens" }), { direction, amount, reason }, "Save token change");

test.concurrent(
  "a client's project: staff accept, write, deliver and complete; the client sees it all",
  async () => {
    const account = await client("project");
    const title = `Identity ${uniqueName("p")}`;
    const create = await open(account.visitor, "/createprojectform");
    const created = await submit(
      create,
      create.form({ button: "Submit project" }),
      {
        title,
        description: "Logo, colours and packaging for our tea shops.",
        category: "graphic",
        budget: "10k_50k",
      },
      "Submit project",
    );
    expect(h1s(created.page)).toEqual(["Your project has been submitted and is now under review"]);

    const lead = await staff();
    const pipeline = await open(lead.visitor, "/admin/projects");
    const searched = await submit(pipeline, pipeline.form({ button: "Search" }), { q: title }, "Search");
    expect(searched.page.byTestId("pipeline-row")).toHaveLength(1);
    let page = await open(lead.visitor, linkTo(searched.page, title));
    expect(h1s(page)).toEqual([title]);
    const projectPath = page.url;

    const accepted = await submit(
      page,
      page.form({ id: "status" }),
      { reason: "We start on Monday." },
      "Accept",
    );
    accepted.page.expectText("The project is now In Progress. The client has been notified.");
    page = accepted.page;

    const messaged = await submit(
      page,
      page.form({ id: "comment" }),
      { text: "First drafts arrive on Thursday." },
      "Send message",
    );
    messaged.page.expectText("Message sent. The client has been notified.");
    expect(textsOf(messaged.page, "comment").join(" | ")).toContain("First drafts arrive on Thursday.");
    page = messaged.page;

    const uploaded = await submit(
      page,
      page.form({ id: "upload" }),
      { files: pdf("logo-final.pdf") },
      "Upload",
    );
    uploaded.page.expectText("logo-final.pdf was added. The client has been notified.");
    expect(textsOf(uploaded.page, "project-file").join(" | ")).toContain("from the team");
    page = uploaded.page;

    const completed = await submit(page, page.form({ id: "status" }), {}, "Complete");
    completed.page.expectText("The project is now Completed. The client has been notified.");
    completed.page.expectText("This project is closed: no further status changes.");
    expect(completed.page.testIdText("status-history")).toContain("We start on Monday.");
    expect(completed.page.url).toBe(projectPath);

    // The client: notifications, the conversation and the file.
    const notifications = await open(account.visitor, "/dashboard2/notifications");
    const items = textsOf(notifications, "notification");
    for (const heading of [
      "New file from your project manager",
      "New message from your project manager",
      "Project status updated",
    ]) {
      expect(
        items.some((text) => text.includes(heading)),
        heading,
      ).toBe(true);
    }
    expect(items.some((text) => text.includes(`“${title}” is now Completed.`))).toBe(true);
    const opened = await submit(notifications, notifications.form({ button: /^New file/ }), {}, /^New file/);
    expect(opened.page.url).toMatch(/^\/project\/[0-9a-f-]{36}$/);
    const project = opened.page;
    const status = findAll(project.doc, (el) => attr(el, "data-status") !== undefined)[0];
    expect(squash(textOf(status!))).toBe("Completed");
    const comment = project
      .byTestId("thread-entry")
      .find((el) => textOf(el).includes("First drafts arrive on Thursday."));
    expect(squash(textOf(comment!))).toContain("Project Manager");
    const file = project.byTestId("project-file").find((el) => textOf(el).includes("logo-final.pdf"));
    const link = namedIn(file!, "a", /Download/)[0];
    const download = await account.visitor.follow(await account.visitor.get(attr(link!, "href")!));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="logo-final.pdf"/);
    await download.arrayBuffer();
  },
);

test.concurrent("staff invite a colleague; the emailed link makes them staff, once", async () => {
  const lead = await staff();
  const email = `${uniqueName("hire")}@e2e.ascendra.test`;
  const team = await open(lead.visitor, "/admin/staff");
  const invited = await submit(team, team.form({ button: "Send invitation" }), { email }, "Send invitation");
  invited.page.expectText(`Invitation sent to ${email}.`);
  expect(textsOf(invited.page, "invitation-row").filter((row) => row.includes(email))).toHaveLength(1);

  // No SMTP in tests: the email waits in the outbox, where staff read it.
  const outbox = await open(lead.visitor, `/admin/outbox?q=${encodeURIComponent(email)}`);
  const message = await open(lead.visitor, linkTo(outbox, /You are invited/));
  const link = /http:\/\/\S+\/staff-invite\/\S+/.exec(message.testIdText("email-text"))?.[0];
  expect(link).toBeTruthy();

  const newcomer = anonymous().visitor;
  const join = await open(newcomer, new URL(link!).pathname);
  expect(h1s(join)).toEqual(["Join the team"]);
  const username = uniqueName("hire");
  const joined = await submit(
    join,
    join.form({ button: "Join the team" }),
    {
      username,
      password: "new-staff-pass",
      confirmPassword: "new-staff-pass",
    },
    "Join the team",
  );
  expect(joined.location).toBe("/admin");
  expect(joined.page.url).toBe("/admin");
  expect(h1s(joined.page)).toEqual(["Overview"]);
  // The back-office's own frame: its brand leads to the overview.
  expect(joined.page.links("Ascendra Back-office")).toEqual(["/admin"]);

  const again = await open(newcomer, new URL(link!).pathname);
  expect(h1s(again)).toEqual(["Link expired"]);
});

test.concurrent(
  "staff grant tokens with a reason, cannot deduct below zero, and the client sees the new balance",
  async () => {
    const account = await client("granted");
    const lead = await staff();
    const page = await openClient(lead, account.username!);
    expect(page.testIdText("client-balance")).toBe("0");

    const noReason = await adjustTokens(page, "grant", "30", "");
    noReason.page.expectText("Please give a reason: it is kept in the ledger and the audit log.");
    const granted = await adjustTokens(noReason.page, "grant", "30", "Welcome tokens for the pilot");
    granted.page.expectText("Granted 30 tokens. The balance is now 30.");
    expect(granted.page.testIdText("client-balance")).toBe("30");
    expect(granted.page.testIdText("ledger-row")).toContain("Welcome tokens for the pilot");
    expect(granted.page.testIdText("ledger-row")).toContain(E2E_STAFF.username);

    const tooMuch = await adjustTokens(granted.page, "deduct", "31", "Correction");
    tooMuch.page.expectText(
      "Cannot deduct 31 tokens: the client has 30, and a balance can never go below zero.",
    );
    expect(tooMuch.page.testIdText("client-balance")).toBe("30");

    const billing = await open(account.visitor, "/dashboard2/billing");
    expect(billing.testIdText("token-balance")).toBe("30");

    // The audit log has the grant, with the balance before and after.
    const audit = await open(
      lead.visitor,
      `/admin/audit?action=tokens.grant&q=${encodeURIComponent(account.email!)}`,
    );
    expect(audit.byTestId("audit-row")).toHaveLength(1);
    expect(audit.testIdText("token-movement")).toBe("+30 · balance 0 → 30");
  },
);

test.concurrent(
  "staff add a shop item with its file; a client buys and downloads it; retired, it still downloads",
  async () => {
    const PNG = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e7d6f50000000049454e44ae426082",
      "hex",
    );
    const ZIP = Buffer.from("504b0506000000000000000000000000000000000000", "hex");
    const name = `Kit ${uniqueName("k")}`;
    const id = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    const lead = await staff();
    const catalog = await open(lead.visitor, "/admin/catalog");
    const blank = await open(lead.visitor, linkTo(catalog, "New shop item"));
    expect(h1s(blank)).toEqual(["New shop item"]);
    const added = await submit(
      blank,
      blank.form({ button: "Add shop item" }),
      {
        id,
        name,
        description: "Frames for a client workshop.",
        category: "templates",
        token_price: "4",
        file: new File([ZIP], "workshop-kit.zip", { type: "application/zip" }),
        image: new File([PNG], "card.png", { type: "image/png" }),
      },
      "Add shop item",
    );
    added.page.expectText(`${name} was added. Clients see it now.`);

    const account = await client("kit");
    const found = await lead.visitor.get(`/admin/clients?q=${encodeURIComponent(account.username!)}`);
    expect(found.status).toBe(200);
    await found.arrayBuffer();
    const granted = await adjustTokens(
      await openClient(lead, account.username!),
      "grant",
      "10",
      "Tokens to try the new kit",
    );
    granted.page.expectText("Granted 10 tokens.");

    const search = `/dashboard2/shop?search=${encodeURIComponent(name)}`;
    const shop = await open(account.visitor, search);
    expect(shop.byTestId("shop-item")).toHaveLength(1);
    const buy = new RegExp(`^Add to Cart\\b.*${name}$`);
    const inCart = await submit(shop, shop.form({ button: buy }), {}, buy);
    expect(inCart.page.testIdText("action-notice")).toContain(`${name} added to cart`);
    const cart = await open(account.visitor, "/cart");
    const review = await open(account.visitor, cart.links("Checkout")[0]!);
    const confirm = /^Confirm and spend \d+ tokens$/;
    const checkedOut = await submit(review, review.form({ button: confirm }), {}, confirm);
    expect(checkedOut.page.testIdText("action-notice")).toContain("Checkout successful!");

    const downloadOnce = async () => {
      const purchases = await open(account.visitor, "/dashboard2/purchases");
      const started = await submit(
        purchases,
        purchases.form({ button: `Download ${name}` }),
        {},
        `Download ${name}`,
      );
      expect(started.status).toBe(200);
      // Without JavaScript the download starts by a meta refresh in <noscript>, to the link offered again.
      const url = linkTo(started.page, "Download again if it did not start");
      const refresh = /<noscript>\s*<meta http-equiv="refresh" content="0;url=([^"]+)"/.exec(
        started.page.html,
      )?.[1];
      expect(refresh?.replace(/&amp;/g, "&")).toBe(url);
      const download = await account.visitor.follow(await account.visitor.get(url));
      expect(download.status).toBe(200);
      expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="workshop-kit.zip"/);
      await download.arrayBuffer();
    };
    await downloadOnce();

    const list = await open(lead.visitor, "/admin/catalog");
    const retired = await submit(list, list.form({ button: `Retire ${name}` }), {}, `Retire ${name}`);
    retired.page.expectText(`${name} was retired`);

    expect((await open(account.visitor, search)).byTestId("shop-item")).toHaveLength(0);
    await downloadOnce();
  },
);

test.concurrent("a gift card bought at /gift shows in the inbox", async () => {
  const sender = `Ravi ${uniqueName("G")}`;
  const gift = await open(anonymous().visitor, "/gift");
  const bought = await submit(
    gift,
    gift.form({ id: "gift-card" }),
    {
      recipientName: "Meera",
      recipientEmail: "meera@studio.example",
      senderName: sender,
      senderEmail: "ravi@brand.example",
      card_number: "4242 4242 4242 4242",
      card_expiry: "12/39",
      card_cvc: "123",
      card_name: "Ravi",
    },
    "Purchase",
  );
  expect(
    findAll(
      bought.page.doc,
      (el) => /^h[1-6]$/.test(el.tagName) && labelOf(el) === "Gift card purchased successfully!",
    ),
  ).toHaveLength(1);

  const lead = await staff();
  const inbox = await open(lead.visitor, "/admin/inbox");
  const filtered = await submit(
    inbox,
    inbox.form({ button: "Apply" }),
    { type: "gift_card", q: sender },
    "Apply",
  );
  const rows = filtered.page.byTestId("inbox-row");
  expect(rows).toHaveLength(1);
  const row = squash(textOf(rows[0]!));
  expect(row).toContain("Gift card");
  expect(row).toContain("₹15000 for Meera");
  const item = await open(lead.visitor, attr(namedIn(rows[0]!, "a", sender)[0]!, "href")!);
  expect(h1s(item)).toEqual([`Gift card from ${sender}`]);
  item.expectText("meera@studio.example");
});
