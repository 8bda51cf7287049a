// npm run chat:export-faqs: the FAQ entries staff wrote in the back-office
// (/admin/chat-gaps) to seeds/chat-faqs.json, so they travel with the code and
// `npm run seed` loads them into another database (by id, idempotently).
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { listAllFaqs } from "../models/chat/faqs.server";
import { SEEDS_DIR } from "../models/platform/paths.server";
import { databaseConfig, loadEnv } from "../app/lib/env.server";
import { openDatabaseForScript } from "./open-database";

const env = loadEnv();
const handle = await openDatabaseForScript(databaseConfig(env, "npm run chat:export-faqs"));
try {
  const faqs = await listAllFaqs(handle.db);
  const entries = faqs.map((faq) => ({
    id: faq.id,
    question: faq.question,
    answer: faq.answer,
    ...(faq.link ? { link: faq.link } : {}),
  }));
  const file = path.join(SEEDS_DIR, "chat-faqs.json");
  await writeFile(file, `${JSON.stringify(entries, null, 2)}\n`);
  console.log(
    `${entries.length} FAQ entr${entries.length === 1 ? "y" : "ies"} written to ${path.relative(process.cwd(), file)}.`,
  );
} finally {
  await handle.close();
}
