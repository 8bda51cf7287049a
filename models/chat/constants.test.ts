import { describe, expect, it } from "vitest";
import { CHAT_RATE_LIMIT } from "./assistant.server";
import { CHAT_RETENTION_MS, newConversationId } from "./conversations.server";
import { CHAT_COPY, CHAT_SCROLL_DELAY_MS, MAX_QUERY_LENGTH } from "./copy";
import { CHAT_INDEX_CHECK_INTERVAL_MS, CHAT_INDEX_FRESHNESS_MS } from "./search-index.server";
import { CHAT_LLM_TIMEOUT_MS, llmMessages } from "./llm.server";

describe("chat durations and limits", () => {
  it("scrolls to the newest message 100 ms after a reply (docs/product.md, 'Chat assistant')", () => {
    expect(CHAT_SCROLL_DELAY_MS).toBe(100);
  });
  it("waits 8 seconds for a language model, then answers on its own", () => {
    expect(CHAT_LLM_TIMEOUT_MS).toBe(8_000);
  });
  it("reads the content revision at most every 2 seconds, well inside the 10-second freshness promise", () => {
    expect(CHAT_INDEX_CHECK_INTERVAL_MS).toBe(2_000);
    expect(CHAT_INDEX_FRESHNESS_MS).toBe(10_000);
  });
  it("allows 30 messages per address in 10 minutes", () => {
    expect(CHAT_RATE_LIMIT).toEqual({ limit: 30, windowMs: 600_000 });
  });
  it("keeps a conversation 30 days after its last message", () => {
    expect(CHAT_RETENTION_MS).toBe(30 * 86_400_000);
  });
  it("reads questions up to 1000 characters", () => {
    expect(MAX_QUERY_LENGTH).toBe(1000);
  });
});

describe("chat copy", () => {
  it("has the spec's fallback message word for word (docs/product.md, 'Chat assistant')", () => {
    expect(CHAT_COPY.connectionError("hello@ascendra.studio")).toBe(
      "I apologize, but I'm having trouble connecting right now. Please try again or contact the agency directly at hello@ascendra.studio.",
    );
  });
  it("introduces itself as the agency's executive AI and asks about the visitor's business (docs/product.md, 'Chat assistant')", () => {
    expect(CHAT_COPY.welcome).toMatch(/executive AI/);
    expect(CHAT_COPY.welcome).toMatch(/your business/);
  });
  it("makes conversation ids as chat_ plus a timestamp (docs/product.md, 'Chat assistant')", () => {
    expect(newConversationId(1_790_000_000_000)).toBe("chat_1790000000000");
  });
});

describe("language model prompt", () => {
  it("hands over the passages and tells the model to answer only from them", () => {
    const messages = llmMessages({
      agency: "Ascendra",
      query: "How much is it?",
      passages: [
        {
          id: "plan:starter",
          title: "STARTER plan",
          url: "/solutions/green",
          text: "STARTER: ₹14,999 / month.",
        },
      ],
      history: [
        { type: "user", message: "Tell me about Starter" },
        { type: "ai", message: "STARTER: ₹14,999 / month." },
      ],
    });
    expect(messages[0]).toMatchObject({ role: "system" });
    expect(messages[0]!.content).toContain("ONLY the passages below");
    expect(messages[0]!.content).toContain("[1] STARTER plan (/solutions/green)\nSTARTER: ₹14,999 / month.");
    expect(messages.slice(1).map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(messages.at(-1)!.content).toBe("How much is it?");
  });
});
