import { reportError } from "~models/platform/errors.server";
import type { z } from "zod";
import type { AccountUser } from "~models/identity/accounts.server";
import { roleRefusal } from "~models/identity/role-messages";
import { can, type OrganisationRight } from "~models/identity/roles";
import { getApiUser } from "./auth.server";
import { apiMemberOf, type Member } from "./membership.server";
import { readFields } from "./body/json.server";
import { BODY_MESSAGES } from "./body/refusals";

// The REST API's conventions (docs/product.md, "REST API"): JSON in and out, errors as
// {"error": "..."} or per-field arrays {"field": ["message"]}.

const API_MESSAGES = {
  notAuthenticated: "Authentication credentials were not provided.",
  invalidToken: "Invalid token.",
  methodNotAllowed: (method: string) => `Method "${method}" not allowed.`,
} as const;

export function apiError(status: number, error: string, headers?: HeadersInit): Response {
  return Response.json({ error }, { status, headers });
}

/** A zod error as the API's per-field arrays, first message of each field. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "non_field_errors";
    fields[key] ??= [issue.message];
  }
  return fields;
}

/**
 * The body of a call that charges or spends, with the `Idempotency-Key`
 * header (when sent) as its `idempotency_key`: a retried call is done once.
 */
export async function readIdempotentBody(request: Request): Promise<Record<string, unknown> | null> {
  const body = await readFields(request);
  const key = request.headers.get("Idempotency-Key");
  return body && key ? { ...body, idempotency_key: key } : body;
}

/** The API caller, or a 401 with the API's error shape. */
export async function requireApiUser(request: Request): Promise<AccountUser> {
  const user = await getApiUser(request);
  if (user) return user;
  const message = request.headers.get("Authorization")
    ? API_MESSAGES.invalidToken
    : API_MESSAGES.notAuthenticated;
  throw apiError(401, message, { "WWW-Authenticate": "Token" });
}

/**
 * Runs an API handler; a Response it throws (401, 405) passes through, and an
 * unexpected failure answers 500 with the call's default message from the
 * spec ("Login failed", "Failed to fetch profile", …) instead of a stack.
 */
export async function withApiErrors(
  defaultMessage: string,
  handler: () => Promise<Response>,
): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof Response) return error;
    reportError(error, defaultMessage);
    return apiError(500, defaultMessage);
  }
}

export function methodNotAllowed(request: Request, allowed: readonly string[]): Response {
  return apiError(405, API_MESSAGES.methodNotAllowed(request.method), { Allow: allowed.join(", ") });
}

/** 400 with one field's message in the per-field shape: {"plan_id": ["…"]}. */
export function fieldError(field: string, message: string, status = 400): Response {
  return Response.json({ [field]: [message] }, { status });
}

/** A refused model outcome: per-field when it names a field, otherwise {"error"} with its status. */
export function apiFailure(outcome: { status: number; message: string; field?: string }): Response {
  return outcome.field
    ? fieldError(outcome.field, outcome.message)
    : apiError(outcome.status, outcome.message);
}

/** 429 with the seconds to wait in `Retry-After`. */
export function tooManyRequests(message: string, retryAfterSeconds: number): Response {
  return apiError(429, message, { "Retry-After": String(retryAfterSeconds) });
}

/** A body reader for `apiCall`: the fields, null when the body is not a JSON object, or a refusal. */
export type BodyReader = (request: Request) => Promise<Record<string, unknown> | null | Response>;

/**
 * The body's fields. A body that is not a JSON object throws the 400, and a
 * reader's own refusal is thrown as it is, for `withApiErrors` to answer.
 */
export async function readJsonObject(
  request: Request,
  read: BodyReader = readFields,
): Promise<Record<string, unknown>> {
  const body = await read(request);
  if (body instanceof Response) throw body;
  if (!body) throw apiError(400, BODY_MESSAGES.invalidJson);
  return body;
}

/** The body checked with `schema`; invalid input throws the 400 with per-field arrays. */
async function parseApiBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  read?: BodyReader,
): Promise<z.output<S>> {
  const parsed = schema.safeParse(await readJsonObject(request, read));
  if (!parsed.success) throw Response.json(fieldErrors(parsed.error), { status: 400 });
  return parsed.data;
}

type ApiCallSpec<S extends z.ZodType | undefined> = {
  /** The methods this handler answers; any other is a 405 whose `Allow` lists `allow` (these by default). */
  methods?: readonly string[];
  allow?: readonly string[];
  /** Checks the body with this schema: 400 {"error"} when it is not a JSON object, per-field arrays when invalid. */
  schema?: S;
  /** How the body is read (`readFields` by default; `readIdempotentBody` for calls that charge or spend). */
  read?: BodyReader;
  /** The role right the call needs (models/identity/roles.ts): 403 {"error"} without it. Only with `auth`. */
  right?: OrganisationRight;
};

type ApiInput<S extends z.ZodType | undefined> = S extends z.ZodType ? z.output<S> : undefined;

/** 403 {"error": "Your role (Member) can't …"} unless the member's role holds the right (decision 0079). */
export function requireApiRight(member: Member, right: OrganisationRight, action?: string): void {
  if (!can(member.role, right)) throw apiError(403, roleRefusal(member.role, right, action));
}

/**
 * What an API call brings, checked in the order every endpoint follows: the
 * method (405), the token (401, with `auth`), the role's right (403, with
 * `right`), then the body (400). A refusal is thrown as its Response, which
 * `withApiErrors` answers.
 */
export async function apiInput<S extends z.ZodType | undefined = undefined>(
  request: Request,
  spec: ApiCallSpec<S> & { auth: true },
): Promise<{ member: Member; input: ApiInput<S> }>;
export async function apiInput<S extends z.ZodType | undefined = undefined>(
  request: Request,
  spec: ApiCallSpec<S> & { auth?: false },
): Promise<{ input: ApiInput<S> }>;
export async function apiInput(
  request: Request,
  spec: ApiCallSpec<z.ZodType | undefined> & { auth?: boolean },
): Promise<{ member?: Member; input: unknown }> {
  if (spec.methods && !spec.methods.includes(request.method)) {
    throw methodNotAllowed(request, spec.allow ?? spec.methods);
  }
  const member = spec.auth ? await apiMemberOf(request) : undefined;
  if (member && spec.right) requireApiRight(member, spec.right);
  const input = spec.schema ? await parseApiBody(request, spec.schema, spec.read) : undefined;
  return { member, input };
}
