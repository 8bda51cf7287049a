import { createHash, timingSafeEqual } from "node:crypto";
import type { Request, Response } from "express";
import { registry } from "~models/platform/metrics.server";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * GET /metrics: this process's metrics in Prometheus's text format, for
 * `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN the path
 * does not exist (404, as any unknown path); a wrong or missing token is a
 * 401. `open`: answers without a token when none is set (METRICS_PORT, a
 * port only a scraper inside the network reaches).
 */
export function metricsEndpoint(options: { token?: string; open?: boolean }) {
  const expected = options.token ? digest(options.token) : undefined;
  return async function metrics(req: Request, res: Response) {
    res.locals.routeId = "metrics";
    if (!expected && !options.open) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    if (expected) {
      const [scheme, given] = (req.get("authorization") ?? "").split(" ");
      if (scheme?.toLowerCase() !== "bearer" || !given || !timingSafeEqual(digest(given), expected)) {
        res
          .status(401)
          .set("WWW-Authenticate", 'Bearer realm="metrics"')
          .type("text/plain")
          .send("Unauthorized");
        return;
      }
    }
    res
      .set("Cache-Control", "no-store")
      .type(registry.contentType)
      .send(await registry.metrics());
  };
}
