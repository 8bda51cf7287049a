// A fix for the `compression` middleware's handling of `drain` listeners, for
// server.js (docs/decisions/0040-render-cost.md).
//
// compression hands every `drain` listener added to a response on to its zlib
// stream, but not their removal: a listener added with `once` is never taken
// off the zlib stream (the `once` wrapper removes itself from the response,
// where it is not), and neither is one removed with `off`. React Router's
// adapter waits for `drain` that way each time the client reads slower than
// the page is written, so a large page left one listener behind per wait
// ("MaxListenersExceededWarning: 11 drain listeners added to [Gzip]"), each
// called again on every later drain.
import type { NextFunction, Request, Response } from "express";

type Listener = (...args: unknown[]) => void;

/**
 * Express middleware, after compression(): `once("drain")` and
 * `off("drain")` on a response work as on any stream. One listener per
 * response reaches the zlib stream and wakes whoever is waiting.
 */
export function drainListenersOnce(_req: Request, res: Response, next: NextFunction): void {
  const waiting = new Set<Listener>();
  let listening = false;
  const once = res.once;
  const removeListener = res.removeListener;
  res.once = function onceDrain(this: Response, event: string | symbol, listener: Listener) {
    if (event !== "drain") return once.call(this, event, listener);
    if (!listening) {
      listening = true;
      this.on("drain", () => {
        const woken = [...waiting];
        waiting.clear();
        for (const wake of woken) wake();
      });
    }
    waiting.add(listener);
    return this;
  } as Response["once"];
  res.removeListener = res.off = function removeDrain(
    this: Response,
    event: string | symbol,
    listener: Listener,
  ) {
    if (event === "drain" && waiting.delete(listener)) return this;
    return removeListener.call(this, event, listener);
  } as Response["off"];
  next();
}
