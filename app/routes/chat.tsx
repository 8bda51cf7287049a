import { data, redirect } from "react-router";
import { askAssistant, currentConversation, handOffConversation } from "~models/chat/assistant.server";
import { clearConversations } from "~models/chat/conversations.server";
import { CHAT_API_MESSAGES, CHAT_COPY, CHAT_PAGE, MAX_QUERY_LENGTH } from "~models/chat/copy";
import { ChatHandoffSchema } from "~models/chat/handoff";
import { rateAnswer } from "~models/chat/feedback.server";
import { ChatFeedbackSchema, FEEDBACK_MESSAGES } from "~models/chat/gaps";
import { HONEYPOT_FIELD, isFilled } from "~models/forms/honeypot";
import { getSiteShell } from "~models/content/site-content.server";
import { whatsappUrl } from "~models/content/site-content";
import { ChatPanel } from "~/components/chat/chat-panel";
import { clientAddress, getChatAsker } from "~/lib/auth.server";
import { chatAskerOf } from "~/lib/member-summary.server";
import { getChatVisitor, requireChatVisitor } from "~/lib/chat-cookie.server";
import { requireForm } from "~/lib/body/form.server";
import { loaderHeaders } from "~/lib/route-headers";
import type { Route } from "./+types/chat";

// /chat: the assistant as a page. The home panel's forms post here when
// JavaScript is off; the conversation is the visitor's (chat cookie), so the
// page is never cached.
const NO_STORE = { "Cache-Control": "private, no-store" };

export const meta: Route.MetaFunction = () => [
  { title: `${CHAT_COPY.title} — Ascendra` },
  {
    name: "description",
    content:
      "Ask Ascendra's assistant about our services, plans, Creative Tokens and how to reach us. Every answer links to the page it came from.",
  },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { visitor, setCookie } = await getChatVisitor(request, await getChatAsker(request));
  const [{ site }, conversation] = await Promise.all([getSiteShell(), currentConversation(visitor)]);
  // The cookie's conversation may be another sign-in's: this browser forgets it.
  const headers = new Headers(NO_STORE);
  if (setCookie) headers.set("Set-Cookie", setCookie);
  return data({ ...conversation, email: site.emails.hello, whatsapp: whatsappUrl(site) }, { headers });
}

export const headers = loaderHeaders;

/** The home page's floating panel loads this module on first use and renders the same panel (see chat-slot.tsx). */

type ActionData = { error?: string; handoffError?: string };

export async function action({ request }: Route.ActionArgs) {
  const form = await requireForm(request);
  // The account answers speak for the organisation the person acts for (decision 0079).
  const asker = await chatAskerOf(request);
  const { visitor, setCookie } = await requireChatVisitor(request, asker);
  const back = () => redirect(`${CHAT_PAGE}#chat-end`, { headers: { "Set-Cookie": setCookie } });
  const fail = (body: ActionData, status: number) => data(body, { status, headers: NO_STORE });

  switch (form.get("intent")) {
    case "send": {
      // A suggestion button and the (empty) text box both send "message".
      const query =
        form
          .getAll("message")
          .map((v) => String(v).trim())
          .find(Boolean) ?? "";
      if (!query) return fail({ error: CHAT_API_MESSAGES.blankMessage }, 400);
      if (query.length > MAX_QUERY_LENGTH)
        return fail({ error: CHAT_API_MESSAGES.longQuery(MAX_QUERY_LENGTH) }, 400);
      const outcome = await askAssistant({
        query,
        continueLatest: true,
        visitor,
        clientAddress: clientAddress(request),
        user: asker,
        acceptLanguage: request.headers.get("accept-language"),
      });
      return outcome.status === "ok" ? back() : fail({ error: outcome.message }, 429);
    }
    case "clear":
      await clearConversations(visitor);
      return back();
    case "feedback": {
      // Helpful / Not helpful on an answer: the visitor's own answers only.
      const parsed = ChatFeedbackSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return fail({ error: parsed.error.issues[0]!.message }, 400);
      const rated = await rateAnswer(visitor, parsed.data.message_id, parsed.data.rating);
      if (!rated.ok) throw new Response(FEEDBACK_MESSAGES.notFound, { status: 404 });
      return redirect(`${CHAT_PAGE}#chat-msg-${parsed.data.message_id}`, {
        headers: { "Set-Cookie": setCookie },
      });
    }
    case "handoff": {
      if (isFilled(form.get(HONEYPOT_FIELD))) return back();
      const parsed = ChatHandoffSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return fail({ handoffError: parsed.error.issues[0]!.message }, 400);
      const outcome = await handOffConversation(
        { ...parsed.data, visitor, asker },
        { clientAddress: clientAddress(request), userId: asker?.id ?? null },
      );
      if (outcome.status === "ok") return back();
      return fail(
        {
          handoffError:
            outcome.status === "limited" ? outcome.message : Object.values(outcome.fieldErrors)[0]![0],
        },
        outcome.status === "limited" ? 429 : 400,
      );
    }
    default:
      throw new Response("Unknown form", { status: 400 });
  }
}

export default function Chat({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionData | undefined;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-5 py-10 lg:py-14">
      <header className="flex flex-col gap-2">
        <p className="font-display text-xs tracking-[0.3em] text-green uppercase">Assistant</p>
        <h1 className="font-display text-3xl font-bold tracking-tight sm:text-5xl">{CHAT_COPY.title}</h1>
        <p className="text-text-muted">
          Answers come from this site, with a link to the page each one is from. For anything else, the team
          is a message away.
        </p>
      </header>
      <ChatPanel
        key={loaderData.conversationId ?? "new"}
        variant="page"
        email={loaderData.email}
        whatsapp={loaderData.whatsapp}
        conversationId={loaderData.conversationId}
        messages={loaderData.messages}
        error={result?.error}
        handoffError={result?.handoffError}
      />
      <span id="chat-end" />
    </div>
  );
}
