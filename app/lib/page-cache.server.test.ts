import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCache, invalidatePageCache, sharedLifetimeMs } from "./page-cache.server";

describe("sharedLifetimeMs", () => {
  it("stores public responses for s-maxage, capped by the cache's own TTL", () => {
    expect(sharedLifetimeMs("public, max-age=300, s-maxage=3600", 60_000)).toBe(60_000);
    expect(sharedLifetimeMs("public, s-maxage=10", 60_000)).toBe(10_000);
    expect(sharedLifetimeMs("public, max-age=5", 60_000)).toBe(5_000);
  });
  it("never stores private, no-store or unmarked responses", () => {
    for (const value of [undefined, "", "private, no-store", "no-store", "max-age=300", "public, no-store"])
      expect(sharedLifetimeMs(value, 60_000)).toBe(0);
  });
});

describe("createPageCache", () => {
  let close = () => {};
  afterEach(() => close());

  async function serve(
    options: {
      now?: () => number;
      onHit?: (req: express.Request) => void;
      revision?: () => Promise<number>;
    } = {},
  ) {
    let renders = 0;
    const app = express();
    app.use(createPageCache({ ttlMs: 60_000, ...options }));
    app.get("/page", (_req, res) => {
      renders++;
      const nonce = `nonce${renders}xyz`;
      res.set({
        "Cache-Control": "public, max-age=300, s-maxage=3600",
        "Content-Security-Policy": `script-src 'self' 'nonce-${nonce}'`,
        "Content-Type": "text/html; charset=utf-8",
      });
      res.write(`<html><script nonce="${nonce}">1</script>`);
      res.end(`<script nonce="${nonce}">2</script> render ${renders}</html>`);
    });
    app.get("/private", (_req, res) => {
      renders++;
      res
        .set({ "Cache-Control": "private, no-store", "Content-Type": "text/html" })
        .send(`render ${renders}`);
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    close = () => server.close();
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      get: (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers }),
      renders: () => renders,
    };
  }

  it("serves a public page from memory, with a fresh nonce in the header and the body", async () => {
    const app = await serve();
    const first = await app.get("/page");
    const firstBody = await first.text();
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const second = await app.get("/page");
    const body = await second.text();
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(app.renders()).toBe(1);
    expect(body).toContain("render 1");
    const nonce = /'nonce-([^']+)'/.exec(second.headers.get("content-security-policy")!)![1]!;
    expect(nonce).not.toBe("nonce1xyz");
    expect(body.match(/nonce="([^"]+)"/g)).toEqual([`nonce="${nonce}"`, `nonce="${nonce}"`]);
    expect(body.replaceAll(nonce, "N")).toBe(firstBody.replaceAll("nonce1xyz", "N"));
  });

  it("renders again after invalidatePageCache (a catalogue change)", async () => {
    const app = await serve();
    await app.get("/page");
    expect((await app.get("/page")).headers.get("x-page-cache")).toBe("hit");
    invalidatePageCache();
    const fresh = await app.get("/page");
    expect(fresh.headers.get("x-page-cache")).toBe("miss");
    expect(await fresh.text()).toContain("render 2");
    expect((await app.get("/page")).headers.get("x-page-cache")).toBe("hit");
  });

  it("renders again for a session cookie, for private pages, and after the TTL", async () => {
    let clock = 0;
    const app = await serve({ now: () => clock });
    await app.get("/page");
    await app.get("/page", { Cookie: "ascendra_session=abc" });
    expect(app.renders()).toBe(2);
    await app.get("/private");
    await app.get("/private");
    expect(app.renders()).toBe(4);
    clock = 60_001;
    const late = await app.get("/page");
    expect(late.headers.get("x-page-cache")).toBe("miss");
    expect(app.renders()).toBe(5);
  });

  it("runs the hit hook for each answer from memory, and only for those", async () => {
    const hits: string[] = [];
    const app = await serve({ onHit: (req) => hits.push(req.originalUrl) });
    await (await app.get("/page")).text();
    expect(hits).toEqual([]);
    await (await app.get("/page")).text();
    await (await app.get("/page")).text();
    await (await app.get("/page", { Cookie: "ascendra_session=x" })).text();
    expect(hits).toEqual(["/page", "/page"]);
  });

  it("drops pages stored before a newer revision, reading it at most once a second", async () => {
    let clock = 0;
    let revision = 1;
    let reads = 0;
    const app = await serve({ now: () => clock, revision: async () => (reads++, revision) });
    await (await app.get("/page")).text();
    expect((await app.get("/page")).headers.get("x-page-cache")).toBe("hit");
    expect(reads).toBe(1);
    revision = 2;
    clock = 999;
    expect((await app.get("/page")).headers.get("x-page-cache")).toBe("hit");
    clock = 1_000;
    expect((await app.get("/page")).headers.get("x-page-cache")).toBe("miss");
    expect((await app.get("/page")).headers.get("x-page-cache")).toBe("hit");
    expect(reads).toBe(2);
  });

  it("neither serves nor stores pages while the revision cannot be read", async () => {
    const app = await serve({ revision: () => Promise.reject(new Error("database down")) });
    expect((await app.get("/page")).headers.get("x-page-cache")).toBeNull();
    expect((await app.get("/page")).headers.get("x-page-cache")).toBeNull();
    expect(app.renders()).toBe(2);
  });
});
