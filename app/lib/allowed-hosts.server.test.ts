import { describe, expect, it, vi } from "vitest";
import {
  allowedHosts,
  checkHost,
  isAllowedHost,
  serverOrigin,
  UNKNOWN_HOST_MESSAGE,
} from "./allowed-hosts.server";
import { loadEnv } from "./env.server";

const production = (extra: Record<string, string> = {}) =>
  loadEnv({ NODE_ENV: "production", PORT: "4000", ...extra });

describe("allowed hosts", () => {
  it("are the address the server was started on, loopback on its port, ALLOWED_HOSTS and PUBLIC_URL", () => {
    const env = production({
      HOST: "10.0.0.5",
      ALLOWED_HOSTS: "ascendra.studio,www.ascendra.studio",
      PUBLIC_URL: "https://portal.ascendra.studio",
    });
    expect([...allowedHosts(env)].sort()).toEqual(
      [
        "10.0.0.5:4000",
        "127.0.0.1:4000",
        "[::1]:4000",
        "ascendra.studio",
        "localhost:4000",
        "portal.ascendra.studio",
        "www.ascendra.studio",
      ].sort(),
    );
    expect(isAllowedHost("ASCENDRA.studio", env)).toBe(true);
    expect(isAllowedHost("127.0.0.1:4000", env)).toBe(true);
    expect(isAllowedHost("localhost:4000", env)).toBe(true);
  });

  it("never include a host the request chose", () => {
    const env = production();
    for (const host of [
      "evil.example",
      "evil.example:4000",
      "127.0.0.1:4001",
      "127.0.0.1:4000.evil.example",
      "",
      null,
    ]) {
      expect(isAllowedHost(host, env)).toBe(false);
    }
  });

  it("include loopback on any port outside production, for the dev server", () => {
    const env = loadEnv({ NODE_ENV: "development", PORT: "4000" });
    expect(isAllowedHost("127.0.0.1:5173", env)).toBe(true);
    expect(isAllowedHost("evil.example", env)).toBe(false);
  });

  it("give links the server's own address when it listens on every interface", () => {
    expect(serverOrigin(production({ HOST: "0.0.0.0" }))).toBe("http://127.0.0.1:4000");
    expect(serverOrigin(production({ HOST: "10.0.0.5" }))).toBe("http://10.0.0.5:4000");
  });
});

describe("checkHost (server.js)", () => {
  function run(env: ReturnType<typeof loadEnv>, headers: Record<string, string>) {
    const req = { headers: { ...headers } as Record<string, string | undefined> };
    const sent = { status: 0, body: "" };
    const res = {
      status: (code: number) => (
        (sent.status = code),
        { type: () => ({ send: (body: string) => (sent.body = body) }) }
      ),
    };
    const next = vi.fn();
    checkHost(env)(req, res, next);
    return { req, sent, passed: next.mock.calls.length === 1 };
  }

  it("refuses an unknown Host with 400 in production", () => {
    const outcome = run(production(), { host: "evil.example" });
    expect(outcome.passed).toBe(false);
    expect(outcome.sent).toEqual({ status: 400, body: UNKNOWN_HOST_MESSAGE });
    expect(run(production(), {}).sent.status).toBe(400);
  });

  it("lets the server's own addresses through", () => {
    expect(run(production(), { host: "127.0.0.1:4000" }).passed).toBe(true);
    expect(run(production(), { host: "localhost:4000" }).passed).toBe(true);
    expect(run(production({ ALLOWED_HOSTS: "ascendra.studio" }), { host: "ascendra.studio" }).passed).toBe(
      true,
    );
  });

  it("drops X-Forwarded-Host, so no link is made from it", () => {
    const outcome = run(production({ TRUST_PROXY: "true" }), {
      host: "127.0.0.1:4000",
      "x-forwarded-host": "evil.example",
    });
    expect(outcome.passed).toBe(true);
    expect(outcome.req.headers["x-forwarded-host"]).toBeUndefined();
  });

  it("only refuses in production", () => {
    expect(run(loadEnv({ NODE_ENV: "development" }), { host: "evil.example" }).passed).toBe(true);
  });
});
