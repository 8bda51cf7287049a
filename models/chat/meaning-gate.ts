import { gateProbability, type GateModel } from "./gate";
import meaningWeights from "./meaning-gate-weights.json";

// The meaning gate (decision 0093): a logistic regression over the sentence
// encoder's vector of a question (./encoder.server.ts), trained offline on the
// tuning set's in-scope and off-topic questions by `npm run chat:train-meaning`
// (scripts/train-chat-meaning.ts) and read from ./meaning-gate-weights.json.
// It only takes answers away: a question the word rules answer is declined
// when the gate is sure enough that it is about something the agency does not
// do ("fee for a gym membership", "catering for my wedding"). It never answers
// a question the rules decline: cross-validated, that answered more off-topic
// questions than it saved in-scope ones.

/** The model and the least P(off-topic) that declines; a setting, so that the training script can score each fold. */
export const MEANING_GATE: { model: GateModel; threshold: number } = {
  model: meaningWeights as GateModel,
  threshold: 0.9,
};

/** P(off-topic) for a question's sentence vector. */
export function offTopicProbability(
  vector: ArrayLike<number>,
  model: GateModel = MEANING_GATE.model,
): number {
  return gateProbability(model, Array.from(vector));
}

/** Whether the gate declines a question the rules would answer. */
export function meaningDeclines(vector: ArrayLike<number>): boolean {
  return offTopicProbability(vector) > MEANING_GATE.threshold;
}
