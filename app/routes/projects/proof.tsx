import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { data, Form, Link } from "react-router";
import { PROJECT_MESSAGES } from "~models/projects/projects";
import { PinFormSchema } from "~models/projects/proof-forms";
import { proofFilePath, proofPath } from "~models/projects/proof-links";
import { PROOF_MESSAGES } from "~models/projects/proofing";
import { addPin, getProofPage } from "~models/projects/proofing.server";
import { Field, FormStatus, SubmitButton, TextareaField, useHydrated } from "~/components/forms";
import { PinList, ProofSurface, type Point } from "~/components/proofing/pins";
import { memberOf } from "~/lib/membership.server";
import { viewerOf } from "~/lib/member-summary.server";
import { clientStepRefusal } from "~models/projects/client-rights";
import { readForm } from "~/lib/body/form.server";
import { BODY_LIMITS } from "~/lib/body/limits";
import { formatDateTime } from "~/lib/format";
import { useZodForm } from "~/lib/use-zod-form";
import type { Route } from "./+types/proof";

export const meta: Route.MetaFunction = ({ data }) => [
  {
    title: `${data && "deliverable" in data ? `Version ${data.deliverable.version}` : "Proof not found"} — Ascendra`,
  },
  { name: "robots", content: "noindex" },
];

/** Someone else's project, a version of another project, staff: the same 404 as a missing one. */
const notFound = () => data({ notFound: true as const }, { status: 404 });

