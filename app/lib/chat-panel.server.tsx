import { renderToString } from "react-dom/server";
import { ChatPanel, type ChatPanelProps } from "~/components/chat/chat-panel";
import { routeModuleUrl } from "./client-assets.server";

/**
 * The home page's floating panel: its HTML, the props its code takes over
 * with, and where that code is (the /chat route's module). Rendered here so
 * the home route's JavaScript holds none of the panel. Always the empty,
 * welcome state: the home page is cached for every anonymous visitor
 * (decision 0009); the conversation itself lives on /chat.
 */
export function floatingChatPanel(options: { email: string; whatsapp: string }) {
  const props: ChatPanelProps = { variant: "floating", email: options.email, whatsapp: options.whatsapp, conversationId: null, messages: [] };
  // Development has no build manifest; Vite serves the route's source instead.
  const src = routeModuleUrl("routes/chat") ?? (import.meta.env.DEV ? "/app/routes/chat.tsx" : null);
  return { html: renderToString(<ChatPanel {...props} />), props, src };
}
