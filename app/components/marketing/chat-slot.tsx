import { type ComponentType, type SyntheticEvent, useState } from "react";
import type { ChatPanelProps, PanelSnapshot } from "../chat/chat-panel";

type ChatPageModule = { handle: { ChatPanel: ComponentType<ChatPanelProps>; snapshot: (slot: HTMLElement) => PanelSnapshot } };
type Live = { Panel: ComponentType<ChatPanelProps>; restore: PanelSnapshot };

/**
 * The floating chat assistant on the home page (spec 000 §2). The server
 * renders the panel into this slot as plain HTML forms that post to /chat, so
 * it works without JavaScript. Its code is the /chat page's route module
 * (`src`), imported when the visitor first focuses or clicks the panel; it
 * then renders the same panel, taking over what the visitor had typed. None
 * of it is in the home page's initial JavaScript
 * (docs/decisions/0015-chat-assistant.md).
 */
export function ChatSlot({ html, props, src }: { html: string; props: ChatPanelProps; src: string | null }) {
  const [live, setLive] = useState<Live | null>(null);
  const wake = (event: SyntheticEvent<HTMLDivElement>) => {
    const slot = event.currentTarget;
    // A non-literal import: the module is already built, and Vite adds no preload helper.
    if (src && !live) void import(/* @vite-ignore */ src).then(({ handle }: ChatPageModule) => setLive((now) => now ?? { Panel: handle.ChatPanel, restore: handle.snapshot(slot) }));
  };
  return live ? (
    <div id="chat-assistant" className="chat-slot" data-testid="chat-slot">
      <live.Panel {...props} restore={live.restore} />
    </div>
  ) : (
    <div id="chat-assistant" className="chat-slot" data-testid="chat-slot" onFocus={wake} onClick={wake} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
