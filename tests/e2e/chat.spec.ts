import type { Page } from "@playwright/test";
import { CHAT_COPY } from "../../models/chat/copy";
import { expect, newVisitor, signInAs, test, uniqueName, waitForHydration } from "./fixtures";
import { E2E_STAFF } from "./staff-account";

const panel = (page: Page) => page.getByTestId("chat-panel");
const log = (page: Page) => page.getByTestId("chat-log");
const input = (page: Page) => panel(page).getByLabel(CHAT_COPY.inputLabel);

test.describe("chat assistant with JavaScript", () => {
  test("home panel: its code loads on first use; Enter sends, typing state, reply with sources, clear", async ({
    page,
  }) => {
    const chatModules: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/chat(-panel)?-[\w-]+\.js$/.test(request.url())) chatModules.push(request.url());
    });
    // Hold the reply a moment, so the waiting state can be seen.
    await page.route("**/api/chat/", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    await page.goto("/");
    await waitForHydration(page);
    expect(chatModules).toEqual([]);

    await page.getByText(CHAT_COPY.open, { exact: true }).click();
    await expect.poll(() => chatModules.length).toBeGreaterThan(0);
    await expect(log(page)).toContainText("executive AI");
    await expect(panel(page).getByRole("button", { name: CHAT_COPY.clear })).toHaveCount(0);

    // Blank or whitespace-only: not sent.
    await input(page).fill("   ");
    await expect(panel(page).getByRole("button", { name: CHAT_COPY.send })).toBeDisabled();
    await input(page).press("Enter");
    await expect(log(page).locator("[data-type=user]")).toHaveCount(0);

    await input(page).fill("  How much is the Starter plan?  ");
    await input(page).press("Enter");
    await expect(log(page).locator("[data-type=user]")).toHaveText(/How much is the Starter plan\?$/);
    await expect(page.getByTestId("chat-typing")).toBeVisible();
    await expect(page.getByTestId("chat-spinner")).toBeVisible();
    await expect(input(page)).toBeDisabled();

    const answer = log(page).locator("[data-type=ai]").nth(1);
    // The rupee price, first or in brackets after the visitor's own (Accept-Language picks the region).
    await expect(answer).toContainText("₹14,999");
    await expect(answer.getByRole("link", { name: "STARTER plan" })).toHaveAttribute(
      "href",
      "/solutions/green",
    );
    await expect(page.getByTestId("chat-typing")).toHaveCount(0);
    await expect(input(page)).toBeEnabled();
    await expect(panel(page)).toHaveAttribute("data-expanded", "true");
    // The list scrolls to the newest message (after 100 ms).
    await expect
      .poll(() => log(page).evaluate((el) => Math.abs(el.scrollHeight - el.clientHeight - el.scrollTop) < 2))
      .toBe(true);

    await panel(page).getByRole("button", { name: CHAT_COPY.clear }).click();
    await expect(log(page).locator("[data-type=user]")).toHaveCount(0);
    await expect(panel(page)).not.toHaveAttribute("data-expanded", /.*/);
  });

  test("Shift+Enter is a new line; a failing server shows the spec's fallback", async ({ page }) => {
    await page.goto("/chat");
    await waitForHydration(page);
    await input(page).fill("first line");
    await input(page).press("Shift+Enter");
    await input(page).pressSequentially("second line");
    await expect(input(page)).toHaveValue("first line\nsecond line");
    await expect(log(page).locator("[data-type=user]")).toHaveCount(0);

    await page.route("**/api/chat/", (route) => route.fulfill({ status: 500, body: "{}" }));
    await input(page).press("Enter");
    await expect(log(page).locator("[data-type=user]")).toHaveText(/first line\nsecond line$/);
    await expect(log(page).locator("[data-type=ai]").nth(1)).toContainText(
      CHAT_COPY.connectionError("hello@ascendra.studio"),
    );
  });

  test("Talk to a person from the panel: a ticket number in the chat, and the WhatsApp link", async ({
    page,
  }) => {
    await page.goto("/chat");
    await waitForHydration(page);
    await input(page).fill("Can you build an app for my clinic?");
    await input(page).press("Enter");
    await expect(log(page).locator("[data-type=ai]")).toHaveCount(2);
    await panel(page).getByText(CHAT_COPY.handoffTitle).click();
    await expect(panel(page).getByRole("link", { name: CHAT_COPY.whatsapp })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/\d+\?text=/,
    );
    await panel(page).getByLabel(CHAT_COPY.handoffEmail).fill(`${uniqueName()}@example.com`);
    await panel(page).getByRole("button", { name: CHAT_COPY.handoffSubmit }).click();
    await expect(log(page).locator("[data-type=ai]").last()).toContainText(
      /our conversation is with the team as ticket #\d+/i,
    );
  });
});

