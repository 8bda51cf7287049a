import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import type { z } from "zod";
import { ownValue } from "~models/platform/lookup";
import {
  CATALOG_KINDS,
  CATALOG_MESSAGES,
  CATALOG_PATH_KINDS,
  CATEGORY_OPTIONS,
  CatalogId,
  COLOUR_OPTIONS,
  PlanFormSchema,
  SHOP_FILE_RULES,
  SHOP_IMAGE_RULES,
  ShopItemFormSchema,
  TokenPackageFormSchema,
  type CatalogKind,
} from "~models/back-office/catalog";
import { catalogFormValues, saveCatalogForm } from "~models/back-office/catalog-forms.server";
import { getCatalogRow } from "~models/back-office/catalog-admin.server";
import { ActionMessage, Badge, PageHeader, smallButton } from "~/components/admin/ui";
import { CheckboxField, Field, SelectField, SubmitButton, TextareaField } from "~/components/forms";
import { notFoundResponse } from "~/lib/auth.server";
import { readForm } from "~/lib/body/form.server";
import { BODY_LIMITS } from "~/lib/body/limits";
import { invalidatePageCache } from "~/lib/page-cache.server";
import { adminMeta } from "~/lib/admin-meta";
import { staffOf } from "~/lib/staff-gate.server";
import type { Route } from "./+types/catalog-edit";

// One page per catalogue row: /admin/catalog/{items|packages|plans}/{id},
// or /new to add one. Ids are permanent, so they are chosen only on create.

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(
    data
      ? data.values
        ? `Edit ${data.values.name}`
        : `New ${CATALOG_KINDS[data.kind].label.toLowerCase()}`
      : "Catalogue",
  );

function kindOf(path: string | undefined): CatalogKind {
  const kind = path ? ownValue(CATALOG_PATH_KINDS, path) : undefined;
  if (!kind) throw notFoundResponse();
  return kind;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await staffOf({ request, context });
  const kind = kindOf(params.kind);
  if (params.id === "new")
    return { kind, id: null, values: null, active: true, managedBy: "staff", created: false };
  const row = await getCatalogRow(kind, params.id);
  if (!row) throw notFoundResponse();
  const created = new URL(request.url).searchParams.has("created");
  return {
    kind,
    id: row.id,
    values: catalogFormValues(kind, row),
    active: row.isActive,
    managedBy: row.managedBy,
    created,
  };
}

type ActionData = { result: SubmissionResult<string[]>; message?: string; tone?: "success" | "error" };

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await staffOf({ request, context });
  const kind = kindOf(params.kind);
  const read = await readForm(request, BODY_LIMITS.catalogUpload);
  if (!read.ok)
    return data<ActionData>(
      {
        result: {
          status: "error",
          error: { "": [CATALOG_MESSAGES.fileTooLarge(SHOP_FILE_RULES.maxBytes / 1024 / 1024)] },
        } as SubmissionResult<string[]>,
      },
      { status: 413 },
    );
  const outcome = await saveCatalogForm(
    kind,
    params.id === "new" ? null : (params.id ?? null),
    read.formData,
    actor,
  );
  if (outcome.status === "not_found") throw notFoundResponse();
  if (outcome.status === "invalid")
    return data<ActionData>({ result: outcome.result }, { status: outcome.httpStatus });
  if (outcome.changed) invalidatePageCache();
  if (params.id === "new")
    throw redirect(`/admin/catalog/${CATALOG_KINDS[kind].path}/${outcome.id}?created=1`);
  return data<ActionData>({
    result: outcome.result,
    message: outcome.changed ? CATALOG_MESSAGES.updated(outcome.name) : CATALOG_MESSAGES.nothingChanged,
    tone: outcome.changed ? "success" : "error",
  });
}

const SCHEMAS = {
  shop_item: ShopItemFormSchema,
  token_package: TokenPackageFormSchema,
  subscription_plan: PlanFormSchema,
} as const;

