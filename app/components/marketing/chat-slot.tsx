/**
 * Where the floating chat assistant mounts (spec 000 §2, home page); the
 * assistant itself is its own feature. Fixed to the corner, empty until then.
 */
export function ChatSlot() {
  return <div id="chat-assistant" className="chat-slot" data-testid="chat-slot" />;
}
