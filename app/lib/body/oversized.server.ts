import type { NextFunction, Request, Response } from "express";
import { DRAIN_LIMIT_BYTES, MAX_BODY_BYTES } from "./limits";
import { BODY_MESSAGES } from "./refusals";

/**
 * How long a connection stays open after an answer sent before its request's
 * body was read to the end (a refusal, or a route that takes no body), reading
 * and throwing away what the client still sends.
 */
const LINGER_AFTER_ANSWER_MS = 2_000;

/**
 * Express middleware for server.js, first: a body the app did not read to its
 * end is read and thrown away once the answer is sent, for up to
 * LINGER_AFTER_ANSWER_MS and DRAIN_LIMIT_BYTES, then the connection is cut.
 * Node otherwise closes such a connection (one it will not keep alive) the
 * moment the answer is written; the client's next write then meets a reset,
 * and a reset makes the client drop the answer it has not read yet: the
 * visitor sees a failed upload instead of our message.
 */
export function lingerOnUnreadBody(req: Request, res: Response, next: NextFunction): void {
  // A GET or HEAD body is never handed to the app, so Node throws it away itself.
  if (req.method === "GET" || req.method === "HEAD") return next();
  res.once("finish", () => {
    if (req.complete || req.socket.destroyed) return;
    const socket = req.socket;
    // Node has just ended a connection it will not keep (net's destroySoon):
    // its write side closes, and it is destroyed here instead, below.
    const closing = socket.writableEnded;
    if (closing) socket.removeListener("finish", socket.destroy);
    const cut = () => socket.destroy();
    const timer = setTimeout(cut, LINGER_AFTER_ANSWER_MS);
    timer.unref();
    let read = 0;
    // A reader that gave up on the body (the app's) no longer takes it.
    req.removeAllListeners("data");
    req.on("data", (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_LIMIT_BYTES) cut();
    });
    req.once("end", () => {
      clearTimeout(timer);
      if (closing) cut();
    });
    req.resume();
  });
  next();
}

/**
 * Express middleware for server.js: a request that declares a body longer
 * than any route takes is answered 413 before the app runs, and none of it is
 * kept (lingerOnUnreadBody throws away what arrives). Each route's own,
 * smaller limit is enforced by the reader it uses (app/lib/body/), for
 * declared and chunked bodies alike.
 */
export function refuseOversizedBody(req: Request, res: Response, next: NextFunction): void {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (!(declared > MAX_BODY_BYTES)) return next();
  res.setHeader("Connection", "close");
  res.status(413);
  if (req.path === "/api" || req.path.startsWith("/api/")) res.json({ error: BODY_MESSAGES.tooLarge });
  else res.type("text/plain").send(BODY_MESSAGES.tooLarge);
}
