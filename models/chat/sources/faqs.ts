import { listFaqsWithQuestions, type ChatFaqWithQuestions } from "../faqs.server";
import { FAQ_DEFAULT_URL } from "../gaps";
import { topicTerms } from "../text";
import type { ChatDocument, ChatSource } from "./types";

/**
 * Answers staff wrote for the assistant's gaps (/admin/chat-gaps): the
 * question is the passage's title, and every visitor question of the gap
 * groups it answered is one of its phrasings (searched as keywords and
 * matched by meaning one by one), so the words that raised the gap, and their
 * paraphrases, find it; the answer is what the assistant quotes, citing the
 * entry's page.
 */
function faqDocuments(
  faqs: Pick<ChatFaqWithQuestions, "id" | "question" | "answer" | "link" | "askedAs">[],
): ChatDocument[] {
  return faqs.map((faq) => {
    const phrasings = [...new Set([faq.question, ...faq.askedAs])];
    return {
      id: `chat-faq:${faq.id}`,
      title: faq.question,
      url: faq.link || FAQ_DEFAULT_URL,
      text: faq.answer,
      keywords: [...new Set(phrasings.flatMap((q) => topicTerms(q)))],
      phrasings,
    };
  });
}

export const faqsSource: ChatSource = {
  name: "faqs",
  load: async () => faqDocuments(await listFaqsWithQuestions()),
};
