import type { ReactNode } from "react";
import { cardExpiryLabel, cardLabel, type SavedCardOption } from "~models/billing/account-billing";
import { PostButton } from "./post-button";

/** A saved card as the pages list it: "Visa •••• 4242 · expires 01/2039", and Default when it is. */
export function SavedCardSummary({
  card,
  showDefault = false,
}: {
  card: SavedCardOption;
  showDefault?: boolean;
}) {
  return (
    <span>
      <span className="font-medium">{cardLabel(card)}</span>
      <span className="text-sm text-text-muted"> · expires {cardExpiryLabel(card)}</span>
      {showDefault && card.isDefault ? (
        <span className="ml-2 rounded-full bg-green/15 px-2 py-0.5 text-xs font-semibold text-green">
          Default
        </span>
      ) : null}
    </span>
  );
}

/** The client's saved cards, each with its actions; `empty` when there are none. */
export function SavedCardList<Card extends SavedCardOption>({
  cards,
  testId,
  actionsClass,
  actions,
  empty,
}: {
  cards: Card[];
  testId: string;
  actionsClass: string;
  actions: (card: Card) => ReactNode;
  empty: ReactNode;
}) {
  if (!cards.length) return empty;
  return (
    <ul className="flex flex-col gap-2">
      {cards.map((card) => (
        <li
          key={card.id}
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border px-4 py-3"
          data-testid={testId}
        >
          <SavedCardSummary card={card} showDefault />
          <span className={actionsClass}>{actions(card)}</span>
        </li>
      ))}
    </ul>
  );
}

/** A button that acts on one saved card; its accessible name says which card. `danger` for removing it. */
export function CardActionButton({
  card,
  intent,
  danger = false,
  children,
}: {
  card: SavedCardOption;
  intent: string;
  danger?: boolean;
  children: ReactNode;
}) {
  const className = danger
    ? "text-sm font-semibold text-red hover:underline"
    : "text-sm font-semibold hover:underline";
  return (
    <PostButton intent={intent} fields={{ id: card.id }} className={className}>
      {children}
      <span className="sr-only"> {cardLabel(card)}</span>
    </PostButton>
  );
}
