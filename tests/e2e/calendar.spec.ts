// Calendar invites (docs/decisions/0050), in a browser with JavaScript off and
// on: staff confirm an investor meeting from the inbox with the native form,
// and the client downloads the .ics from the dashboard's Meetings tab. The
// reschedule, the cancellation and the ownership checks are proven over HTTP
// (tests/http/journeys-calendar.test.ts) and in the integration suite.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import {
  confirmEmail,
  createAccount,
  expect,
  newVisitor,
  signIn,
  signInAs,
  test,
  uniqueName,
  waitForHydration,
} from "./fixtures";
import { E2E_STAFF } from "./staff-account";
import { seriousViolations } from "./axe";

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The unfolded values of one iCalendar property. */
const prop = (ics: string, name: string) =>
  ics
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))
    .map((line) => line.slice(line.indexOf(":") + 1));

async function settle(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await waitForHydration(page);
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`calendar invites with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    test.setTimeout(120_000);

    test("staff confirm an investor meeting; the client adds it to their calendar from the dashboard", async ({
      page,
      browser,
    }) => {
      const account = await createAccount(page);
      const sender = `Asha ${uniqueName("M")}`;
      // The request, as the /contact form's API takes it, from the address of the client's account.
      const sent = await page.request.post("/api/contact/investor-meeting/", {
        data: {
          company_name: "Rao Foods",
          your_name: sender,
          company_designation: "Founder",
          company_email: account.email,
          phone_country: "IN",
          phone_number: "98200 12345",
          meeting_type: "partner",
          meeting_agenda: "Distribution in Pune",
        },
      });
      expect(sent.status(), await sent.text()).toBe(201);

      const staff = await newVisitor(browser, javaScriptEnabled);
      await signInAs(staff, E2E_STAFF, { javaScriptEnabled, redirectTo: "/admin" });
      // Only a confirmed address collects what others booked with it (decision 0053).
      await confirmEmail(staff, page, account.email);
      await staff.goto(`/admin/inbox?q=${encodeURIComponent(sender)}`);
      await staff.getByTestId("inbox-row").getByRole("link", { name: sender }).click();
      await staff.getByRole("link", { name: "Meeting and invite" }).click();
      await expect(staff.getByRole("heading", { level: 1 })).toHaveText(
        "Partnership Discussion with Ascendra",
      );
      await settle(staff, javaScriptEnabled);
      await expect(staff.getByText("linked to their account")).toBeVisible();

      const form = staff.locator("form#meeting-confirm");
      await form.getByLabel("Date").fill(inDays(9));
      await form.getByLabel("Time", { exact: true }).fill("14:30");
      await form.getByLabel("Duration").selectOption("60");
      await form.getByLabel("Time zone").selectOption("Europe/London");
      await form.getByLabel("Meeting link (for a call)").fill("https://meet.example.com/rao-foods");
      await form
        .getByLabel("Note to the client (optional)")
        .fill("Ask reception for Priya; parking in B2, bay 14.");
      await form.getByRole("button", { name: "Confirm and send invite" }).click();
      await expect(
        staff.getByText(`Meeting confirmed. The invite is on its way to ${account.email}.`),
      ).toBeVisible();
      await expect(staff.getByTestId("confirmed-meeting")).toContainText("14:30 (Europe/London), 60 minutes");
      await expect(staff.locator("form#meeting-reschedule")).toBeVisible();
      // The page with a confirmed meeting (the access gate's axe run sees it only without one).
      if (javaScriptEnabled) expect(await seriousViolations(staff)).toEqual([]);

      // The agenda shows it.
      await staff
        .getByRole("navigation", { name: "Back-office" })
        .getByRole("link", { name: /^Agenda/ })
        .click();
      await expect(staff.getByTestId("agenda-row").filter({ hasText: sender })).toHaveCount(1);

      // The client finds it on the dashboard and downloads the invite.
      await signIn(page, account, javaScriptEnabled);
      await page.getByRole("link", { name: "Meetings" }).click();
      await expect(page.getByRole("heading", { name: "Meetings", level: 1 })).toBeVisible();
      const meeting = page.getByTestId("meeting");
      await expect(meeting).toHaveCount(1);
      await expect(meeting).toContainText("Partnership Discussion with Ascendra");
      await expect(meeting).toContainText("14:30 (Europe/London), 60 minutes");
      // Staff's note reaches the client's page and the invite (issue 35).
      await expect(meeting.getByTestId("meeting-note")).toContainText(
        "Ask reception for Priya; parking in B2, bay 14.",
      );
      if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([]);
      const downloading = page.waitForEvent("download");
      await meeting.getByRole("link", { name: /^Add to calendar:/ }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe("meeting.ics");
      const ics = await readFile((await download.path())!, "utf8");
      expect(prop(ics, "METHOD")).toEqual(["REQUEST"]);
      expect(prop(ics, "SEQUENCE")).toEqual(["0"]);
      expect(prop(ics, "URL")).toEqual(["https://meet.example.com/rao-foods"]);
      expect(prop(ics, "SUMMARY")).toEqual(["Partnership Discussion with Ascendra"]);
      expect(prop(ics, "DESCRIPTION")[0]).toContain("Ask reception for Priya\\; parking in B2\\, bay 14.");
      expect(prop(ics, "ATTENDEE")[0]).toMatch(new RegExp(`^mailto:${account.email}$`, "i"));
    });
  });
}
