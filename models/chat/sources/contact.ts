import { getProjectHelp } from "../../projects/dashboard-content.server";
import type { ProjectHelp } from "../../projects/dashboard";
import { CONTACT_MESSAGES } from "../../forms/contact";
import { getSiteShell } from "../../content/site-content.server";
import { whatsappUrl, type Site } from "../../content/site-content";
import type { ChatDocument, ChatSource } from "./types";

/** Contact details, the office, mailboxes, hours and WhatsApp (seeds/site.json, seeds/project-help.json). */
export function contactDocuments(site: Site, help: ProjectHelp | null): ChatDocument[] {
  const { emails } = site;
  const phone = help ? ` You can also call us on ${help.phone}.` : "";
  const docs: ChatDocument[] = [
    {
      id: "contact:details",
      title: "Contact details",
      url: "/contact",
      text:
        `Write to ${emails.hello} for anything general, ${emails.projects} for projects, ` +
        `${emails.careers} for careers and ${emails.support} for help and support.${phone}`,
      answers: ["how"],
      keywords: ["contact", "email", "phone", "reach", "touch", "address", "mailbox"],
    },
    {
      id: "contact:office",
      title: "Our registered office",
      url: "/contact#offline-meet",
      text:
        `Our registered office is at ${site.office.lines.join(", ")}. ` +
        `Book a visit with the Book our visit form on the contact page. ` +
        // The form takes a day after today ("can I come over today?").
        `Studio visits are booked from tomorrow on, not for the same day. ${CONTACT_MESSAGES.visitDay} ` +
        CONTACT_MESSAGES.visitConfirmation,
      answers: ["where", "how"],
      keywords: [
        "office",
        "address",
        "located",
        "location",
        "visit",
        "studio",
        "meet",
        "offline",
        "navi",
        "mumbai",
        "vashi",
        "book",
      ],
    },
    {
      id: "contact:whatsapp",
      title: "Chat with us on WhatsApp",
      url: "/contact",
      text: `We are available for chat, virtually 24*7, on WhatsApp at +${site.whatsapp} (${whatsappUrl(site)}).`,
      keywords: ["whatsapp", "chat", "message", "24*7", "available", "person", "human"],
    },
    {
      id: "contact:quote",
      title: "Get a quote",
      url: "/contact#get-a-quote",
      text:
        "Ask for a quote with the GET A QUOTE form on the contact page: pick a service and a solution " +
        "and describe your brief in at least 20 characters. A detailed quote reaches you within 24-48 hours.",
      answers: ["how", "duration"],
      keywords: ["quote", "quotation", "estimate", "proposal", "brief", "project", "start"],
    },
    {
      id: "contact:investors",
      title: "For investors and partners",
      url: "/contact#investors-partners",
      text:
        "Investors and partners can request a meeting with the FOR INVESTORS AND PARTNERS form on the contact page: " +
        "an investment opportunity, a partnership, a strategic alliance, a collaboration, an acquisition " +
        "or a joint venture, on Google Meet if you like. Our team will contact you soon.",
      answers: ["how", "who"],
      keywords: [
        "investor",
        "invest",
        "investment",
        "partner",
        "partnership",
        "alliance",
        "acquisition",
        "venture",
        "meeting",
      ],
    },
    {
      id: "contact:careers",
      title: "Careers",
      url: "/contact#careers",
      text: `Send your resume to ${emails.careers}, or see our open positions on the careers page.`,
      answers: ["how"],
      keywords: [
        "career",
        "job",
        "jobs",
        "hiring",
        "vacancy",
        "resume",
        "cv",
        "join",
        "work",
        "apply",
        "internship",
      ],
    },
    {
      id: "contact:projects",
      title: "Send us your project",
      // The contact page as a whole, as every visitor's question names it: the answer already holds
      // the address, and the mailboxes' section was a place only this passage knew (decision 0106).
      url: "/contact",
      text: `Send your project to ${emails.projects}, or ask for a quote with the GET A QUOTE form.`,
      keywords: ["project", "send", "brief", "files"],
    },
    {
      id: "contact:support",
      title: "Help & support",
      url: "/contact#help-support",
      text: `For help and support, chat with us, write to ${emails.support} or create a support ticket at /createticket.`,
      answers: ["how", "duration"],
      keywords: ["help", "support", "ticket", "problem", "issue", "complaint"],
    },
  ];
  if (help) {
    docs.push({
      id: "contact:hours",
      title: "Office hours",
      url: "/contact#help-support",
      text: `Our office hours are ${help.hours}. Call us on ${help.phone}. Chat on WhatsApp is available virtually 24*7.`,
      answers: ["when"],
      keywords: [
        "hours",
        "open",
        "opening",
        "timing",
        "time",
        "weekend",
        "saturday",
        "sunday",
        "monday",
        "friday",
        "holiday",
        "call",
        "phone",
      ],
    });
  }
  return docs;
}

export const contactSource: ChatSource = {
  name: "contact",
  load: async () => {
    const [{ site }, help] = await Promise.all([getSiteShell(), getProjectHelp()]);
    return contactDocuments(site, help);
  },
};
