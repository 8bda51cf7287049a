import { renderToString } from "react-dom/server";
import { ChatPanel, type ChatPanelProps } from "~/components/chat/chat-panel";

/**
 * The home page's floating panel: its HTML and the props its code takes over
 * with (the home island loads that code on first use; decision 0021). Always the empty,
 * welcome state: the home page is cached for every anonymous visitor
 * (decision 0009); the conversation itself lives on /chat.
 */
export function floatingChatPanel(options: { email: string; whatsapp: string }) {
  const props: ChatPanelProps = {
    variant: "floating",
    email: options.email,
    whatsapp: options.whatsapp,
    conversationId: null,
    messages: [],
  };
  return { html: renderToString(<ChatPanel {...props} />), props };
}
