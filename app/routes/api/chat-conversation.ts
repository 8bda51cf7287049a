import { handOffConversation } from "~models/chat/assistant.server";
import { clearConversations } from "~models/chat/conversations.server";
import { CHAT_API_MESSAGES } from "~models/chat/copy";
import { ChatHandoffSchema, conversationIdSchema } from "~models/chat/handoff";
import { rateAnswer } from "~models/chat/feedback.server";
import { ChatFeedbackSchema, FEEDBACK_MESSAGES } from "~models/chat/gaps";
import { HONEYPOT_FIELD, isFilled } from "~models/forms/honeypot";
import { apiError, fieldErrors, methodNotAllowed, withApiErrors } from "~/lib/api.server";
import { clientAddress, getChatAsker } from "~/lib/auth.server";
import { getChatVisitor, requireChatVisitor } from "~/lib/chat-cookie.server";
import { readJson } from "~/lib/body/json.server";
import { ownValue } from "~models/platform/lookup";
import type { Route } from "./+types/chat-conversation";

/**
 * The chat panel's other two calls, for the visitor's own conversation (chat cookie):
 * POST /api/chat/handoff/ {email, conversation_id?} → 201 {message, ticket_number, timestamp};
 * POST /api/chat/clear/ → 200 {cleared};
 * POST /api/chat/feedback/ {message_id, rating: "up"|"down"} → 200 {message_id, rating}, or 404
 * for an id that is not one of this visitor's answers.
 */
const ACTIONS: Record<string, (request: Request, body: Record<string, unknown>) => Promise<Response>> = {
  async handoff(request, body) {
    if (isFilled(body[HONEYPOT_FIELD])) return Response.json({ message: "Thank you!" }, { status: 201 });
    const parsed = ChatHandoffSchema.safeParse(body);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return Response.json({ ...errors, error: Object.values(errors)[0]![0] }, { status: 400 });
    }
    const id = conversationIdSchema.safeParse(body.conversation_id);
    const asker = await getChatAsker(request);
    const { visitor, setCookie } = await requireChatVisitor(request, asker);
    const outcome = await handOffConversation(
      { ...parsed.data, visitor, asker, conversationId: id.success ? id.data : null },
      { clientAddress: clientAddress(request), userId: asker?.id ?? null },
    );
    if (outcome.status === "limited")
      return apiError(429, outcome.message, { "Retry-After": String(outcome.retryAfterSeconds) });
    if (outcome.status === "invalid")
      return Response.json(
        { ...outcome.fieldErrors, error: Object.values(outcome.fieldErrors)[0]![0] },
        { status: 400 },
      );
    return Response.json(
      { message: outcome.message, ...outcome.extra },
      { status: 201, headers: { "Set-Cookie": setCookie } },
    );
  },
  async feedback(request, body) {
    const parsed = ChatFeedbackSchema.safeParse(body);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return Response.json({ ...errors, error: Object.values(errors)[0]![0] }, { status: 400 });
    }
    const { visitor } = await getChatVisitor(request, await getChatAsker(request));
    const rated = visitor ? await rateAnswer(visitor, parsed.data.message_id, parsed.data.rating) : null;
    if (!rated?.ok) return apiError(404, FEEDBACK_MESSAGES.notFound);
    return Response.json({ message_id: parsed.data.message_id, rating: rated.rating });
  },
  async clear(request) {
    const { visitor } = await getChatVisitor(request, await getChatAsker(request));
    return Response.json({ cleared: visitor ? await clearConversations(visitor) : 0 });
  },
};

export function action({ request, params }: Route.ActionArgs) {
  const handle = ownValue(ACTIONS, params.action);
  if (!handle) return apiError(404, "Not found.");
  return withApiErrors(CHAT_API_MESSAGES.failed, async () => {
    if (request.method !== "POST") return methodNotAllowed(request, ["POST"]);
    const body = await readJson(request);
    return body instanceof Response ? body : handle(request, body);
  });
}

export function loader({ request, params }: Route.LoaderArgs) {
  if (!ownValue(ACTIONS, params.action)) return apiError(404, "Not found.");
  return methodNotAllowed(request, ["POST"]);
}