export default function CatalogEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, id, values, active, managedBy, created } = loaderData;
  const creating = id === null;
  const base = SCHEMAS[kind] as z.ZodObject;
  const schema = creating ? base.extend({ id: CatalogId }) : base;
  const [form, fields] = useForm<Record<string, string>>({
    id: `catalog-${kind}`,
    lastResult: actionData?.result,
    constraint: getZodConstraint(schema),
    defaultValue:
      values ??
      (kind === "shop_item"
        ? {
            max_downloads: "3",
            rating: "4.5",
            original_price: "0",
            original_price_eu: "0",
            original_price_in: "0",
          }
        : kind === "token_package"
          ? { bonus_tokens: "0" }
          : { project_limit: "1", monthly_tokens: "0" }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }) as never,
  });
  const text = (name: string, label: string, extra: Record<string, unknown> = {}) => (
    <Field
      labelProps={{ children: label }}
      inputProps={{ ...getInputProps(fields[name]!, { type: "text" }), ...extra }}
      errors={fields[name]!.errors}
    />
  );
  const number = (name: string, label: string, extra: Record<string, unknown> = {}) => (
    <Field
      labelProps={{ children: label }}
      inputProps={{ ...getInputProps(fields[name]!, { type: "number" }), ...extra }}
      errors={fields[name]!.errors}
    />
  );
  const label = CATALOG_KINDS[kind].label;
  return (
    <>
      <Link to="/admin/catalog" className="self-start text-sm font-semibold text-text-muted hover:text-text">
        ← Catalogue
      </Link>
      <PageHeader
        title={creating ? `New ${label.toLowerCase()}` : `${values?.name ?? id}`}
        description={
          creating ? (
            "Clients see it as soon as it is saved."
          ) : (
            <>
              {label} <code>{id}</code> ·{" "}
              {active ? <Badge tone="success">on sale</Badge> : <Badge tone="warning">retired</Badge>}{" "}
              {managedBy === "staff" ? (
                <Badge tone="info">edited here: the seed file no longer changes it</Badge>
              ) : (
                <Badge>from the seed file</Badge>
              )}
            </>
          )
        }
      />
      <ActionMessage
        message={actionData?.message ?? (created ? CATALOG_MESSAGES.created(values?.name ?? "") : undefined)}
        tone={actionData?.tone ?? "success"}
      />
      <Form
        method="post"
        encType={kind === "shop_item" ? "multipart/form-data" : undefined}
        className="flex max-w-3xl flex-col gap-4 rounded-2xl border border-border bg-surface p-5"
        {...getFormProps(form)}
      >
        {form.errors?.length ? (
          <p role="alert" className="text-sm text-red">
            {form.errors.join(" ")}
          </p>
        ) : null}
        {creating
          ? text("id", "Id (permanent: lower-case letters, digits, dashes)", { autoComplete: "off" })
          : null}
        {text("name", "Name")}
        {kind === "shop_item" ? (
          <>
            <TextareaField
              label="Description"
              textareaProps={{ ...getTextareaProps(fields.description!), rows: 3 }}
              errors={fields.description!.errors}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                labelProps={{ children: "Category" }}
                selectProps={getSelectProps(fields.category!)}
                options={[{ value: "", label: "Choose…" }, ...CATEGORY_OPTIONS]}
                errors={fields.category!.errors}
              />
              {number("rating", "Rating (0 to 5)", { step: 0.1, min: 0, max: 5 })}
              {number("token_price", "Price in tokens", { min: 1, step: 1 })}
              {number("original_price", "Original price (US dollars)", { min: 0, step: 0.01 })}
              {number("original_price_eu", "Original price (euros)", { min: 0, step: 0.01 })}
              {number("original_price_in", "Original price (rupees)", { min: 0, step: 0.01 })}
              {number("max_downloads", "Downloads per licence", { min: 1, max: 100, step: 1 })}
            </div>
            <Field
              labelProps={{
                children:
                  `Download file (${SHOP_FILE_RULES.extensions.join(", ")}; up to ${SHOP_FILE_RULES.maxBytes / 1024 / 1024} MB)` +
                  (creating ? "" : ": leave empty to keep the current file"),
              }}
              inputProps={{
                ...getInputProps(fields.file!, { type: "file" }),
                accept: SHOP_FILE_RULES.extensions.map((e) => `.${e}`).join(","),
                required: creating,
              }}
              errors={fields.file!.errors}
              hint={values?.file_name ? `Current file: ${values.file_name}` : undefined}
            />
            <Field
              labelProps={{
                children:
                  `Card image (${SHOP_IMAGE_RULES.extensions.join(", ")}; up to ${SHOP_IMAGE_RULES.maxBytes / 1024 / 1024} MB)` +
                  (creating ? "" : ": leave empty to keep the current image"),
              }}
              inputProps={{
                ...getInputProps(fields.image!, { type: "file" }),
                accept: SHOP_IMAGE_RULES.extensions.map((e) => `.${e}`).join(","),
                required: creating,
              }}
              errors={fields.image!.errors}
            />
            {values?.image ? (
              <img
                src={values.image}
                alt=""
                width={240}
                height={180}
                className="h-36 w-48 rounded-xl border border-border object-cover"
              />
            ) : null}
          </>
        ) : null}
        {kind === "token_package" ? (
          <>
            {text("description", "Description")}
            <div className="grid gap-4 sm:grid-cols-2">
              {number("tokens", "Tokens", { min: 1, step: 1 })}
              {number("bonus_tokens", "Bonus tokens", { min: 0, step: 1 })}
              {number("price_us", "Price in US dollars", { min: 0.01, step: 0.01 })}
              {number("price_eu", "Price in euros", { min: 0.01, step: 0.01 })}
              {number("price_in", "Price in rupees", { min: 1, step: 0.01 })}
            </div>
            <CheckboxField
              labelProps={{ children: "Mark as popular" }}
              inputProps={getInputProps(fields.is_popular!, { type: "checkbox" })}
            />
          </>
        ) : null}
        {kind === "subscription_plan" ? (
          <>
            {text("tagline", "Tagline")}
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                labelProps={{ children: "Colour" }}
                selectProps={getSelectProps(fields.colour!)}
                options={[{ value: "", label: "Choose…" }, ...COLOUR_OPTIONS]}
                errors={fields.colour!.errors}
              />
              {number("price", "Price a month (rupees)", { min: 0, step: 1 })}
              {number("price_us", "Price a month (US dollars)", { min: 0, step: 0.01 })}
              {number("price_eu", "Price a month (euros)", { min: 0, step: 0.01 })}
              {number("monthly_tokens", "Tokens a month", { min: 0, step: 1 })}
              {number("project_limit", "Active projects (-1 for unlimited)", { min: -1, step: 1 })}
            </div>
            <TextareaField
              label="Features (one a line)"
              textareaProps={{ ...getTextareaProps(fields.features!), rows: 6 }}
              errors={fields.features!.errors}
            />
            <CheckboxField
              labelProps={{ children: "Mark as popular" }}
              inputProps={getInputProps(fields.is_popular!, { type: "checkbox" })}
            />
            {!creating ? (
              <p className="text-sm text-text-muted">
                A new price or token amount applies to current subscribers from their next renewal.
              </p>
            ) : null}
          </>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <SubmitButton pendingLabel="Saving…">
            {creating ? `Add ${label.toLowerCase()}` : "Save changes"}
          </SubmitButton>
          <Link to="/admin/catalog" className={smallButton}>
            Back to the catalogue
          </Link>
        </div>
      </Form>
    </>
  );
}
