// Calendar invites over HTTP, posted as a browser without JavaScript posts
// them (docs/decisions/0050): a visitor books an office visit with the address
// of their account; staff confirm it from the inbox, move it and cancel it;
// the invite is in the outbox with its .ics; the client downloads the .ics
// from the dashboard and another client cannot.
import { expect, test } from "vitest";
import { uniqueName } from "./client";
import { anonymous, client, confirmEmail, staff } from "./identities";
import { attr, textOf } from "./html";
import { open, submit } from "./journeys";
import { accessOf, DECLARED_ACCESS } from "../harness/policy";

const squash = (text: string) => text.replace(/\s+/g, " ").trim();
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The unfolded values of one iCalendar property. */
const prop = (ics: string, name: string) =>
  ics
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n")
    .filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))
    .map((line) => line.slice(line.indexOf(":") + 1));

test("the calendar routes have the access the policy declares", () => {
  for (const [pattern, access] of Object.entries(DECLARED_ACCESS))
    expect(accessOf({ pattern }, []), pattern).toBe(access);
});

test.concurrent(
  "staff confirm, move and cancel an office visit without JavaScript; the client downloads the .ics",
  async () => {
    const [account, stranger, lead] = await Promise.all([client("calendar"), client("calother"), staff()]);
    // Only a confirmed address collects what others booked with it (decision 0053).
    await confirmEmail(account, lead);
    const name = `Asha ${uniqueName("V")}`;

    // A visitor (signed out) books a visit with the address of the account.
    const contact = await open(anonymous().visitor, "/contact");
    const booked = await submit(
      contact,
      contact.form({ id: "office-visit" }),
      {
        company_name: "Rao Foods",
        your_name: name,
        company_designation: "Founder",
        company_email: account.email!,
        phone_number: "98200 12345",
        company_address: "Sector 17, Vashi",
        visit_date: inDays(6),
      },
      "CONFIRM BOOKING",
    );
    booked.page.expectText("Office visit booking submitted successfully!");

    // Staff find it in the inbox and confirm a time.
    const inbox = await open(lead.visitor, `/admin/inbox?type=office_visit&q=${encodeURIComponent(name)}`);
    const rows = inbox.byTestId("inbox-row");
    expect(rows).toHaveLength(1);
    const item = await open(lead.visitor, inbox.links(name)[0]!);
    let page = await open(lead.visitor, item.links("Meeting and invite")[0]!);
    page.expectText("linked to their account");
    const missing = await submit(
      page,
      page.form({ id: "meeting-confirm" }),
      { location: "" },
      "Confirm and send invite",
    );
    expect(missing.status).toBe(400);
    missing.page.expectText("Please give the address of the meeting.");
    const confirmed = await submit(
      missing.page,
      missing.page.form({ id: "meeting-confirm" }),
      {
        date: inDays(7),
        time: "10:00",
        duration: "45",
        time_zone: "Asia/Kolkata",
        location: "Plot 12, Vashi",
      },
      "Confirm and send invite",
    );
    expect(confirmed.status).toBe(200);
    confirmed.page.expectText(`Meeting confirmed. The invite is on its way to ${account.email}.`);
    expect(squash(textOf(confirmed.page.byTestId("confirmed-meeting")[0]!))).toContain(
      "10:00 (Asia/Kolkata), 45 minutes",
    );
    page = confirmed.page;

    // The agenda lists it.
    const agenda = await open(lead.visitor, "/admin/agenda");
    expect(
      agenda
        .byTestId("agenda-row")
        .map((row) => squash(textOf(row)))
        .join(" | "),
    ).toContain(name);

    // The client's Meetings tab offers the .ics; it is theirs alone.
    const tab = await open(account.visitor, "/dashboard2/meetings");
    expect(tab.byTestId("meeting")).toHaveLength(1);
    const href = tab.links(/^Add to calendar:/)[0]!;
    expect(href).toMatch(/^\/dashboard2\/meetings\/[0-9a-f-]{36}\/invite\.ics$/);
    const file = await account.visitor.get(href);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="meeting.ics"');
    const ics = await file.text();
    expect(prop(ics, "METHOD")).toEqual(["REQUEST"]);
    expect(prop(ics, "SEQUENCE")).toEqual(["0"]);
    expect(prop(ics, "DTSTART")).toEqual([`${inDays(7).replace(/-/g, "")}T043000Z`]);
    const uid = prop(ics, "UID")[0]!;
    const theirs = await stranger.visitor.get(href);
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).not.toContain(uid);
    const anonymousTry = await anonymous().visitor.get(href);
    expect([302, 303]).toContain(anonymousTry.status);
    expect((await stranger.visitor.get("/dashboard2/meetings").then((r) => r.text())).includes(name)).toBe(
      false,
    );

    // Move it: same UID, SEQUENCE 1.
    const moved = await submit(
      page,
      page.form({ id: "meeting-reschedule" }),
      { time: "15:30" },
      "Move and send update",
    );
    expect(moved.status).toBe(200);
    moved.page.expectText(`Meeting moved. The updated invite is on its way to ${account.email}.`);
    const after = await (await account.visitor.get(href)).text();
    expect(prop(after, "UID")).toEqual([uid]);
    expect(prop(after, "SEQUENCE")).toEqual(["1"]);
    expect(prop(after, "DTSTART")).toEqual([`${inDays(7).replace(/-/g, "")}T100000Z`]);

    // The outbox holds the update with its .ics, which staff can download.
    const outbox = await open(lead.visitor, `/admin/outbox?q=${encodeURIComponent(account.email!)}`);
    const email = await open(lead.visitor, outbox.links(/^Updated: Office visit/)[0]!);
    const attachment = email.byTestId("email-attachment");
    expect(attachment).toHaveLength(1);
    const sent = await lead.visitor.get(attr(attachment[0]!, "href")!);
    expect(sent.status).toBe(200);
    expect(await sent.text()).toBe(after);
    expect((await account.visitor.get(attr(attachment[0]!, "href")!)).status).toBe(404);

    // Cancel it: METHOD:CANCEL with the same UID.
    const cancelled = await submit(
      moved.page,
      moved.page.form({ id: "meeting-cancel" }),
      { note: "The office is closed that day." },
      "Cancel the meeting",
    );
    expect(cancelled.status).toBe(200);
    cancelled.page.expectText(`Meeting cancelled. ${account.email} has been sent the cancellation.`);
    const gone = await (await account.visitor.get(href)).text();
    expect(prop(gone, "METHOD")).toEqual(["CANCEL"]);
    expect(prop(gone, "UID")).toEqual([uid]);
    expect(prop(gone, "SEQUENCE")).toEqual(["2"]);
  },
);