/**
 * /project/:id/proof/:deliverableId: one version of a deliverable, for the
 * project's owner: the image or the PDF's pages with the pins on them, and
 * the form that pins a comment (a click on the image with JavaScript; a page
 * and words for where without).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const member = await memberOf(request);
  const page = await getProofPage(params.id, params.deliverableId, viewerOf(member));
  return page ?? notFound();
}

export async function action({ request, params }: Route.ActionArgs) {
  const member = await memberOf(request);
  const read = await readForm(request, BODY_LIMITS.form);
  if (!read.ok)
    return data(
      { result: undefined, message: "That was too much to send.", tone: "error" as const },
      { status: 413 },
    );
  // Someone else's proof is a 404 whatever was posted, before the form is read.
  const viewer = viewerOf(member);
  if (!(await getProofPage(params.id, params.deliverableId, viewer))) return notFound();
  const refused = clientStepRefusal(member.role, "comment");
  if (refused) return data({ result: undefined, message: refused, tone: "error" as const }, { status: 403 });
  const submission = parseWithZod(read.formData, { schema: PinFormSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), message: undefined, tone: undefined }, { status: 400 });
  const added = await addPin(params.id, params.deliverableId, viewer, submission.value);
  if (!added.ok && added.reason === "not_found") return notFound();
  if (!added.ok)
    return data(
      added.field === "page"
        ? {
            result: submission.reply({ fieldErrors: { page: [added.message] } }),
            message: undefined,
            tone: undefined,
          }
        : { result: submission.reply(), message: added.message, tone: "error" as const },
      { status: 409 },
    );
  return data({
    result: submission.reply({ resetForm: true }),
    message: PROOF_MESSAGES.pinAdded,
    tone: "success" as const,
  });
}

function PinForm({
  pageCount,
  picked,
  clickable,
  onClear,
  lastResult,
}: {
  pageCount: number | null;
  clickable: boolean;
  picked: Point | null;
  onClear: () => void;
  lastResult: Parameters<typeof useZodForm>[1]["lastResult"];
}) {
  const [form, fields] = useZodForm(PinFormSchema, { id: "pin", lastResult, constraintFrom: false });
  const pages = pageCount ?? 0;
  return (
    <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)} data-testid="pin-form">
      {picked ? (
        <>
          <input type="hidden" name="x" value={picked.x} />
          <input type="hidden" name="y" value={picked.y} />
          <p className="rounded-xl border border-border bg-surface px-4 py-3 text-sm" data-testid="picked">
            Pin placed{pages > 1 ? ` on page ${picked.page}` : ""}, {Math.round(picked.x * 100)}% across and{" "}
            {Math.round(picked.y * 100)}% down.{" "}
            <button type="button" className="font-semibold underline" onClick={onClear}>
              Remove pin
            </button>
          </p>
        </>
      ) : null}
      {pages === 1 ? (
        <input type="hidden" name="page" value="1" />
      ) : (
        <Field
          // A placed pin names its page: the field shows it (a new field when the pin moves).
          key={picked ? `page-${picked.page}` : "page"}
          labelProps={{ children: "Page" }}
          inputProps={{
            ...getInputProps(fields.page, { type: "number" }),
            min: 1,
            max: pages || undefined,
            required: true,
            defaultValue: picked ? String(picked.page) : String(fields.page.initialValue ?? "1"),
            readOnly: Boolean(picked),
          }}
          hint={pages ? `1 to ${pages}.` : "The page number as the PDF shows it."}
          errors={fields.page.errors}
        />
      )}
      <Field
        labelProps={{ children: picked ? "Where (optional)" : "Where on the page" }}
        inputProps={{
          ...getInputProps(fields.location, { type: "text" }),
          maxLength: 200,
          placeholder: "e.g. the headline, top left",
        }}
        hint={picked || !clickable ? undefined : "Or click the image to place a pin."}
        errors={fields.location.errors}
      />
      <TextareaField
        label="What should change?"
        textareaProps={{ ...getTextareaProps(fields.body), rows: 3, required: true, maxLength: 2000 }}
        errors={fields.body.errors}
      />
      <SubmitButton className="self-start" pendingLabel="Pinning…">
        Pin comment
      </SubmitButton>
    </Form>
  );
}

export default function ProofPage({ loaderData, actionData, params }: Route.ComponentProps) {
  // A placed pin belongs to the answer it was placed after: a new answer (the pin saved) clears it.
  const [placed, setPlaced] = useState<{ point: Point; after: unknown } | null>(null);
  const picked = placed && placed.after === actionData ? placed.point : null;
  const setPicked = (point: Point | null) => setPlaced(point ? { point, after: actionData } : null);
  // A click places a pin once JavaScript runs; until then the form alone (page and words) is offered.
  const hydrated = useHydrated();
  if ("notFound" in loaderData)
    return (
      <section className="mx-auto flex max-w-3xl flex-col items-start gap-6 px-5 py-24 lg:px-8">
        <h1 className="font-display text-3xl font-semibold">{PROJECT_MESSAGES.notFoundTitle}</h1>
        <p className="text-lg text-text-muted">This proof could not be found.</p>
        <Link to="/dashboard2" className="rounded-full bg-text px-6 py-3.5 text-sm font-semibold text-canvas">
          Back to Dashboard
        </Link>
      </section>
    );
  const { project, deliverable, versions, renderedPages, pins, canPin } = loaderData;
  const answer = actionData && "result" in actionData ? actionData : undefined;
  const pageCount = deliverable.kind === "image" ? 1 : deliverable.pageCount;
  const onPick = canPin && hydrated ? setPicked : undefined;
  const latest = versions[0]?.version;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-5 py-10 lg:px-8">
      <Link
        to={`/project/${project.id}`}
        className="self-start text-sm font-semibold text-text-muted hover:text-text"
      >
        ← Back to {project.title}
      </Link>
      <header className="flex flex-col gap-3">
        <h1 className="font-display text-3xl font-semibold wrap-anywhere">
          Version {deliverable.version}: {deliverable.name}
        </h1>
        <p className="text-sm text-text-muted">
          Uploaded {formatDateTime(deliverable.createdAt)}
          {deliverable.version === latest ? " · the latest version" : ""} ·{" "}
          <a href={proofFilePath("client", project.id, deliverable.id)} className="font-semibold underline">
            {deliverable.kind === "pdf" ? "Download the PDF" : "Open the image"}
          </a>
        </p>
        {versions.length > 1 ? (
          <nav aria-label="Versions" className="flex flex-wrap gap-2">
            {versions.map((v) => (
              <Link
                key={v.id}
                to={proofPath(project.id, v.id)}
                aria-current={v.id === deliverable.id ? "page" : undefined}
                className="rounded-full border border-border px-3 py-1.5 text-sm font-semibold aria-[current=page]:bg-text aria-[current=page]:text-canvas"
              >
                Version {v.version}
              </Link>
            ))}
          </nav>
        ) : null}
      </header>
      <div aria-live="polite">
        {answer?.message ? (
          <FormStatus tone={answer.tone === "error" ? "error" : "success"} announce={false}>
            {answer.message}
          </FormStatus>
        ) : null}
      </div>
      <div className="grid gap-10 lg:grid-cols-[1fr_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          {deliverable.kind === "image" ? (
            <ProofSurface
              src={proofFilePath("client", project.id, deliverable.id)}
              alt={`version ${deliverable.version}`}
              page={1}
              pins={pins}
              picked={picked}
              onPick={onPick}
            />
          ) : renderedPages.length ? (
            <>
              {renderedPages.map((page) => (
                <ProofSurface
                  key={page}
                  src={proofFilePath("client", project.id, deliverable.id, page)}
                  alt={`page ${page} of version ${deliverable.version}`}
                  page={page}
                  pins={pins}
                  picked={picked}
                  onPick={onPick}
                />
              ))}
              {pageCount !== null && pageCount > renderedPages.length ? (
                <p className="rounded-xl border border-border bg-surface p-4 text-sm text-text-muted">
                  {PROOF_MESSAGES.laterPagesNotPreviewed(renderedPages.length)}
                </p>
              ) : null}
            </>
          ) : (
            <p
              data-testid="preview-unavailable"
              className="rounded-xl border border-border bg-surface p-4 text-sm text-text-muted"
            >
              {PROOF_MESSAGES.previewUnavailable}
            </p>
          )}
        </div>
        <aside className="flex flex-col gap-8">
          {canPin ? (
            <section aria-labelledby="pin-heading" className="flex flex-col gap-3">
              <h2 id="pin-heading" className="font-display text-lg font-semibold">
                Pin a comment
              </h2>
              <PinForm
                key={params.deliverableId}
                pageCount={pageCount}
                picked={picked}
                clickable={Boolean(onPick) && (deliverable.kind === "image" || renderedPages.length > 0)}
                onClear={() => setPicked(null)}
                lastResult={answer?.result}
              />
              <p className="text-sm text-text-muted">
                Pinned comments go to the studio together when you choose Request Revision on{" "}
                <Link to={`/project/${project.id}#proofs`} className="font-semibold underline">
                  the project page
                </Link>
                , which shows what the round costs first.
              </p>
            </section>
          ) : (
            <p className="text-sm text-text-muted">{PROOF_MESSAGES.closed}</p>
          )}
          <section aria-labelledby="pins-heading" className="flex flex-col gap-3">
            <h2 id="pins-heading" className="font-display text-lg font-semibold">
              Pins on this version
            </h2>
            <PinList pins={pins} empty="No pins on this version yet." />
          </section>
        </aside>
      </div>
    </div>
  );
}
