// npm run eval:chat: asks the question set in tests/chat-eval/ against the
// seeded content (an in-memory database) and prints top-1 / top-3 source
// accuracy, the right-fact rate (questions with `facts`: every fact in the
// answer and the expected page in the top 3), the correct-decline rate
// (`expect: null`) and answer times. Exits 1 below the targets (top-1 90%,
// p95 50 ms).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { answerFromContent } from "../models/chat/answer";
import { rebuildChatIndex } from "../models/chat/index.server";
import type { ChatIndex } from "../models/chat/retrieval";
import { openDatabase, setDatabase } from "../models/platform/db.server";
import { runSeed } from "../models/views/seed.server";
import { runAccountEval } from "../tests/chat-eval/account/run";

type Question = { q: string; expect: string | null; after?: string; facts?: string[] };
const TARGET_TOP1 = 0.9;
const TARGET_P95_MS = 50;
/** Each question is timed this many times; p50/p95 are over every run. */
const TIMING_RUNS = 5;

const dir = path.resolve(import.meta.dirname, "../tests/chat-eval");
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .sort();
const questions = files.flatMap((file) =>
  (JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Question[]).map((q) => ({ ...q, file })),
);

const handle = await openDatabase({ kind: "pglite" });
setDatabase(handle);
await runSeed();
const index: ChatIndex = await rebuildChatIndex();
console.log(
  `${index.documents.size} passages from the seeded content; ${questions.length} questions in ${files.length} files.\n`,
);

/** The previous turn as the assistant stored it: the question and the passages that answered it. */
const previousTurn = (query: string) => ({ query, passageIds: answerFromContent(index, query).passageIds });

// Warm up (JIT), unmeasured.
for (const q of questions.slice(0, 10)) answerFromContent(index, q.q);

const times: number[] = [];
let top1 = 0;
let top3 = 0;
let withFacts = 0;
let rightFacts = 0;
let outOfScope = 0;
let declined = 0;
const misses: string[] = [];
const wrongFacts: string[] = [];
for (const question of questions) {
  const previous = question.after ? previousTurn(question.after) : null;
  let answer = answerFromContent(index, question.q, previous);
  for (let run = 0; run < TIMING_RUNS; run++) {
    const started = performance.now();
    answer = answerFromContent(index, question.q, previous);
    times.push(performance.now() - started);
  }

  const ranked = answer.candidates ?? answer.sources.map((s) => s.url);
  const first = answer.found ? (answer.sources[0]?.url ?? null) : null;
  const hit1 = question.expect === null ? !answer.found : first === question.expect;
  const hit3 = question.expect === null ? !answer.found : answer.found && ranked.includes(question.expect);
  if (hit1) top1++;
  if (hit3) top3++;
  if (question.expect === null) {
    outOfScope++;
    if (!answer.found) declined++;
  }
  if (question.facts?.length) {
    withFacts++;
    const text = answer.response.toLowerCase();
    const missing = question.facts.filter((fact) => !text.includes(fact.toLowerCase()));
    if (hit3 && !missing.length) rightFacts++;
    else
      wrongFacts.push(
        `  ${question.file}: "${question.q}" ${missing.length ? `lacks ${missing.map((f) => `"${f}"`).join(", ")}` : "right words"}${hit3 ? "" : `, ${question.expect} not in the top 3`}`,
      );
  }
  if (!hit1)
    misses.push(
      `  ${question.file}: "${question.q}" expected ${question.expect ?? "unknown"}, cited ${first ?? "unknown"}${hit3 ? " (in top 3)" : ""}`,
    );
}

times.sort((a, b) => a - b);
const percentile = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!;
const pct = (n: number) => `${((100 * n) / questions.length).toFixed(1)}%`;
if (misses.length) console.log(`Misses (top-1):\n${misses.join("\n")}\n`);
if (wrongFacts.length) console.log(`Wrong or missing facts:\n${wrongFacts.join("\n")}\n`);
const ratio = (n: number, of: number) =>
  of ? `${((100 * n) / of).toFixed(1)}% (${n}/${of})` : "no questions";
console.log(`questions       ${questions.length}`);
console.log(`top-1 accuracy  ${pct(top1)} (${top1}/${questions.length})`);
console.log(`top-3 accuracy  ${pct(top3)} (${top3}/${questions.length})`);
console.log(
  `right facts     ${ratio(rightFacts, withFacts)} (every fact in the answer, the page in the top 3)`,
);
console.log(`declines        ${ratio(declined, outOfScope)} of the out-of-scope questions`);
console.log(
  `answer time     p50 ${percentile(0.5).toFixed(2)} ms, p95 ${percentile(0.95).toFixed(2)} ms (${times.length} answers, no language model)`,
);
if (top1 / questions.length < TARGET_TOP1 || percentile(0.95) >= TARGET_P95_MS) {
  console.error(`\nBelow target: top-1 at least ${TARGET_TOP1 * 100}%, p95 under ${TARGET_P95_MS} ms.`);
  process.exitCode = 1;
}

// Questions a signed-in client asks about their own account (tests/chat-eval/account/).
await runAccountEval();
await handle.close();
