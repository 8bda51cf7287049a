import { Form } from "react-router";
import { PROOF_FILE_RULES, proofFilePath, tokens } from "~models/projects/proofing";
import type { StaffProofing as StaffProofingData } from "~models/projects/proofing.server";
import { formatFileSize } from "~models/platform/uploads";
import { inputClass, SubmitButton } from "~/components/forms";
import { formatDateTime } from "~/lib/format";
import { PinList } from "./pins";

// The back-office project page's proofing section (/admin/projects/:id):
// upload the next version, the open pins as a checklist resolved one by one
// (each its own native form), and the round history.

const extensions = PROOF_FILE_RULES.extensions;
const button =
  "inline-flex items-center justify-center rounded-full border border-border px-4 py-2 text-sm font-semibold hover:border-text-muted";

export function StaffProofing({
  projectId,
  proofing,
  open,
}: {
  projectId: string;
  proofing: StaffProofingData;
  /** Whether the project still takes new versions (not published, completed or cancelled). */
  open: boolean;
}) {
  const { versions, openPins, draftPins, rounds } = proofing;
  const latest = versions[0]?.version;
  return (
    <section
      aria-labelledby="proofing"
      className="flex flex-col gap-5 rounded-2xl border border-border bg-surface p-5"
      data-testid="staff-proofing"
    >
      <h2 id="proofing" className="font-display text-lg font-semibold">
        Proofing
      </h2>
      {open ? (
        <Form
          method="post"
          encType="multipart/form-data"
          className="flex flex-col gap-3 rounded-2xl border border-dashed border-border p-4 sm:flex-row sm:items-end"
        >
          <input type="hidden" name="intent" value="proof_upload" />
          <div className="flex flex-1 flex-col gap-2">
            <label htmlFor="proof-file" className="text-sm font-medium">
              Upload version {(latest ?? 0) + 1} for the client to proof
            </label>
            <input
              id="proof-file"
              name="proof_file"
              type="file"
              required
              accept={extensions.map((e) => `.${e}`).join(",")}
              aria-describedby="proof-file-hint"
              className={inputClass}
            />
            <p id="proof-file-hint" className="text-sm text-text-muted">
              {extensions.map((e) => e.toUpperCase()).join(", ")}; up to{" "}
              {formatFileSize(PROOF_FILE_RULES.maxBytes)}. PDF pages are shown to the client as images.
            </p>
          </div>
          <SubmitButton pendingLabel="Uploading…" intent="proof_upload">
            Upload version
          </SubmitButton>
        </Form>
      ) : null}

      {versions.length ? (
        <ul className="flex flex-col gap-2" aria-label="Versions">
          {versions.map((v) => (
            <li
              key={v.id}
              className="flex flex-wrap items-center justify-between gap-2 text-sm"
              data-testid="staff-version"
            >
              <span>
                <span className="font-semibold">Version {v.version}</span>: {v.name} ·{" "}
                {formatFileSize(v.size)}
                {v.kind === "pdf" ? ` · ${v.pageCount ?? "?"} pages` : ""} · {formatDateTime(v.createdAt)}
              </span>
              <a href={proofFilePath("staff", projectId, v.id)} className="font-semibold underline">
                {v.kind === "pdf" ? "Download" : "Open"}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-text-muted">No version uploaded for proofing yet.</p>
      )}

      <section aria-labelledby="open-pins" className="flex flex-col gap-3">
        <h3 id="open-pins" className="font-display text-base font-semibold">
          Open pins ({openPins.length})
        </h3>
        {openPins.length ? (
          <ul className="flex flex-col gap-2" data-testid="open-pins">
            {openPins.map((pin) => (
              <li
                key={pin.id}
                className="flex flex-col gap-2 rounded-xl border border-border bg-canvas p-3 text-sm sm:flex-row sm:items-start sm:justify-between"
                data-testid="open-pin"
              >
                <span className="flex min-w-0 flex-col gap-1">
                  <span className="break-words whitespace-pre-wrap">
                    <span className="font-semibold">#{pin.number}</span> {pin.body}
                  </span>
                  <span className="text-xs text-text-muted">
                    Round {pin.round} · version {pin.version}
                    {pin.where ? ` · ${pin.where}` : ""}
                  </span>
                </span>
                <Form method="post" className="flex shrink-0 items-center gap-2">
                  <input type="hidden" name="intent" value="resolve_pin" />
                  <input type="hidden" name="pin_id" value={pin.id} />
                  <label className="sr-only" htmlFor={`resolve-${pin.id}`}>
                    Resolved in version
                  </label>
                  <select
                    id={`resolve-${pin.id}`}
                    name="version"
                    defaultValue={latest}
                    className="rounded-xl border border-border bg-surface px-2 py-1.5"
                  >
                    {versions.map((v) => (
                      <option key={v.id} value={v.version}>
                        in version {v.version}
                      </option>
                    ))}
                  </select>
                  <button type="submit" className={button}>
                    Resolve
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-text-muted">No open pins.</p>
        )}
        {draftPins ? (
          <p className="text-sm text-text-muted">
            The client has {draftPins} pin{draftPins === 1 ? "" : "s"} not sent yet (they arrive with the next
            round).
          </p>
        ) : null}
      </section>

      {rounds.length ? (
        <section aria-labelledby="staff-rounds" className="flex flex-col gap-3">
          <h3 id="staff-rounds" className="font-display text-base font-semibold">
            Revision rounds
          </h3>
          <ol className="flex flex-col gap-3">
            {rounds.map((round) => (
              <li key={round.id} className="flex flex-col gap-2 rounded-xl border border-border p-3">
                <p className="text-sm">
                  <span className="font-semibold">Round {round.number}</span> · on version {round.version} ·{" "}
                  {tokens(round.cost)} ({round.tier}) · {formatDateTime(round.createdAt)}
                </p>
                {round.reason ? <p className="text-sm break-words text-text-muted">{round.reason}</p> : null}
                <PinList pins={round.pins} empty="No pins in this round." staff />
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </section>
  );
}
