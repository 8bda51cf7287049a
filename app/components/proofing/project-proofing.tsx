import { Link } from "react-router";
import { proofPath, tokens } from "~models/projects/proof-links";
import type { ProofingSummary, RoundOffer, RoundView } from "~models/projects/proofing.server";
import { formatFileSize } from "~models/platform/uploads";
import { formatDateTime } from "~/lib/format";
import { PinList } from "./pins";

// The client's project page (/project/:id): the versions to review, the
// revision rounds so far with their pins, and what the next round costs.

/**
 * Inside the Request Revision form, before its submit button: what the round
 * gathers and costs, the balance before and after, and the price the client
 * confirms (sent with the form: a different price at the time of the debit
 * is refused). Nothing when the project has no version yet (no round, no charge).
 */
export function RevisionCost({ offer, drawsFrom = [] }: { offer: RoundOffer | null; drawsFrom?: string[] }) {
  if (!offer?.applies) return null;
  const short = offer.balance < offer.cost;
  return (
    <div
      className="flex flex-col gap-2 rounded-xl border border-border bg-surface p-3 text-sm"
      data-testid="revision-cost"
    >
      <input type="hidden" name="revision_cost" value={offer.cost} />
      <p>
        This closes <strong>Round {offer.number}</strong>
        {offer.draftPins
          ? ` with ${offer.draftPins} pinned comment${offer.draftPins === 1 ? "" : "s"}`
          : ""}{" "}
        and costs <strong>{tokens(offer.cost)}</strong> ({offer.tier} tier).
      </p>
      <p className="text-text-muted">
        Your balance: {tokens(offer.balance)}
        {short ? "" : `, ${tokens(offer.balance - offer.cost)} after this round`}.
      </p>
      {drawsFrom.length ? (
        <ul className="text-text-muted" aria-label="Taken from, oldest first" data-testid="revision-draws">
          {drawsFrom.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      ) : null}
      {short ? (
        <p className="font-semibold text-red">
          Not enough tokens for this round.{" "}
          <Link to="/dashboard2/billing/tokens" className="underline">
            Buy tokens
          </Link>
        </p>
      ) : null}
    </div>
  );
}

function RoundHistory({ rounds }: { rounds: RoundView[] }) {
  if (!rounds.length) return null;
  return (
    <section aria-labelledby="rounds" className="flex flex-col gap-3">
      <h3 id="rounds" className="font-display text-base font-semibold">
        Revision rounds
      </h3>
      <ol className="flex flex-col gap-4" data-testid="rounds">
        {rounds.map((round) => (
          <li
            key={round.id}
            className="flex flex-col gap-2 rounded-2xl border border-border p-4"
            data-testid="round"
          >
            <p className="text-sm">
              <span className="font-semibold">Round {round.number}</span> · on version {round.version} ·{" "}
              {tokens(round.cost)} ({round.tier}) · {formatDateTime(round.createdAt)}
            </p>
            {round.reason ? <p className="text-sm break-words text-text-muted">{round.reason}</p> : null}
            <PinList pins={round.pins} empty="No pinned comments in this round." />
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ProjectProofing({
  projectId,
  proofing,
}: {
  projectId: string;
  proofing: ProofingSummary | null;
}) {
  if (!proofing || (!proofing.versions.length && !proofing.rounds.length)) return null;
  const { versions, rounds, draftPins, offer } = proofing;
  return (
    <section aria-labelledby="proofs" className="flex flex-col gap-4">
      <h2 id="proofs" className="font-display text-lg font-semibold">
        Proofs
      </h2>
      <ul className="flex flex-col gap-2">
        {versions.map((version, index) => (
          <li
            key={version.id}
            className="flex items-center justify-between gap-3 rounded-xl border border-border bg-surface px-4 py-3"
            data-testid="proof-version"
          >
            <span className="min-w-0">
              <span className="block truncate font-medium">
                Version {version.version}: {version.name}
              </span>
              <span className="text-sm text-text-muted">
                {version.kind === "pdf" ? "PDF" : "Image"} · {formatFileSize(version.size)} ·{" "}
                {formatDateTime(version.createdAt)}
                {index === 0 ? " · latest" : ""}
              </span>
            </span>
            <Link
              to={proofPath(projectId, version.id)}
              className="shrink-0 rounded-full border border-border px-4 py-2 text-sm font-semibold hover:border-text-muted"
            >
              {index === 0 ? "Review and pin" : "View"}
            </Link>
          </li>
        ))}
      </ul>
      {draftPins ? (
        <p
          className="rounded-xl border border-yellow/50 bg-yellow/10 px-4 py-3 text-sm"
          data-testid="draft-pins"
        >
          {draftPins} pinned comment{draftPins === 1 ? " is" : "s are"} not sent yet. Request Revision sends{" "}
          {draftPins === 1 ? "it" : "them"} as Round {offer.number} ({tokens(offer.cost)}).
        </p>
      ) : null}
      <RoundHistory rounds={rounds} />
    </section>
  );
}
