import { askAssistant } from "~models/chat/assistant.server";
import { CHAT_API_MESSAGES, MAX_QUERY_LENGTH } from "~models/chat/copy";
import { conversationIdSchema } from "~models/chat/handoff";
import { apiError, methodNotAllowed, withApiErrors } from "~/lib/api.server";
import { clientAddress } from "~/lib/auth.server";
import { chatAskerOf } from "~/lib/member-summary.server";
import { requireChatVisitor } from "~/lib/chat-cookie.server";
import { readJson } from "~/lib/body/json.server";
import type { Route } from "./+types/chat";

const invalid = (field: string, message: string) =>
  Response.json({ [field]: [message], error: message }, { status: 400 });

/**
 * POST /api/chat/ and the compatibility path /aizre-query-public (docs/product.md, "Chat assistant", "REST API"):
 * {query, conversation_id} → {response, sources, timestamp}. Follow-ups use
 * the conversation, which belongs to the visitor's chat cookie (set here).
 * A signed-in caller (`Authorization: Token …` or the session cookie) may ask
 * about their own account (models/chat/account.server.ts).
 */
export function action({ request }: Route.ActionArgs) {
  return withApiErrors(CHAT_API_MESSAGES.failed, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
    const body = await readJson(request);
    if (body instanceof Response) return body;
    const query = typeof body.query === "string" ? body.query.trim() : "";
    if (!query) return invalid("query", CHAT_API_MESSAGES.blankQuery);
    if (query.length > MAX_QUERY_LENGTH)
      return invalid("query", CHAT_API_MESSAGES.longQuery(MAX_QUERY_LENGTH));
    const rawId = body.conversation_id;
    const conversationId =
      rawId === undefined || rawId === null || rawId === "" ? null : conversationIdSchema.safeParse(rawId);
    if (conversationId && !conversationId.success)
      return invalid("conversation_id", CHAT_API_MESSAGES.badConversationId);

    // Questions about "my tokens", "my project"… are answered for the API token's or the session's
    // person, in the organisation they act for (its wallet and projects; their role's rights).
    const asker = await chatAskerOf(request, { api: true });
    const { visitor, setCookie } = await requireChatVisitor(request, asker);
    const outcome = await askAssistant({
      query,
      conversationId: conversationId?.data,
      visitor,
      clientAddress: clientAddress(request),
      user: asker,
      acceptLanguage: request.headers.get("accept-language"),
    });
    if (outcome.status === "limited")
      return apiError(429, outcome.message, { "Retry-After": String(outcome.retryAfterSeconds) });
    return Response.json(outcome.reply, {
      headers: { "Set-Cookie": setCookie, "Cache-Control": "no-store" },
    });
  });
}

export function loader({ request }: Route.LoaderArgs) {
  return methodNotAllowed(request, ["POST"]);
}
