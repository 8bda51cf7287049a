// npm run eval:chat, the account part: creates the fixture client in the
// script's database, asks every question in questions.json as that client
// (answerAccountQuestion on the fixture's fixed clock), as an anonymous
// visitor, and through the whole assistant, and prints how many answers hold
// their facts and none of the other client's.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { accountTopics, asksWhereToLook } from "../../../models/chat/account";
import { answerAccountQuestion } from "../../../models/chat/account.server";
import { askAssistant } from "../../../models/chat/assistant.server";
import { ACCOUNT_EVAL_NOW, createAccountFixture, OTHER_CLIENT_FACTS } from "./fixture";

type AccountQuestion = { q: string; facts: string[]; absent?: string[] };

const lower = (s: string) => s.toLowerCase();

export async function runAccountEval(): Promise<void> {
  const questions = JSON.parse(
    readFileSync(path.join(import.meta.dirname, "questions.json"), "utf8"),
  ) as AccountQuestion[];
  const { clientId } = await createAccountFixture();
  const asker = { id: clientId, role: "client" as const };

  let right = 0;
  let signIn = 0;
  let routed = 0;
  let leaks = 0;
  const wrong: string[] = [];
  for (const [i, question] of questions.entries()) {
    const answer = await answerAccountQuestion(question.q, asker, { now: ACCOUNT_EVAL_NOW });
    const text = lower(answer?.response ?? "");
    const missing = question.facts.filter((fact) => !text.includes(lower(fact)));
    const leaked = [...OTHER_CLIENT_FACTS, ...(question.absent ?? [])].filter((fact) =>
      text.includes(lower(fact)),
    );
    if (leaked.length) leaks++;
    if (answer && !missing.length && !leaked.length) right++;
    else
      wrong.push(
        `  "${question.q}" ${answer ? `→ "${answer.response}"` : "not recognised"}${missing.length ? `; lacks ${missing.map((f) => `"${f}"`).join(", ")}` : ""}${leaked.length ? `; CONTAINS ${leaked.map((f) => `"${f}"`).join(", ")}` : ""}`,
      );

    const anonymous = await answerAccountQuestion(question.q, null);
    if (anonymous?.sources.some((s) => s.url === "/login")) signIn++;

    // The whole path (real clock): the assistant answers from the account, not the content.
    const whole = await askAssistant({
      query: question.q,
      visitor: `account-eval-${i}`,
      clientAddress: `account-eval-${i}`,
      user: { ...asker, email: "account-eval@example.com", signInHash: `account-eval-${i}` },
    });
    if (
      whole.status === "ok" &&
      whole.reply.sources.some((s) => s.url.startsWith("/dashboard2") || s.url.startsWith("/project/"))
    )
      routed++;
  }

  // The site questions one level up must stay with the content.
  const siteDir = path.join(import.meta.dirname, "..");
  const taken = readdirSync(siteDir)
    .filter((f) => f.endsWith(".json"))
    .flatMap((f) =>
      (JSON.parse(readFileSync(path.join(siteDir, f), "utf8")) as { q: string }[]).map((q) => q.q),
    )
    .filter((q) => accountTopics(q).length);
  if (taken.length)
    console.log(`\nSite questions taken as account questions:\n${taken.map((q) => `  "${q}"`).join("\n")}`);

  const ratio = (n: number) => `${((100 * n) / questions.length).toFixed(1)}% (${n}/${questions.length})`;
  if (wrong.length) console.log(`\nAccount answers without their facts:\n${wrong.join("\n")}`);
  console.log(`\naccount facts  ${ratio(right)} (every fact, none of the other client's)`);
  console.log(`account leaks  ${leaks} answers with another client's data`);
  console.log(`sign-in asks   ${ratio(signIn)} of the same questions from an anonymous visitor`);
  console.log(
    `account routed ${ratio(routed)} through askAssistant (answered from the account, not the content)`,
  );
  const lookUps = taken.filter(asksWhereToLook).length;
  console.log(
    `site questions ${taken.length} content questions answered from the account when signed in (${lookUps} "where do i find…", still the content's for visitors)`,
  );
  if (leaks) process.exitCode = 1;
}