test.describe("the home panel on a phone (390 x 844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  const launcher = (page: Page) => page.locator("#chat-open");
  const fillsTheScreen = (page: Page) =>
    panel(page).evaluate((el) => {
      const box = el.getBoundingClientRect();
      return [box.left, box.top, box.width, box.height].map(Math.round);
    });

  test("open, it takes the whole screen with a labelled Close button; Escape and Close close it", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByText(CHAT_COPY.open, { exact: true }).click();
    await expect(panel(page)).toBeVisible();
    await expect.poll(() => fillsTheScreen(page)).toEqual([0, 0, 390, 844]);
    // The Close button: an icon and its text, above the panel.
    const close = page.getByText(CHAT_COPY.close, { exact: true });
    await expect(close).toBeVisible();
    await expect(launcher(page).locator("svg")).toBeVisible();
    await expect(launcher(page)).toHaveAccessibleName(CHAT_COPY.close);
    // The launcher is on top at its own centre (polled: it has no box while the panel's opening re-renders it).
    await expect
      .poll(async () => {
        const box = await launcher(page).boundingBox();
        return (
          !!box &&
          (await page.evaluate(
            ([x, y]) => document.elementFromPoint(x!, y!)?.closest("#chat-open") !== null,
            [box.x + box.width / 2, box.y + box.height / 2],
          ))
        );
      })
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Escape, from the message box: closed, focus back on the launcher.
    await input(page).click();
    await page.keyboard.press("Escape");
    await expect(panel(page)).toBeHidden();
    await expect(launcher(page)).toBeFocused();
    await expect(launcher(page)).toHaveAccessibleName(CHAT_COPY.open);

    // The Close button.
    await launcher(page).click();
    await expect(panel(page)).toBeVisible();
    await close.click();
    await expect(panel(page)).toBeHidden();
    await expect(launcher(page)).toBeFocused();
  });

  test("the /chat page fits the phone, its message box in view", async ({ page }) => {
    await page.goto("/chat");
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(input(page)).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the Close button closes it too", async ({ page }) => {
      await page.goto("/");
      await page.getByText(CHAT_COPY.open, { exact: true }).click();
      await expect.poll(() => fillsTheScreen(page)).toEqual([0, 0, 390, 844]);
      await page.getByText(CHAT_COPY.close, { exact: true }).click();
      await expect(panel(page)).toBeHidden();
    });
  });
});

test.describe("chat assistant without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the home panel is a form: the conversation continues on /chat, follow-ups included, and clears", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByText(CHAT_COPY.open, { exact: true }).click();
    await input(page).fill("How much is the Starter plan?");
    await panel(page).getByRole("button", { name: CHAT_COPY.send }).click();

    await expect(page).toHaveURL(/\/chat#chat-end$/);
    await expect(log(page).locator("[data-type=user]")).toHaveText(/How much is the Starter plan\?$/);
    await expect(log(page).locator("[data-type=ai]").nth(1)).toContainText("₹14,999");

    await input(page).fill("And the Motion one?");
    await panel(page).getByRole("button", { name: CHAT_COPY.send }).click();
    await expect(log(page).locator("[data-type=ai]").nth(2)).toContainText("MOTION");
    await expect(
      log(page).locator("[data-type=ai]").nth(2).getByRole("link", { name: "MOTION plan" }),
    ).toHaveAttribute("href", "/solutions/yellow");

    await panel(page).getByRole("button", { name: CHAT_COPY.clear }).click();
    await expect(log(page).locator("[data-type=user]")).toHaveCount(0);
    await expect(log(page)).toContainText("executive AI");
  });
});

// "Talk to a person" with the whole conversation, and the team's reply (issue
// #38, item 7): one item in the staff inbox; the reply goes by email (the
// outbox) and shows in the chat when the visitor comes back.
for (const javaScriptEnabled of [true, false])
  test(`the conversation reaches the staff inbox as one item; the team's reply is in the chat on return (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const email = `${uniqueName("handoff")}@example.com`;
    const visitor = await newVisitor(browser, javaScriptEnabled);
    await visitor.goto("/chat");
    if (javaScriptEnabled) await waitForHydration(visitor);
    for (const [n, question] of [
      "How much is the Starter plan?",
      "Can you build an app for my clinic?",
    ].entries()) {
      await input(visitor).fill(question);
      await panel(visitor).getByRole("button", { name: CHAT_COPY.send }).click();
      await expect(log(visitor).locator("[data-type=ai]")).toHaveCount(n + 2);
    }
    await panel(visitor).getByText(CHAT_COPY.handoffTitle).click();
    await panel(visitor).getByLabel(CHAT_COPY.handoffEmail).fill(email);
    await panel(visitor).getByRole("button", { name: CHAT_COPY.handoffSubmit }).click();
    await expect(log(visitor).locator("[data-type=ai]").last()).toContainText(/ticket #\d+/);

    const staff = await newVisitor(browser, javaScriptEnabled);
    await signInAs(staff, E2E_STAFF, { javaScriptEnabled, redirectTo: "/admin" });
    await staff.goto(`/admin/inbox?q=${encodeURIComponent(email)}`);
    const row = staff.getByTestId("inbox-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Chat handoff");
    await row.getByRole("link", { name: email }).click();
    if (javaScriptEnabled) await waitForHydration(staff);
    // The whole conversation: both questions and both answers.
    await expect(staff.getByText(/Visitor: How much is the Starter plan\?/)).toBeVisible();
    await expect(staff.getByText(/Visitor: Can you build an app for my clinic\?/)).toBeVisible();
    await expect(staff.getByText(/₹14,999/)).toBeVisible();
    const answer = `We build clinic apps, ${uniqueName("r")}: shall we talk on Monday?`;
    await staff.getByLabel("Your reply").fill(answer);
    await staff.getByRole("button", { name: "Send reply" }).click();
    await expect(staff.getByText(`Reply sent to ${email}.`, { exact: false })).toBeVisible();
    await staff.goto(`/admin/outbox?q=${encodeURIComponent(email)}`);
    await expect(staff.getByTestId("outbox-row").first()).toBeVisible();
    await staff.context().close();

    // The visitor comes back: the reply is in the chat, after the hand-off.
    await visitor.goto("/chat");
    if (javaScriptEnabled) await waitForHydration(visitor);
    const last = log(visitor).locator("[data-type=ai]").last();
    await expect(last).toContainText(CHAT_COPY.staffReply(answer));
    await expect(last.getByRole("button", { name: CHAT_COPY.helpful, exact: true })).toHaveCount(0);
    await visitor.context().close();
  });
