import { SHOP_FILE_RULES, SHOP_IMAGE_RULES } from "~models/back-office/catalog-kinds";
import { MEGABYTE, PROJECT_FILE_RULES } from "~models/platform/uploads";

// Every byte limit on a request body, in one table (docs/decisions/0055-one-body-reader.md).
// A route names the kind of body it takes; the readers in this folder refuse
// anything past that kind's limit with a 413 as soon as the Content-Length or
// the bytes read pass it, before more than the limit is held in memory.

const KILOBYTE = 1024;

/** Room for the text fields and multipart framing on top of the largest file a form takes. */
export const FORM_OVERHEAD_BYTES = 1 * MEGABYTE;

export const BODY_LIMITS = {
  /** A page form with text fields only (sign-in, settings, cart, back-office actions). */
  form: 64 * KILOBYTE,
  /** A JSON body of the REST API. */
  json: 64 * KILOBYTE,
  /** A Stripe event, read raw for its signature (the largest Stripe sends are tens of KB). */
  webhook: 512 * KILOBYTE,
  /**
   * A public form with a file (a CV, an attachment). A file past its own limit
   * is skipped while it streams in and the typed fields come back with one
   * error on the file, so the body may be well past the file's limit.
   */
  publicUpload: 64 * MEGABYTE,
  /** A project page's post: a comment, a brief's file or a proof version. */
  projectUpload: PROJECT_FILE_RULES.maxBytes + FORM_OVERHEAD_BYTES,
  /** A catalogue item: its downloadable file and its image. */
  catalogUpload: SHOP_FILE_RULES.maxBytes + SHOP_IMAGE_RULES.maxBytes + FORM_OVERHEAD_BYTES,
} as const;

/** The largest body any route takes: server.js refuses a longer Content-Length before the app runs. */
export const MAX_BODY_BYTES = Math.max(...Object.values(BODY_LIMITS));

/**
 * A refused body is answered at once, and what is left of it is read and
 * thrown away up to this many bytes, so a browser still uploading sees our
 * answer instead of a reset connection; past it the connection is cut.
 */
export const DRAIN_LIMIT_BYTES = 64 * MEGABYTE;
