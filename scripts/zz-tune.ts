import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { answerFromContent } from "../models/chat/answer";
import { RETRIEVAL, RETRIEVAL_SIGNALS, buildChatIndex } from "../models/chat/retrieval";
import { seededChatDocuments } from "../models/chat/testing";
import { loadWordVectors } from "../models/chat/vectors.server";
import { openDatabase, setDatabase } from "../models/platform/db.server";
import { runSeed } from "../models/content/seed.server";
import { rebuildChatIndex } from "../models/chat/index.server";
type Q = { q: string; expect: string | null; also?: string[]; after?: string; facts?: string[] };
const dir = path.resolve("tests/chat-eval/tuning");
const qs: Q[] = readdirSync(dir).filter((f) => f.endsWith(".json")).flatMap((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")));
const handle = await openDatabase({ kind: "pglite" }); setDatabase(handle); await runSeed();
const index = await rebuildChatIndex();
function score() {
  let facts = 0, nf = 0, dec = 0, nd = 0, top1 = 0;
  const bad: string[] = [];
  for (const q of qs) {
    const prev = q.after ? { query: q.after, passageIds: answerFromContent(index, q.after).passageIds } : null;
    const a = answerFromContent(index, q.q, prev);
    const acc = q.expect === null ? [] : [q.expect, ...(q.also ?? [])];
    const first = a.found ? a.sources[0]?.url ?? null : null;
    if (q.expect === null) { nd++; if (!a.found) dec++; else bad.push(`OFF ${q.q} → ${first}`); if (!a.found) top1++; continue; }
    if (first && acc.includes(first)) top1++;
    if (q.facts?.length) { nf++; const t = a.response.toLowerCase(); const hit3 = a.found && (a.candidates ?? []).slice(0, 3).some((u) => acc.includes(u)); if (hit3 && q.facts.every((f) => t.includes(f.toLowerCase()))) facts++; else bad.push(`MISS ${q.q} → ${first}`); }
  }
  return { facts: `${facts}/${nf}`, dec: `${dec}/${nd}`, top1: `${top1}/${qs.length}`, sum: facts / nf + dec / nd, bad };
}
const grid = JSON.parse(process.argv[2] ?? "{}") as Record<string, number[]>;
const show = process.argv.includes("--bad");
const keys = Object.keys(grid);
const combos: Record<string, number>[] = [{}];
for (const k of keys) { const next: Record<string, number>[] = []; for (const c of combos) for (const v of grid[k]!) next.push({ ...c, [k]: v }); combos.splice(0, combos.length, ...next); }
for (const sig of [[false,false,false],[true,false,false],[false,true,false],[false,false,true],[true,true,false],[true,true,true]] as const) {
  if (process.argv.includes("--both") && !(sig[0] && sig[1] && sig[2])) continue;
  RETRIEVAL_SIGNALS.softMatches = sig[0]; RETRIEVAL_SIGNALS.similarity = sig[1]; RETRIEVAL_SIGNALS.novelWords = sig[2];
  for (const c of combos) { Object.assign(RETRIEVAL, c); const r = score(); console.log(`soft=${sig[0]} sim=${sig[1]} novel=${sig[2]}`, JSON.stringify(c), r.facts, r.dec, r.top1, r.sum.toFixed(3)); if (show) console.log(r.bad.join("\n")); }
}
await handle.close();
