// Whole numbers that come from a URL or a form and reach an `integer` column
// (a page of a proof, a version, a receipt number). PostgreSQL refuses a
// value past its range with an error, so every such number is checked here,
// by its schema, before it reaches SQL: a URL with one past the range is a
// 404 like any other unknown record, a form with one gets its field's message.
import { z } from "zod";

/** The largest value a PostgreSQL `integer` column holds (2^31 - 1). */
export const MAX_DATABASE_INTEGER = 2_147_483_647;

/** Digits as a URL or a form sends them; JSON sends a number. Nothing else is coerced ("1e3", "0x10", " "). */
const DIGITS = /^\s*\d+\s*$/;

/**
 * A number from 1 to MAX_DATABASE_INTEGER: a page, a version, a row number.
 * Takes "12" (a URL, a form) or 12 (JSON); anything else fails with `error`.
 */
export function databaseInteger(error?: string) {
  // One message however many checks fail ("99999999999999999999" is neither safe nor in range).
  const message = { error, abort: true };
  return z.preprocess(
    (value) => (typeof value === "string" && DIGITS.test(value) ? Number(value) : value),
    z.number({ error }).int(message).min(1, message).max(MAX_DATABASE_INTEGER, message),
  );
}

const anyDatabaseInteger = databaseInteger();

/** A number in a URL (a path segment or a query value): the number, or null for anything else (the route answers 404). */
export function integerParam(value: string | null | undefined): number | null {
  const parsed = anyDatabaseInteger.safeParse(value);
  return parsed.success ? parsed.data : null;
}
