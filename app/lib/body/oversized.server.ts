import type { NextFunction, Request, Response } from "express";
import { MAX_BODY_BYTES } from "./limits";
import { BODY_MESSAGES } from "./refusals";

/**
 * Express middleware for server.js: a request that declares a body longer
 * than any route takes is answered 413 before the app runs, and the
 * connection is closed once the answer is written, so none of the body is
 * read. Each route's own, smaller limit is enforced by the reader it uses
 * (app/lib/body/), for declared and chunked bodies alike.
 */
export function refuseOversizedBody(req: Request, res: Response, next: NextFunction): void {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (!(declared > MAX_BODY_BYTES)) return next();
  res.setHeader("Connection", "close");
  res.status(413);
  if (req.path === "/api" || req.path.startsWith("/api/")) res.json({ error: BODY_MESSAGES.tooLarge });
  else res.type("text/plain").send(BODY_MESSAGES.tooLarge);
}
