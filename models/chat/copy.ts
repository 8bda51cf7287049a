// The assistant's words, in one place for the panel, the /chat page, the API
// and the tests. The fallback is the product's wording (docs/product.md, "Chat assistant"), word for word.

export const CHAT_COPY = {
  name: "Ascendra AI",
  title: "Chat with Ascendra AI",
  /** docs/product.md, "Chat assistant": introduces itself as the agency's executive AI and asks about the visitor's business. */
  welcome:
    "Hello! I'm Ascendra's executive AI. Tell me about your business: what do you do, and what would you like " +
    "your brand to achieve? I can answer questions about our services, plans, Creative Tokens and how to reach us.",
  suggestions: ["What do your monthly plans cost?", "How do Creative Tokens work?", "Where is your office?"],
  inputLabel: "Your message",
  placeholder: "Ask about services, plans, tokens…",
  send: "Send",
  clear: "Clear chat",
  open: "Chat with us",
  close: "Close chat",
  fullPage: "Open the full chat page",
  typing: "Ascendra AI is typing",
  sources: "Sources",
  /** Rating an answer (docs/decisions/0037). */
  rateQuestion: "Was this answer helpful?",
  helpful: "Helpful",
  notHelpful: "Not helpful",
  rated: "Thanks for the feedback.",
  you: "You",
  unknown:
    "I don't know that, I'm afraid: it isn't something our site covers, and I would rather not guess. " +
    "Would you like to talk to a person? Leave your email under “Talk to a person” and the team will reply, " +
    "or message us on WhatsApp.",
  greeting:
    "Hello! Tell me a little about your business and what you are looking for, or ask me about our services, " +
    "monthly plans, Creative Tokens or how to reach us.",
  business: "Thank you for telling me about your business! Here is where we could start:",
  thanks: "You're welcome! Is there anything else I can help you with?",
  handoffOffer:
    "Of course. Leave your email under “Talk to a person” and I will pass our conversation to the team " +
    "as a support ticket; a person from the studio will reply by email. You can also open a ticket on " +
    "Help & Support, or message us on WhatsApp.",
  /** Where else a person answers: the help page's tickets, and WhatsApp on the contact page. */
  handoffSources: [
    { title: "Help & Support", url: "/helpsupport" },
    { title: "Chat with us on WhatsApp", url: "/contact" },
  ],
  handoffTitle: "Talk to a person",
  handoffText: "We will send this conversation to our team as a support ticket and reply to your email.",
  handoffEmail: "Your email",
  handoffSubmit: "Send to the team",
  handoffDone: (ticket: number, email: string) =>
    `Thank you! Our conversation is with the team as ticket #${ticket}. They will reply to ${email}; we have emailed you a copy.`,
  /** A staff reply to the hand-off ticket, shown in the chat when the visitor comes back (also emailed). */
  staffReply: (body: string) => `The team replied (we emailed you this too): ${body}`,
  handoffSubject: "Chat assistant: a visitor asked to talk to a person",
  /** In a hand-off transcript to an address that is not the account's own, instead of each answer about the account. */
  accountAnswerLeftOut:
    "(An answer about the visitor's account is left out: those go only to the account's own email address.)",
  whatsapp: "Message us on WhatsApp",
  /** docs/product.md, "Chat assistant": a non-OK status or a network error. */
  connectionError: (email: string) =>
    `I apologize, but I'm having trouble connecting right now. Please try again or contact the agency directly at ${email}.`,
  /** docs/product.md, "Chat assistant": a failure outside the call gives a similar "having trouble right now" message. */
  outerError: (email: string) =>
    `I apologize, but I'm having trouble right now. Please try again or contact the agency directly at ${email}.`,
} as const;

export const CHAT_API_MESSAGES = {
  blankQuery: "query is required: send a question in the query field.",
  longQuery: (max: number) => `query must be at most ${max} characters.`,
  badConversationId: "conversation_id must be 1 to 100 letters, digits, underscores or dashes.",
  blankMessage: "Please type a message.",
  tooMany: (minutes: number) =>
    `You are sending messages too quickly. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
  noConversation: "There is no conversation to send yet: ask a question first.",
  failed: "The assistant could not answer",
} as const;

/** The longest question the assistant reads. */
export const MAX_QUERY_LENGTH = 1000;

/** docs/product.md, "Chat assistant": after a reply the message list scrolls to the bottom after 100 ms. */
export const CHAT_SCROLL_DELAY_MS = 100;

/** The JSON endpoints the chat panel calls (the first is the chat call of docs/product.md, "REST API"). */
export const CHAT_ENDPOINTS = {
  ask: "/api/chat/",
  handoff: "/api/chat/handoff/",
  clear: "/api/chat/clear/",
  feedback: "/api/chat/feedback/",
} as const;
/** Where the panel's form posts without JavaScript. */
export const CHAT_PAGE = "/chat";
