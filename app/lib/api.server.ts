import type { z } from "zod";
import type { AccountUser } from "~models/identity/accounts.server";
import { getApiUser } from "./auth.server";
import { parseFormData } from "./request-input.server";

// The REST API's conventions (docs/product.md, "REST API"): JSON in and out, errors as
// {"error": "..."} or per-field arrays {"field": ["message"]}.

export const API_MESSAGES = {
  notAuthenticated: "Authentication credentials were not provided.",
  invalidToken: "Invalid token.",
  invalidJson: "The request body must be a JSON object.",
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

/** The JSON object in the body (form bodies are accepted too), or null when there is none. */
export async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    return Object.fromEntries(await parseFormData(request));
  }
  try {
    const text = await request.text();
    if (!text.trim()) return {};
    const body: unknown = JSON.parse(text);
    return body && typeof body === "object" && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * The body of a call that charges or spends, with the `Idempotency-Key`
 * header (when sent) as its `idempotency_key`: a retried call is done once.
 */
export async function readIdempotentBody(request: Request): Promise<Record<string, unknown> | null> {
  const body = await readBody(request);
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
    console.error(`${defaultMessage}:`, error);
    return apiError(500, defaultMessage);
  }
}

export function methodNotAllowed(request: Request, allowed: string[]): Response {
  return apiError(405, API_MESSAGES.methodNotAllowed(request.method), { Allow: allowed.join(", ") });
}
