import { log } from "../platform/log.server";
import type { ChatDocument } from "./sources/types";

// Optional: an OpenAI-compatible chat completions endpoint (CHAT_LLM_URL) that
// rewrites the retrieved passages into a conversational answer. It is told to
// answer only from them. Never required: without it, on an error, or after
// CHAT_LLM_TIMEOUT_MS, the assistant answers with the passages themselves.

/** How long the assistant waits for the language model before answering on its own. */
export const CHAT_LLM_TIMEOUT_MS = 8_000;

export type ChatLlmConfig = { url: string; key?: string; model: string; timeoutMs?: number };

let config: ChatLlmConfig | null = null;

/** Set at boot from CHAT_LLM_URL / CHAT_LLM_KEY / CHAT_LLM_MODEL; null turns it off. */
export function configureChatLlm(next: ChatLlmConfig | null): void {
  config = next;
}

export function chatLlmConfig(): ChatLlmConfig | null {
  return config;
}

export type LlmTurn = { type: "user" | "ai"; message: string };

export function llmMessages(input: {
  agency: string;
  query: string;
  passages: ChatDocument[];
  history: LlmTurn[];
}) {
  const context = input.passages.map((p, i) => `[${i + 1}] ${p.title} (${p.url})\n${p.text}`).join("\n\n");
  const system =
    `You are ${input.agency}'s executive AI on the agency's website. Answer the visitor's last message using ONLY the passages below, ` +
    `in at most 120 words, in plain text. Quote prices, numbers and rules exactly as the passages state them. ` +
    `If the passages do not answer the question, say that you don't know and offer to connect the visitor with a person. ` +
    `Never invent services, prices, dates or contact details.\n\nPassages:\n${context}`;
  return [
    { role: "system", content: system },
    ...input.history.map((turn) => ({
      role: turn.type === "user" ? "user" : "assistant",
      content: turn.message,
    })),
    { role: "user", content: input.query },
  ];
}

/** The model's answer, or null (not configured, slow, failing or empty) so the caller falls back. */
export async function askLanguageModel(
  input: { agency: string; query: string; passages: ChatDocument[]; history: LlmTurn[] },
  settings: ChatLlmConfig | null = config,
): Promise<string | null> {
  if (!settings) return null;
  try {
    const response = await fetch(settings.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(settings.key ? { Authorization: `Bearer ${settings.key}` } : {}),
      },
      body: JSON.stringify({
        model: settings.model,
        messages: llmMessages(input),
        temperature: 0.2,
        max_tokens: 400,
      }),
      signal: AbortSignal.timeout(settings.timeoutMs ?? CHAT_LLM_TIMEOUT_MS),
    });
    if (!response.ok) {
      log().warn({ status: response.status }, "Chat language model failed; answering from the passages");
      return null;
    }
    const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
    const content = body.choices?.[0]?.message?.content;
    return typeof content === "string" && content.trim() ? content.trim().slice(0, 4000) : null;
  } catch (error) {
    log().warn({ reason: (error as Error).name }, "Chat language model failed; answering from the passages");
    return null;
  }
}
