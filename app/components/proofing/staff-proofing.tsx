import { Form } from "react-router";
import type { StaffProofing as StaffProofingData } from "~models/projects/proofing.server";
import { smallButton } from "~/components/admin/ui";
import { inputClass, SubmitButton } from "~/components/forms";
import { formatDateTime } from "~/lib/format";

// The back-office project page's proofing section (/admin/projects/:id):
// upload the next version, the open pins as a checklist resolved one by one
// (each its own native form), and the rounds so far. Kept small: this page
// is near its JavaScript budget.

const muted = "text-sm text-text-muted";

export function StaffProofing({ projectId, proofing }: { projectId: string; proofing: StaffProofingData }) {
  const { versions, openPins, draftPins, rounds, open, extensions } = proofing;
  const latest = versions[0]?.version ?? 0;
  return (
    <section aria-labelledby="proofing" className="flex flex-col gap-4" data-testid="staff-proofing">
      <h2 id="proofing" className="font-display text-lg font-semibold">
        Proofing
      </h2>
      {open ? (
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-2">
          <input type="hidden" name="intent" value="proof_upload" />
          <label htmlFor="proof-file" className="text-sm font-medium">
            Upload version {latest + 1} for the client to proof ({extensions.join(", ")}; 10 MB)
          </label>
          <input
            id="proof-file"
            name="proof_file"
            type="file"
            required
            accept={extensions.map((e) => `.${e}`).join()}
            className={inputClass}
          />
          <SubmitButton pendingLabel="Uploading…" intent="proof_upload" className="self-start">
            Upload version
          </SubmitButton>
        </Form>
      ) : null}
      <ul className={muted} aria-label="Versions">
        {versions.map((v) => (
          <li key={v.id} data-testid="staff-version">
            <a
              href={`/admin/projects/${projectId}/proof/${v.id}/file`}
              className="font-semibold text-text underline"
            >
              Version {v.version}
            </a>
            : {v.name}
            {v.kind === "pdf" ? `, ${v.pageCount ?? "?"} pages` : ""} · {formatDateTime(v.createdAt)}
          </li>
        ))}
      </ul>
      <h3 className="font-semibold">Open pins ({openPins.length})</h3>
      <ul className="flex flex-col gap-2" data-testid="open-pins">
        {openPins.map((pin) => (
          <li
            key={pin.id}
            className="flex flex-wrap items-start justify-between gap-2 rounded-xl border border-border p-3"
            data-testid="open-pin"
          >
            <span className="min-w-0 break-words whitespace-pre-wrap">
              #{pin.number} {pin.body}
              <span className={`block ${muted}`}>
                Round {pin.round}, version {pin.version}
                {pin.where ? ` · ${pin.where}` : ""}
              </span>
            </span>
            <Form method="post" className="flex gap-2">
              <input type="hidden" name="intent" value="resolve_pin" />
              <input type="hidden" name="pin_id" value={pin.id} />
              <select
                name="version"
                defaultValue={latest}
                aria-label="Resolved in version"
                className="rounded-xl border border-border bg-surface px-2"
              >
                {versions.map((v) => (
                  <option key={v.id} value={v.version}>
                    in version {v.version}
                  </option>
                ))}
              </select>
              <button type="submit" className={smallButton}>
                Resolve
              </button>
            </Form>
          </li>
        ))}
      </ul>
      {draftPins ? <p className={muted}>{draftPins} more pinned by the client, not sent yet.</p> : null}
      <ol className={muted} aria-label="Revision rounds">
        {rounds.map((round) => (
          <li key={round.id}>
            Round {round.number}: {round.cost} token{round.cost === 1 ? "" : "s"} ({round.tier}), version{" "}
            {round.version}, {round.pins.filter((pin) => pin.state === "resolved").length} of{" "}
            {round.pins.length} pins resolved · {formatDateTime(round.createdAt)}
          </li>
        ))}
      </ol>
    </section>
  );
}
