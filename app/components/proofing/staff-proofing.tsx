import { Form } from "react-router";
import type { StaffProofView } from "~models/projects/proof-versions.server";
import { smallButton } from "~/components/admin/ui";
import { inputClass, SubmitButton } from "~/components/forms";
import { formatDateTime } from "~/lib/format";
import { ProofCompare } from "./proof-compare";
import { ProofViewer } from "./proof-viewer";
import { VersionThumbs } from "./version-thumbs";

// The back-office's proofing workspace (/admin/projects/:id/proofing,
// decisions 0047 and 0073): upload the next version (the same file as the
// latest is refused; the form starts empty after each upload), every version's
// thumbnails, one page large with the client's pins on it, two versions
// compared, the open pins as a checklist resolved one by one (each its own
// native form), and the rounds so far.

const muted = "text-sm text-text-muted";

export function StaffProofing({
  projectId,
  proofing,
  fileError,
}: {
  projectId: string;
  proofing: StaffProofView;
  /** The upload's own error (the same file as the latest version, a type not taken). */
  fileError?: string;
}) {
  const { versions, openPins, draftPins, rounds, open, extensions, sentPins, query } = proofing;
  const latest = versions[0]?.version ?? 0;
  const viewed = query.view ? versions.find((v) => v.version === query.view!.version) : undefined;
  return (
    <div className="flex flex-col gap-8" data-testid="staff-proofing">
      {open ? (
        // A new form for each new version: after an upload (a redirect) the file field is empty.
        <Form
          key={latest}
          method="post"
          encType="multipart/form-data"
          className="flex flex-col gap-2"
          data-testid="upload-form"
        >
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
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? "proof-file-error" : undefined}
          />
          {fileError ? (
            <p
              id="proof-file-error"
              className="text-sm font-semibold text-red"
              data-testid="proof-file-error"
            >
              {fileError}
            </p>
          ) : null}
          <SubmitButton pendingLabel="Uploading…" intent="proof_upload" className="self-start">
            Upload version
          </SubmitButton>
        </Form>
      ) : null}
      <section aria-labelledby="versions-heading" className="flex flex-col gap-3">
        <h2 id="versions-heading" className="font-display text-lg font-semibold">
          Versions ({versions.length})
        </h2>
        <VersionThumbs projectId={projectId} versions={versions} pins={sentPins} viewing={query.view} />
      </section>
      {viewed && query.view ? (
        <ProofViewer
          projectId={projectId}
          version={viewed}
          page={query.view.page}
          pins={sentPins}
          draftPins={draftPins}
        />
      ) : null}
      <ProofCompare projectId={projectId} versions={versions} pins={sentPins} query={query} />
      <section aria-labelledby="open-pins-heading" className="flex flex-col gap-3">
        <h2 id="open-pins-heading" className="font-display text-lg font-semibold">
          Open pins ({openPins.length})
        </h2>
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
      </section>
      <ol className={muted} aria-label="Revision rounds">
        {rounds.map((round) => (
          <li key={round.id}>
            Round {round.number}: {round.cost} token{round.cost === 1 ? "" : "s"} ({round.tier}), version{" "}
            {round.version}, {round.pins.filter((pin) => pin.state === "resolved").length} of{" "}
            {round.pins.length} pins resolved · {formatDateTime(round.createdAt)}
          </li>
        ))}
      </ol>
    </div>
  );
}
