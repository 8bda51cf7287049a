import type { ClientProposal } from "~models/projects/proposals.server";

// What a proposal says, as its client reads it and as staff preview it
// (decision 0084): the scope and terms (Markdown rendered on the server with raw
// HTML escaped, models/content/markdown.server.ts), the lines and the totals.

const card = "rounded-2xl border border-border bg-surface p-5";

type Shown = Pick<
  ClientProposal,
  | "scopeHtml"
  | "termsHtml"
  | "termsVersion"
  | "lines"
  | "totalLabel"
  | "depositPercent"
  | "depositLabel"
  | "balanceLabel"
  | "balanceSchedule"
  | "deliveryDays"
  | "validUntilLabel"
>;

export function ProposalBody({ proposal }: { proposal: Shown }) {
  return (
    <>
      <section aria-labelledby="scope-title" className={card}>
        <h2 id="scope-title" className="mb-3 font-display text-xl font-semibold">
          Scope
        </h2>
        {/* Rendered on the server from Markdown with raw HTML escaped (models/content/markdown.server.ts). */}
        <div
          className="prose-content flex flex-col gap-3"
          dangerouslySetInnerHTML={{ __html: proposal.scopeHtml }}
        />
      </section>

      <section aria-labelledby="price-title" className={card}>
        <h2 id="price-title" className="mb-3 font-display text-xl font-semibold">
          Price
        </h2>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Line items</caption>
            <thead>
              <tr className="border-b border-border text-text-muted">
                <th scope="col" className="py-2 pr-4">
                  Item
                </th>
                <th scope="col" className="py-2 pr-4">
                  Qty
                </th>
                <th scope="col" className="py-2 pr-4">
                  Unit
                </th>
                <th scope="col" className="py-2 text-right">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {proposal.lines.map((line, index) => (
                <tr key={index} className="border-b border-border" data-testid="proposal-line">
                  <td className="py-2 pr-4">{line.description}</td>
                  <td className="py-2 pr-4">{line.quantity}</td>
                  <td className="py-2 pr-4">{line.unitLabel}</td>
                  <td className="py-2 text-right">{line.totalLabel}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3} className="pt-3 pr-4 font-semibold">
                  Total
                </th>
                <td className="pt-3 text-right font-semibold" data-testid="proposal-total">
                  {proposal.totalLabel}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
        <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[14rem_1fr]">
          <dt className="text-text-muted">Deposit on signing</dt>
          <dd data-testid="proposal-deposit">
            {proposal.depositPercent}% · {proposal.depositLabel}
          </dd>
          <dt className="text-text-muted">Balance</dt>
          <dd>
            {proposal.balanceLabel}. {proposal.balanceSchedule}
          </dd>
          <dt className="text-text-muted">Delivery</dt>
          <dd>Within {proposal.deliveryDays} days of the deposit</dd>
          <dt className="text-text-muted">Valid until</dt>
          <dd>{proposal.validUntilLabel}</dd>
        </dl>
      </section>

      <section aria-labelledby="terms-title" className={card}>
        <h2 id="terms-title" className="mb-3 font-display text-xl font-semibold">
          Terms <span className="text-sm font-normal text-text-muted">(version {proposal.termsVersion})</span>
        </h2>
        <div
          className="prose-content flex flex-col gap-3 text-sm"
          dangerouslySetInnerHTML={{ __html: proposal.termsHtml }}
        />
      </section>
    </>
  );
}
