import { cardExpiryLabel, cardLabel, type SavedCardOption } from "~models/billing/account-billing";

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
