import { classes } from "~/lib/classes";
import type { CSSProperties, ReactNode } from "react";
import type { z } from "zod";
import { Link } from "react-router";
import {
  CONTACT_MESSAGES,
  InvestorMeetingSchema,
  OfficeVisitSchema,
  ServiceQuoteSchema,
} from "~models/forms/contact";
import { todayInAgencyTimeZone } from "~models/platform/form-fields";
import {
  submitInvestorMeeting,
  submitOfficeVisit,
  submitServiceQuote,
} from "~models/forms/submissions.server";
import { getSiteShell } from "~models/content/site-content.server";
import { WHATSAPP_PREFILL, whatsappUrl } from "~models/content/site-content";
import {
  InvestorMeetingForm,
  OfficeVisitForm,
  ServiceQuoteForm,
  type ContactFormName,
} from "~/components/contact/contact-forms";
import { BLINK_DURATION_MS, BLINK_INTERVAL_MS } from "~/lib/motion";
import { requireForm } from "~/lib/body/form.server";
import { handleFormPage, type Submit } from "~/lib/public-forms.server";
import { formPrefill } from "~/lib/form-prefill.server";
import type { Route } from "./+types/contact";

export const CONTACT_COPY = {
  title: "STAY CONNECTED",
  chatBanner: "WE ARE AVAILABLE FOR CHAT, VIRTUALLY 24*7",
  chatButton: "CHAT WITH US",
  chatPrefill: WHATSAPP_PREFILL,
  moreWays: "MORE WAYS TO CONNECT",
} as const;

/** The five tiles and the sections they scroll to (CSS scroll-margin keeps 100 px above). */
export const CONTACT_TILES = [
  { label: "OFFLINE MEET", href: "#offline-meet" },
  { label: "GET A QUOTE", href: "#get-a-quote" },
  { label: "INVESTORS / PARTNERS", href: "#investors-partners" },
  { label: "CAREERS", href: "#careers" },
  { label: "HELP & SUPPORT", href: "#help-support" },
] as const;

