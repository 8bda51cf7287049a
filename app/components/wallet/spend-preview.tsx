import { formatDate } from "~/lib/format";

/** One grant the spend draws from: how many tokens, when they would have expired, where they came from. */
export type SpendPreviewLot = { tokens: number; expiresAt: Date | string; source: string };

export type SpendPreviewProps = {
  cost: number;
  balance: number;
  after: number;
  lots: SpendPreviewLot[];
};

const tokens = (n: number) => `${n} ${n === 1 ? "token" : "tokens"}`;

/**
 * What a spend will do, shown before the client confirms it (decision 0049):
 * the cost, the balance now and after, and the grants it draws from, oldest
 * first, as the ledger takes them. Plain markup, no script: it renders the
 * same with JavaScript off. When the balance is short, `after` is negative
 * and there are no lots; the page says what is missing.
 */
export function SpendPreview({ cost, balance, after, lots }: SpendPreviewProps) {
  return (
    <section
      aria-labelledby="spend-preview-title"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-6"
      data-testid="spend-preview"
    >
      <h2 id="spend-preview-title" className="font-display text-lg font-semibold">
        What this spends
      </h2>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <dt className="text-text-muted">Cost</dt>
        <dd className="text-right font-display text-xl font-semibold" data-testid="spend-preview-cost">
          {tokens(cost)}
        </dd>
        <dt className="text-text-muted">Balance now</dt>
        <dd className="text-right" data-testid="spend-preview-balance">
          {tokens(balance)}
        </dd>
        <dt className="text-text-muted">Balance after</dt>
        <dd className="text-right font-semibold" data-testid="spend-preview-after">
          {after < 0 ? `${tokens(-after)} short` : tokens(after)}
        </dd>
      </dl>
      {lots.length ? (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">Taken from, oldest first</h3>
          <ol className="flex flex-col divide-y divide-border text-sm" data-testid="spend-preview-lots">
            {lots.map((lot, i) => (
              <li
                key={i}
                className="flex flex-wrap justify-between gap-2 py-2"
                data-testid="spend-preview-lot"
              >
                <span>
                  <span className="font-semibold">{tokens(lot.tokens)}</span> · {lot.source}
                </span>
                <span className="text-text-muted">expires {formatDate(lot.expiresAt)}</span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
