// The public forms' no-JS journeys, posted as a browser without JavaScript
// posts them (moved from tests/e2e/public-forms.spec.ts, issue 17; the
// careers application with a CV stays there as this family's no-JS journey).
import { expect, test } from "vitest";
import { anonymous } from "./identities";
import { formText, isChecked, open, pdf, submit, valueOf } from "./journeys";

const tomorrow = () => new Date(Date.now() + 36 * 3600 * 1000).toISOString().slice(0, 10);

const company = {
  company_name: "Acme Spices",
  your_name: "Maya Rao",
  company_designation: "Founder",
  company_email: "maya@acme.example",
  phone_number: "98200 12345",
};

test.concurrent("contact: office visit", async () => {
  const page = await open(anonymous().visitor, "/contact");
  const first = await submit(
    page,
    page.form({ id: "office-visit" }),
    { company_name: "Acme Spices" },
    "CONFIRM BOOKING",
  );
  let form = first.page.form({ id: "office-visit" });
  expect(formText(form)).toContain("Please select a visit date");
  expect(formText(form)).toContain("Your name is required.");
  expect(valueOf(form, "company_name")).toBe("Acme Spices");
  expect(valueOf(form, "city")).toBe("Mumbai");
  expect(valueOf(form, "phone_country")).toBe("IN");

  const done = await submit(
    first.page,
    form,
    { ...company, company_address: "Sector 17, Vashi", visit_date: tomorrow() },
    "CONFIRM BOOKING",
  );
  form = done.page.form({ id: "office-visit" });
  expect(formText(form)).toContain(
    "Office visit booking submitted successfully! We will confirm your visit soon.",
  );
  expect(valueOf(form, "company_name")).toBe("");
  expect(formText(form)).toContain("We will confirm our availability to you through Email and WhatsApp.");
});

test.concurrent("contact: investor meeting", async () => {
  const page = await open(anonymous().visitor, "/contact");
  const first = await submit(page, page.form({ id: "investor-meeting" }), {}, "CONFIRM MEETING");
  let form = first.page.form({ id: "investor-meeting" });
  expect(formText(form)).toContain("Company name is required.");
  expect(valueOf(form, "meeting_type")).toBe("investor");
  const done = await submit(first.page, form, { ...company, connect_google_meet: "on" }, "CONFIRM MEETING");
  form = done.page.form({ id: "investor-meeting" });
  expect(formText(form)).toContain("Meeting request submitted successfully! Our team will contact you soon.");
  expect(isChecked(form, "connect_google_meet")).toBe(false);
});

test.concurrent("contact: quote", async () => {
  const page = await open(anonymous().visitor, "/contact");
  const first = await submit(
    page,
    page.form({ id: "service-quote" }),
    { ...company, additional_brief: "Too short" },
    "GET A QUOTE",
  );
  const form = first.page.form({ id: "service-quote" });
  expect(formText(form)).toContain("Please provide a more detailed description (at least 20 characters)");
  expect(formText(form)).toContain("Please select a service.");
  expect(valueOf(form, "additional_brief")).toBe("Too short");
  expect(formText(form)).toContain("9 / 20 characters minimum");

  const done = await submit(
    first.page,
    form,
    {
      selected_service: "graphic_design",
      selected_solution: "full_service",
      additional_brief: "A full rebrand for our spice range, packaging included.",
    },
    "GET A QUOTE",
  );
  expect(formText(done.page.form({ id: "service-quote" }))).toContain(
    "Service quote request submitted successfully! We will send you a detailed quote within 24-48 hours.",
  );
});

test.concurrent("investors: inquiry", async () => {
  const page = await open(anonymous().visitor, "/investorpage");
  const values = {
    full_name: "Ravi Menon",
    email_address: "ravi@fund.example",
    investment_interest: "serious",
    message: "Short note",
  };
  const first = await submit(page, page.form({ id: "investment-inquiry" }), values, "Send inquiry");
  first.page.expectText(
    "Please provide more details about your investment interest (at least 50 characters).",
  );
  const form = first.page.form({ id: "investment-inquiry" });
  expect(valueOf(form, "investor_type")).toBe("individual");
  const done = await submit(
    first.page,
    form,
    {
      message: "We back design-led studios and would like to learn more about your token model.",
    },
    "Send inquiry",
  );
  done.page.expectText("Thank you for your interest! We will be in touch soon.");
});

test.concurrent("support ticket", async () => {
  const page = await open(anonymous().visitor, "/createticket");
  const first = await submit(page, page.form({ id: "support-ticket" }), {}, "Create ticket");
  first.page.expectText("Email is required.");
  first.page.expectText("Subject is required.");
  const done = await submit(
    first.page,
    first.page.form({ id: "support-ticket" }),
    {
      email: "help@client.example",
      subject: "Invoice copy",
      type: "Billing",
      description: "Please resend March's invoice.",
    },
    "Create ticket",
  );
  expect(done.page.text).toMatch(/Ticket #\d+ created\. We have emailed you a copy and will reply soon\./);
});

test.concurrent("referral invite", async () => {
  const page = await open(anonymous().visitor, "/referrals");
  const values = {
    referrer_name: "Maya",
    referrer_email: "maya@acme.example",
    invitee_email: "maya@acme.example",
  };
  const first = await submit(page, page.form({ id: "referral" }), values, "Send invitation");
  first.page.expectText("Please invite someone other than yourself.");
  const done = await submit(
    first.page,
    first.page.form({ id: "referral" }),
    { invitee_email: "friend@brand.example" },
    "Send invitation",
  );
  done.page.expectText("Invitation sent to friend@brand.example. Thank you for spreading the word!");
  expect(done.page.testIdText("referral-code")).toMatch(/^[A-Z2-9]{8}$/);
});

test.concurrent("collaboration pitch: messages, the character count, then an attachment", async () => {
  const page = await open(anonymous().visitor, "/collabpage");
  const first = await submit(
    page,
    page.form({ id: "collaboration" }),
    {
      name: "T",
      email: "hi@type.example",
      collaboration_idea: "A typeface together.",
    },
    "Send pitch",
  );
  first.page.expectText("Name must be at least 2 characters long.");
  first.page.expectText("Please describe your idea in at least 100 characters.");
  first.page.expectText("20 / 100 characters minimum");
  const form = first.page.form({ id: "collaboration" });
  expect(valueOf(form, "collaboration_type")).toBe("other");
  const done = await submit(
    first.page,
    form,
    {
      name: "Type Co",
      collaboration_idea:
        "We run a type foundry and want to co-create a variable typeface for Indian scripts with your brand team, then launch it together.",
      attached_file: pdf("deck.pdf"),
    },
    "Send pitch",
  );
  done.page.expectText("Thank you for your collaboration idea! We'll be in touch soon.");
});

test.concurrent("newsletter in the footer", async () => {
  const page = await open(anonymous().visitor, "/services");
  const first = await submit(
    page,
    page.form({ action: "/newsletter", button: "Subscribe" }),
    { email: "not-an-email" },
    "Subscribe",
  );
  first.page.expectText("Please enter a valid email address.");
  // Without JavaScript the answer is a page whose main holds the box again.
  const box = first.page.forms().filter((f) => f.action === "/newsletter")[0]!;
  const done = await submit(first.page, box, { email: `reader${Date.now()}@news.example` }, "Subscribe");
  done.page.expectText("Almost there: check your inbox and confirm your subscription.");
});
