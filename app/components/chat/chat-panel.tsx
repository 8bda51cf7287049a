import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import {
  CHAT_COPY,
  CHAT_ENDPOINTS,
  CHAT_PAGE,
  CHAT_SCROLL_DELAY_MS,
  MAX_QUERY_LENGTH,
} from "~models/chat/copy";
import { HONEYPOT_FIELD } from "~models/forms/honeypot";
import { useHydrated } from "../forms";
import { CloseIcon, ExpandIcon } from "../icons";
import { AnswerRating, type Rating } from "./answer-rating";

// The chat assistant (docs/product.md, "Chat assistant"), as the home page's floating
// panel and as the /chat page. Without JavaScript every button is a form
// posting to /chat, which renders the conversation on the server. With it the
// panel talks to the JSON API. It uses no router hooks: on the home page it
// replaces the server's HTML on first use (see ../marketing/chat-slot.tsx).

export type ChatMessageView = {
  id: number;
  type: "user" | "ai";
  message: string;
  sources: { title: string; url: string }[];
  timestamp: string;
  /** Stored answers only (their id is the server's): the visitor's rating, or null. */
  rating?: Rating | null;
};

export type ChatPanelProps = {
  variant: "floating" | "page";
  /** For the fallback message (docs/product.md, "Chat assistant"). */
  email: string;
  whatsapp: string;
  conversationId: string | null;
  messages: ChatMessageView[];
  /** No-JS replies from /chat's action. */
  error?: string | null;
  handoffError?: string | null;
  /** The server panel's state when the floating panel took over from it. */
  restore?: PanelSnapshot;
};

export type PanelSnapshot = { open: boolean; draft: string; focus: string | null };

/** What the visitor had done to the server-rendered panel before its code arrived. */
export function snapshot(slot: HTMLElement): PanelSnapshot {
  const active = document.activeElement;
  // Read when the panel takes over, not when its code arrived: the click that woke it (after the focus
  // that did) may open the server's <details> in between, and the visitor may still be typing.
  const details = slot.querySelector("details");
  const textarea = slot.querySelector("textarea");
  return {
    get open() {
      return !!details?.open;
    },
    get draft() {
      return textarea?.value ?? "";
    },
    focus: active && slot.contains(active) ? active.id || null : null,
  };
}

type Memory = { conversationId: string | null; messages: ChatMessageView[] };
/** The conversation survives moving between pages in one visit (client-side navigation). */
let memory: Memory | null = null;