export const meta: Route.MetaFunction = () => [
  { title: "Contact — Ascendra" },
  {
    name: "description",
    content:
      "Visit our Navi Mumbai studio, request a quote, meet us as an investor or partner, or chat with the team.",
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const [{ site }, me] = await Promise.all([getSiteShell(), formPrefill(request)]);
  return { site, today: todayInAgencyTimeZone(), me };
}

const contactForm =
  <Schema extends z.ZodType>(form: ContactFormName, schema: Schema, submit: Submit<z.infer<Schema>>) =>
  (request: Request, formData: FormData) =>
    handleFormPage(request, { form, schema, submit, formData });

/** The page's three forms, by the "intent" each posts. */
const CONTACT_FORMS = {
  office_visit: contactForm("office_visit", OfficeVisitSchema, submitOfficeVisit),
  investor_meeting: contactForm("investor_meeting", InvestorMeetingSchema, submitInvestorMeeting),
  service_quote: contactForm("service_quote", ServiceQuoteSchema, submitServiceQuote),
};

const isContactForm = (intent: unknown): intent is ContactFormName =>
  typeof intent === "string" && Object.hasOwn(CONTACT_FORMS, intent);

export async function action({ request }: Route.ActionArgs) {
  const formData = await requireForm(request);
  const intent = formData.get("intent");
  if (!isContactForm(intent)) throw new Response("Unknown form", { status: 400 });
  return CONTACT_FORMS[intent](request, formData);
}

function ChatButton({ href }: { href: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-2 rounded-full bg-green px-6 py-3.5 text-sm font-semibold text-green-ink"
    >
      {CONTACT_COPY.chatButton}
      <span className="sr-only">(opens WhatsApp in a new tab)</span>
    </a>
  );
}

const section = "scroll-mt-[100px] rounded-3xl border border-border bg-surface p-6 sm:p-10";
const eyebrow = "font-display text-xs tracking-[0.3em] uppercase";
const link = "text-text underline underline-offset-4";

function MailLink({ address }: { address: string }) {
  return (
    <a className={link} href={`mailto:${address}`}>
      {address}
    </a>
  );
}

/** A small section that points to one of the agency's mailboxes. */
function MailboxSection({
  id,
  label,
  tone,
  title,
  children,
}: {
  id: string;
  label: string;
  tone: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={section}>
      <p className={`${eyebrow} mb-3 ${tone}`}>{label}</p>
      <h2 id={`${id}-title`} className="mb-3 font-display text-2xl font-semibold">
        {title}
      </h2>
      <p className="text-text-muted">{children}</p>
    </section>
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { site, today, me } = loaderData;
  const chatUrl = whatsappUrl(site);
  const blink = {
    "--blink-interval": `${BLINK_INTERVAL_MS}ms`,
    "--blink-duration": `${BLINK_DURATION_MS}ms`,
  } as CSSProperties;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-5 py-14 lg:px-8 lg:py-20">
      <header className="flex flex-col gap-4">
        <p className={`${eyebrow} text-green`}>Contact</p>
        <h1 className="font-display text-5xl font-bold tracking-tight sm:text-7xl">{CONTACT_COPY.title}</h1>
        <p className="max-w-2xl text-lg text-text-muted">
          Come by the studio, tell us about the brand you are building, or just say hello. A person reads
          every message.
        </p>
      </header>

      <section
        aria-labelledby="chat-banner"
        className="flex flex-col items-start gap-5 rounded-3xl bg-surface-raised p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8"
      >
        <p id="chat-banner" className="flex items-center gap-3 font-display text-lg font-semibold sm:text-xl">
          <span
            className="blink inline-block size-3 rounded-full bg-green"
            style={blink}
            aria-hidden="true"
          />
          {CONTACT_COPY.chatBanner}
        </p>
        <ChatButton href={chatUrl} />
      </section>

      <nav aria-labelledby="more-ways">
        <h2 id="more-ways" className={`${eyebrow} mb-4 text-text-muted`}>
          {CONTACT_COPY.moreWays}
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {CONTACT_TILES.map((tile) => (
            <li key={tile.href}>
              <a
                href={tile.href}
                className={classes(
                  "flex h-full min-h-20 items-end rounded-2xl border border-border p-4",
                  "font-display text-sm font-semibold transition-colors",
                  "hover:border-text-muted hover:bg-surface",
                )}
              >
                {tile.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      <section id="offline-meet" aria-labelledby="offline-meet-title" className={section}>
        <div className="mb-8 grid gap-6 lg:grid-cols-[1fr_1.4fr]">
          <div className="flex flex-col gap-3">
            <p className={`${eyebrow} text-yellow`}>Offline meet</p>
            <h2 id="offline-meet-title" className="font-display text-2xl font-semibold sm:text-3xl">
              OUR REGISTERED OFFICE
            </h2>
            <address className="text-text-muted not-italic">
              {site.office.lines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </div>
          <div className="flex flex-col gap-2">
            <h3 className="font-display text-lg font-semibold">Book our visit</h3>
            <p className="text-text-muted">{CONTACT_MESSAGES.visitDay}</p>
          </div>
        </div>
        <OfficeVisitForm actionData={actionData} today={today} me={me} />
      </section>

      <section id="investors-partners" aria-labelledby="investors-title" className={section}>
        <p className={`${eyebrow} mb-3 text-purple`}>Investors / partners</p>
        <h2 id="investors-title" className="mb-8 font-display text-2xl font-semibold sm:text-3xl">
          FOR INVESTORS AND PARTNERS
        </h2>
        <InvestorMeetingForm actionData={actionData} me={me} />
      </section>

      <section id="get-a-quote" aria-labelledby="quote-title" className={section}>
        <p className={`${eyebrow} mb-3 text-blue`}>Get a quote</p>
        <h2 id="quote-title" className="mb-2 font-display text-2xl font-semibold sm:text-3xl">
          GET A QUOTE
        </h2>
        <p className="mb-8 text-text-muted">A detailed quote reaches you within 24-48 hours.</p>
        <ServiceQuoteForm actionData={actionData} me={me} />
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <MailboxSection id="careers" label="Careers" tone="text-red" title="CAREERS">
          Send your resume to <MailLink address={site.emails.careers} /> or see our{" "}
          <Link className={link} to="/careerpage">
            open positions
          </Link>
          .
        </MailboxSection>
        <MailboxSection id="projects" label="Projects" tone="text-green" title="PROJECTS">
          Send your project to <MailLink address={site.emails.projects} />.
        </MailboxSection>
      </div>

      <section
        id="help-support"
        aria-labelledby="support-title"
        className={`${section} flex flex-col items-start gap-4`}
      >
        <p className={`${eyebrow} text-yellow`}>Help & support</p>
        <h2 id="support-title" className="font-display text-2xl font-semibold">
          HELP & SUPPORT
        </h2>
        <p className="text-text-muted">
          Chat with us, write to <MailLink address={site.emails.support} /> or{" "}
          <Link className={link} to="/createticket">
            create a support ticket
          </Link>
          .
        </p>
        <ChatButton href={chatUrl} />
      </section>
    </div>
  );
}
