import { retrieve, RETRIEVAL } from "../models/chat/retrieval";
import { openDatabase, setDatabase } from "../models/platform/db.server";
import { runSeed } from "../models/content/seed.server";
import { rebuildChatIndex } from "../models/chat/index.server";
import { correctSpelling } from "../models/chat/spelling";
const handle = await openDatabase({ kind: "pglite" }); setDatabase(handle); await runSeed();
const index = await rebuildChatIndex();
Object.assign(RETRIEVAL, JSON.parse(process.env.P ?? "{}"));
for (const q of process.argv.slice(2)) {
  const r = retrieve(index, q, null, 0);
  console.log(`\n${q} ⇒ ${correctSpelling(index.lexicon, q)}  ${r.status}`, r.status === "found" ? r.terms : "");
  if (r.status === "found") for (const x of r.ranked.slice(0, 5) as any[]) console.log(`  ${x.score.toFixed(2)} cov=${x.coverage.toFixed(2)} ex=${x.exact.toFixed(2)} sim=${x.similarity.toFixed(2)} ${x.document.id}`);
}
await handle.close();
