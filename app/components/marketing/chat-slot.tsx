import type { ChatPanelProps } from "../chat/chat-panel";

/**
 * The floating chat assistant on the home page (docs/product.md, "Chat assistant"). The server
 * renders the panel into this slot as plain HTML forms that post to /chat, so
 * it works without JavaScript. The home page is an island (decision 0021):
 * its script loads the panel's code when the visitor first focuses or clicks
 * the panel (../chat/wake.ts), and the panel takes over what the visitor had
 * typed. None of it is in the home page's initial JavaScript.
 */
export function ChatSlot({ html, props }: { html: string; props: ChatPanelProps }) {
  return (
    <div
      id="chat-assistant"
      className="chat-slot"
      data-testid="chat-slot"
      data-props={JSON.stringify(props)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
