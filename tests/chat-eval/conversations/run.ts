// npm run eval:chat, the conversations part: scripted visitors talk to the
// assistant (answerFromContent, follow-ups included) and behave as visitors
// do: one who gets "I don't know" asks for a person, one whose answer lacks
// what they asked for rates it down, the others thank it (`confirm`) or
// leave. Each conversation is then classified as the back-office counts it
// (models/chat/resolution.ts), a day after its last answer, and the
// resolution rate is printed.
import { readFileSync } from "node:fs";
import path from "node:path";
import { answerFromContent } from "../../../models/chat/answer";
import type { ChatIndex, PreviousTurn } from "../../../models/chat/retrieval";
import {
  resolutionOf,
  resolutionRate,
  RESOLUTION_WAIT_MS,
  type ConversationOutcome,
} from "../../../models/chat/resolution";

type Conversation = { turns: { q: string; facts?: string[] }[]; confirm?: boolean };

export function runConversationEval(index: ChatIndex): void {
  const conversations = JSON.parse(
    readFileSync(path.join(import.meta.dirname, "conversations.json"), "utf8"),
  ) as Conversation[];
  const now = new Date();
  const lastAnswerAt = new Date(now.getTime() - RESOLUTION_WAIT_MS - 60_000);
  const outcomes: ConversationOutcome[] = [];
  const lines: string[] = [];
  for (const conversation of conversations) {
    const outcome: ConversationOutcome = {
      handedOff: false,
      answered: false,
      confirmed: false,
      lastRating: null,
      lastAnswerAt: null,
    };
    let previous: PreviousTurn | null = null;
    for (const turn of conversation.turns) {
      const answer = answerFromContent(index, turn.q, previous);
      if (!answer.found) {
        outcome.handedOff = true;
        break;
      }
      outcome.answered = true;
      outcome.lastAnswerAt = lastAnswerAt;
      const text = answer.response.toLowerCase();
      if (turn.facts?.some((fact) => !text.includes(fact.toLowerCase()))) {
        outcome.lastRating = "down";
        break;
      }
      previous = { query: turn.q, passageIds: answer.passageIds };
    }
    if (!outcome.handedOff && outcome.lastRating !== "down" && conversation.confirm) outcome.confirmed = true;
    outcomes.push(outcome);
    lines.push(
      `  ${resolutionOf(outcome, now).padEnd(11)} ${conversation.turns.map((t) => `"${t.q}"`).join(" → ")}`,
    );
  }
  const rate = resolutionRate(outcomes, now);
  console.log(`\nScripted conversations (tests/chat-eval/conversations/):\n${lines.join("\n")}`);
  console.log(
    `resolution rate ${rate.rate === null ? "n/a" : `${(100 * rate.rate).toFixed(1)}%`} (${rate.resolved}/${rate.counted}: confirmed ${rate.byResolution.confirmed}, left without asking for a person ${rate.byResolution.assumed}, asked for a person ${rate.byResolution["handed-off"]}, rated down ${rate.byResolution["rated-down"]})`,
  );
}