export function ChatPanel(props: ChatPanelProps) {
  const initial =
    props.variant === "floating" && memory
      ? memory
      : { conversationId: props.conversationId, messages: props.messages };
  const [messages, setMessages] = useState(initial.messages);
  const [waiting, setWaiting] = useState(false);
  const [draft, setDraft] = useState(props.restore?.draft ?? "");
  const [handoffError, setHandoffError] = useState(props.handoffError ?? null);
  // Until hydrated the buttons must stay usable: without JavaScript they post the form.
  const live = useHydrated();
  const conversation = useRef(initial.conversationId);
  const log = useRef<HTMLOListElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);

  const float = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    // Only the first render takes over the server panel's state (the draft went into useState).
    const restore = props.restore;
    if (restore?.open) float.current?.setAttribute("open", "");
    if (restore?.focus) document.getElementById(restore.focus)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    memory = { conversationId: conversation.current, messages };
  }, [messages]);

  const scrollToEnd = () =>
    setTimeout(() => log.current?.scrollTo({ top: log.current.scrollHeight }), CHAT_SCROLL_DELAY_MS);
  const add = (message: Omit<ChatMessageView, "id" | "timestamp"> & { timestamp?: string; id?: number }) =>
    setMessages((list) => [
      ...list,
      { id: Date.now() + list.length, timestamp: new Date().toISOString(), ...message },
    ]);

  async function send(text: string) {
    const query = text.trim();
    if (!query || waiting) return;
    conversation.current ??= `chat_${Date.now()}`;
    add({ type: "user", message: query, sources: [] });
    setDraft("");
    if (input.current) input.current.value = "";
    setWaiting(true);
    try {
      let reply: {
        response: string;
        sources: ChatMessageView["sources"];
        timestamp: string;
        message_id?: number;
      } | null = null;
      try {
        const response = await fetch(CHAT_ENDPOINTS.ask, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ query, conversation_id: conversation.current }),
        });
        if (response.ok) reply = await response.json();
        else console.error(`Chat request failed: ${response.status}`);
      } catch (error) {
        console.error("Chat request failed:", error);
      }
      add(
        reply
          ? {
              type: "ai",
              message: reply.response,
              sources: reply.sources,
              timestamp: reply.timestamp,
              ...(reply.message_id ? { id: reply.message_id, rating: null } : {}),
            }
          : { type: "ai", message: CHAT_COPY.connectionError(props.email), sources: [] },
      );
    } catch {
      add({ type: "ai", message: CHAT_COPY.outerError(props.email), sources: [] });
    } finally {
      setWaiting(false);
      scrollToEnd();
      input.current?.focus();
    }
  }

  const onSend = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    void send(submitter?.name === "message" ? submitter.value : draft);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line (docs/product.md, "Chat assistant").
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send(draft);
    }
  };
  const onClear = (event: FormEvent) => {
    event.preventDefault();
    setMessages([]);
    conversation.current = null;
    void fetch(CHAT_ENDPOINTS.clear, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    }).catch(() => undefined);
  };
  const setRating = (id: number, rating: Rating | null) =>
    setMessages((list) => list.map((m) => (m.id === id ? { ...m, rating } : m)));
  async function onRate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const id = Number(new FormData(event.currentTarget).get("message_id"));
    const rating = submitter?.value as Rating;
    const before = messages.find((m) => m.id === id)?.rating ?? null;
    setRating(id, rating);
    try {
      const response = await fetch(CHAT_ENDPOINTS.feedback, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ message_id: id, rating }),
      });
      if (!response.ok) setRating(id, before);
    } catch {
      setRating(id, before);
    }
  }
  async function onHandoff(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    try {
      const response = await fetch(CHAT_ENDPOINTS.handoff, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          email: fields.get("email"),
          [HONEYPOT_FIELD]: fields.get(HONEYPOT_FIELD),
          conversation_id: conversation.current,
        }),
      });
      const body = (await response.json()) as { message?: string; error?: string; timestamp?: string };
      if (!response.ok) return setHandoffError(body.error ?? CHAT_COPY.connectionError(props.email));
      setHandoffError(null);
      form.reset();
      form.closest("details")?.removeAttribute("open");
      add({ type: "ai", message: body.message ?? "", sources: [], timestamp: body.timestamp });
      scrollToEnd();
    } catch {
      setHandoffError(CHAT_COPY.connectionError(props.email));
    }
  }

  const expanded = messages.length > 0;
  const panel = (
    <section
      className="chat-panel"
      data-variant={props.variant}
      data-expanded={expanded || undefined}
      aria-labelledby={`chat-title-${props.variant}`}
      data-testid="chat-panel"
    >
      <header className="chat-head">
        <span className="chat-avatar" aria-hidden="true">
          A
        </span>
        <div className="chat-who">
          <h2 id={`chat-title-${props.variant}`}>{CHAT_COPY.name}</h2>
          <p>Executive AI · answers from our site</p>
        </div>
        {expanded ? (
          <form method="post" action={CHAT_PAGE} onSubmit={onClear}>
            <button type="submit" name="intent" value="clear" className="chat-clear">
              {CHAT_COPY.clear}
            </button>
          </form>
        ) : null}
        {props.variant === "floating" ? (
          <a
            href={CHAT_PAGE}
            className="chat-expand"
            aria-label={CHAT_COPY.fullPage}
            title={CHAT_COPY.fullPage}
          >
            <ExpandIcon />
          </a>
        ) : null}
      </header>

      <div role="log" aria-live="polite" aria-label="Conversation" className="contents">
        <ol ref={log} className="chat-log" data-testid="chat-log">
          <li className="chat-msg" data-type="ai">
            <p>{CHAT_COPY.welcome}</p>
          </li>
          {messages.map((m) => (
            <li key={m.id} id={`chat-msg-${m.id}`} className="chat-msg" data-type={m.type}>
              <p>
                <span className="sr-only">{m.type === "user" ? CHAT_COPY.you : CHAT_COPY.name}: </span>
                {m.message}
              </p>
              {m.sources.length ? (
                <p className="chat-sources">
                  {CHAT_COPY.sources}:{" "}
                  {m.sources.map((s, i) => (
                    <span key={s.url}>
                      {i ? " · " : ""}
                      <a href={s.url}>{s.title}</a>
                    </span>
                  ))}
                </p>
              ) : null}
              {m.type === "ai" && m.rating !== undefined ? (
                <AnswerRating messageId={m.id} rating={m.rating} onRate={onRate} />
              ) : null}
            </li>
          ))}
          {waiting ? (
            <li
              className="chat-msg chat-typing"
              data-type="ai"
              aria-label={CHAT_COPY.typing}
              data-testid="chat-typing"
            >
              <span />
              <span />
              <span />
            </li>
          ) : null}
        </ol>
      </div>

      <form method="post" action={CHAT_PAGE} className="chat-compose" onSubmit={onSend}>
        <input type="hidden" name="intent" value="send" />
        {expanded ? null : (
          <div className="chat-suggest">
            {CHAT_COPY.suggestions.map((s) => (
              <button key={s} type="submit" name="message" value={s} formNoValidate disabled={waiting}>
                {s}
              </button>
            ))}
          </div>
        )}
        {props.error ? (
          <p className="chat-error" role="alert">
            {props.error}
          </p>
        ) : null}
        <div className="chat-input">
          <label htmlFor={`chat-input-${props.variant}`} className="sr-only">
            {CHAT_COPY.inputLabel}
          </label>
          <textarea
            ref={input}
            id={`chat-input-${props.variant}`}
            name="message"
            rows={1}
            maxLength={MAX_QUERY_LENGTH}
            defaultValue={props.restore?.draft}
            required
            placeholder={CHAT_COPY.placeholder}
            disabled={waiting}
            onInput={(e) => setDraft(e.currentTarget.value)}
            onKeyDown={onKeyDown}
          />
          <button
            type="submit"
            className="chat-send"
            disabled={live && (waiting || !draft.trim())}
            aria-label={CHAT_COPY.send}
          >
            {waiting ? <span className="chat-spinner" aria-hidden="true" data-testid="chat-spinner" /> : "↑"}
          </button>
        </div>
      </form>

      <details className="chat-handoff" open={props.handoffError ? true : undefined}>
        <summary>{CHAT_COPY.handoffTitle}</summary>
        <form method="post" action={CHAT_PAGE} onSubmit={onHandoff}>
          <input type="hidden" name="intent" value="handoff" />
          <p>{CHAT_COPY.handoffText}</p>
          <label htmlFor={`chat-email-${props.variant}`}>{CHAT_COPY.handoffEmail}</label>
          <div className="chat-input">
            <input
              id={`chat-email-${props.variant}`}
              type="email"
              name="email"
              required
              autoComplete="email"
              aria-invalid={handoffError ? true : undefined}
              aria-describedby={handoffError ? `chat-email-error-${props.variant}` : undefined}
            />
            <button type="submit" className="chat-handoff-send">
              {CHAT_COPY.handoffSubmit}
            </button>
          </div>
          {handoffError ? (
            <p id={`chat-email-error-${props.variant}`} className="chat-error" role="alert">
              {handoffError}
            </p>
          ) : null}
          <div aria-hidden="true" className="chat-trap">
            <label>
              Leave this field empty
              <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
            </label>
          </div>
        </form>
        <a href={props.whatsapp} target="_blank" rel="noopener noreferrer" className="chat-whatsapp">
          {CHAT_COPY.whatsapp}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </details>
    </section>
  );

  if (props.variant === "page") return panel;
  return (
    <details ref={float} className="chat-float" data-testid="chat-float">
      {/* The launcher is the Close button while the panel is open (full screen on a phone): no JavaScript needed. */}
      <summary id="chat-open" className="chat-launcher">
        <span className="chat-launcher-open">
          <span aria-hidden="true" className="chat-launcher-dot" />
          {CHAT_COPY.open}
        </span>
        <span className="chat-launcher-close">
          <CloseIcon />
          {CHAT_COPY.close}
        </span>
      </summary>
      {panel}
    </details>
  );
}
