// The server's baseline: security headers, asset caching, health, favicon, and
// writes from another site refused before anything runs.
import { describe, expect, test } from "vitest";
import { Visitor } from "./client";
import { client, ownedBy } from "./identities";

describe("baseline headers", () => {
  test("every response has the baseline security headers and no X-Powered-By", async () => {
    const visitor = new Visitor();
    for (const path of ["/", "/healthz", "/no-such-page", "/favicon.svg"]) {
      const response = await visitor.get(path);
      const headers = response.headers;
      expect(headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(headers.get("x-frame-options"), path).toBe("DENY");
      expect(headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(headers.get("permissions-policy"), path).toBeTruthy();
      expect(headers.get("x-powered-by"), path).toBeNull();
      // Plain http on 127.0.0.1: no HSTS.
      expect(headers.get("strict-transport-security"), path).toBeNull();
      // Idle connections outlive a proxy's or a client pool's 60 s (decision 0027).
      expect(headers.get("keep-alive"), path).toBe("timeout=65");
    }
  });

  test("a page whose URL holds a secret token sends no Referer to another site", async () => {
    const visitor = new Visitor();
    for (const path of [
      "/reset-password/not-a-real-token",
      "/staff-invite/not-a-real-token",
      "/newsletter/confirm/not-a-real-token",
    ]) {
      const response = await visitor.get(path);
      expect(response.status, path).toBe(410);
      expect(response.headers.get("referrer-policy"), path).toBe("same-origin");
    }
  });

  test("fingerprinted assets are cached for a year; a missing one is a 404", async () => {
    const visitor = new Visitor();
    const html = await (await visitor.get("/")).text();
    const stylesheet = /<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/.exec(html)?.[1];
    expect(stylesheet).toMatch(/^\/assets\//);
    const response = await visitor.get(stylesheet!);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await visitor.get("/assets/missing-file.js")).status).toBe(404);
  });

  test("the liveness and readiness probes answer", async () => {
    const alive = await new Visitor().get("/healthz");
    expect(alive.status).toBe(200);
    expect(alive.headers.get("cache-control")).toBe("no-store");
    expect(await alive.json()).toEqual({ status: "ok" });
    const ready = await new Visitor().get("/readyz");
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as { status: string; checks: Record<string, { ok: boolean }> };
    expect(body.status).toBe("ready");
    expect(Object.values(body.checks).every((check) => check.ok)).toBe(true);
  });

  test("the favicon is served", async () => {
    const visitor = new Visitor();
    const response = await visitor.get("/favicon.ico");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/favicon.svg");
    expect((await visitor.get("/favicon.svg")).headers.get("content-type")).toContain("image/svg+xml");
  });

  test("a page action rejects a cross-origin POST", async () => {
    const response = await new Visitor().post(
      "/login",
      { form: { username: "someone", password: "secret12" } },
      { Origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  // server.js is the one cross-site check (the root route's copy, which only
  // development reached, is gone): its answer for pages and for the API.
  test("a cross-site write is refused with plain text for a page and JSON for the API", async () => {
    const visitor = new Visitor();
    const page = await visitor.post("/contact", { form: { probe: "1" } }, { "Sec-Fetch-Site": "cross-site" });
    expect(page.status).toBe(403);
    expect(page.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await page.text()).toBe("Cross-site requests are not accepted.");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");

    const api = await visitor.post(
      "/api/newsletter",
      { json: { email: "someone@example.com" } },
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    );
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ error: "Cross-site requests are not accepted." });

    // The site's own origin passes the check (whatever the route then answers).
    const own = await visitor.post(
      "/api/newsletter",
      { json: {} },
      { Origin: new URL(visitor.baseURL).origin, "Sec-Fetch-Site": "same-origin" },
    );
    await own.arrayBuffer();
    expect(own.status).not.toBe(403);
  });

  test("logout is not possible with a GET", async () => {
    const response = await new Visitor().get("/logout");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect(response.headers.get("set-cookie")).toBeNull();
  });
});

describe("headers a route sets itself", () => {
  // The baseline is a default: a route's own value is sent once, and wins.
  test("a file is sent with one X-Content-Type-Options", async () => {
    const owner = await client("headers");
    const owned = await ownedBy(owner);
    const file = await owner.visitor.get(`/project/${owned.projectId}/files/${owned.fileId}`);
    await file.arrayBuffer();
    expect(file.status).toBe(200);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
