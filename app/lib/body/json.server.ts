import { BodyTooLargeError, readBytes } from "./bytes.server";
import { readForm } from "./form.server";
import { BODY_LIMITS } from "./limits";
import { BODY_MESSAGES, badInput, bodyTooLarge, jsonHasNul, refuseInput } from "./refusals";

// JSON bodies of the REST API, and the raw body a signature is checked over.

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  Boolean(value) && typeof value === "object" && !Array.isArray(value);

async function readText(request: Request, limit: number): Promise<string> {
  try {
    return new TextDecoder().decode(await readBytes(request, limit));
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw bodyTooLarge(request);
    throw error;
  }
}

/** `text` as JSON, or undefined when it is not JSON; a NUL anywhere in it is refused (400 thrown). */
function parseJson(request: Request, text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (jsonHasNul(value)) throw badInput(request, BODY_MESSAGES.nul);
  return value;
}

/**
 * A JSON object body, for a call that takes only JSON: the refusal (415 for
 * another Content-Type, 413 past the limit, 400 when it is not a JSON object)
 * is returned as the answer.
 */
export async function readJson(
  request: Request,
  limit: number = BODY_LIMITS.json,
): Promise<Fields | Response> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.toLowerCase().startsWith("application/json"))
    return refuseInput(request, 415, BODY_MESSAGES.wrongContentType);
  try {
    const value = parseJson(request, await readText(request, limit));
    return isObject(value) ? value : badInput(request, BODY_MESSAGES.invalidJson);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/**
 * The fields of an API body, JSON or a form: {} for an empty body, null when
 * it is not an object. Past the limit the 413 is thrown.
 */
export async function readFields(request: Request, limit: number = BODY_LIMITS.json): Promise<Fields | null> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    const read = await readForm(request, limit);
    if (!read.ok) throw bodyTooLarge(request);
    return Object.fromEntries(read.formData);
  }
  const text = await readText(request, limit);
  if (!text.trim()) return {};
  const value = parseJson(request, text);
  return isObject(value) ? value : null;
}

/** The body as text, for a signature over its exact bytes; past the limit the 413 is thrown. */
export const readRaw = (request: Request, limit: number) => readText(request, limit);
