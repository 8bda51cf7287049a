import { z } from "zod";
import { requiredEmail } from "../platform/form-fields";

// "Talk to a person": the visitor's email, asked for in the chat. Pure, so the
// panel, the /chat action and the API share it.

export const HANDOFF_MESSAGES = {
  email: "Please enter your email, so the team can reply.",
} as const;

export const ChatHandoffSchema = z.object({
  email: requiredEmail(HANDOFF_MESSAGES.email),
});

export type ChatHandoffInput = z.infer<typeof ChatHandoffSchema>;

/** conversation_id as clients send it: "chat_" plus a timestamp, or any short id of safe characters. */
export const conversationIdSchema = z.string().regex(/^[\w-]{1,100}$/);
