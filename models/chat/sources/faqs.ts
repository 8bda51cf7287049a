import { listAllFaqs, type ChatFaq } from "../faqs.server";
import { FAQ_DEFAULT_URL } from "../gaps";
import { topicTerms } from "../text";
import type { ChatDocument, ChatSource } from "./types";

/**
 * Answers staff wrote for the assistant's gaps (/admin/chat-gaps): the
 * question is the passage's title, so a visitor's wording of it finds it; the
 * answer is what the assistant quotes, citing the entry's page.
 */
function faqDocuments(faqs: Pick<ChatFaq, "id" | "question" | "answer" | "link">[]): ChatDocument[] {
  return faqs.map((faq) => ({
    id: `chat-faq:${faq.id}`,
    title: faq.question,
    url: faq.link || FAQ_DEFAULT_URL,
    text: faq.answer,
    keywords: topicTerms(faq.question),
  }));
}

export const faqsSource: ChatSource = {
  name: "faqs",
  load: async () => faqDocuments(await listAllFaqs()),
};
