import { describe, expect, it, vi } from "vitest";
import { loadEnv } from "./env.server";
import { BAD_REQUEST_TARGET_MESSAGE, checkRequestTarget } from "./request-target.server";

const env = loadEnv({ NODE_ENV: "production", PORT: "4000", ALLOWED_HOSTS: "ascendra.studio" });

function run(url: string, host = "ascendra.studio") {
  const req = { url, originalUrl: url, headers: { host } as Record<string, string | undefined> };
  const sent = vi.fn();
  const type = vi.fn(() => ({ send: sent }));
  const status = vi.fn(() => ({ type }));
  const next = vi.fn();
  checkRequestTarget(env)(req, { status }, next);
  return { req, next, status, type, sent };
}

describe("the request target", () => {
  it("lets a path through untouched", () => {
    const { req, next } = run("/contact?x=1");
    expect(next).toHaveBeenCalled();
    expect(req).toMatchObject({ url: "/contact?x=1", originalUrl: "/contact?x=1" });
  });

  it("serves our own URL in absolute form as its path, on the host it names", () => {
    const { req, next } = run("https://ascendra.studio/blog?page=2", "other.example");
    expect(next).toHaveBeenCalled();
    expect(req).toMatchObject({ url: "/blog?page=2", originalUrl: "/blog?page=2" });
    expect(req.headers.host).toBe("ascendra.studio");
  });

  it("answers 400 in plain text to another site's URL, a credentials URL, or no URL at all", () => {
    for (const url of [
      "http://evil.example/",
      "http://ascendra.studio@evil.example/",
      "http://evil.example:80@ascendra.studio/",
      "ftp://ascendra.studio/",
      "http://[bad/",
      "*",
      "evil",
    ]) {
      const { next, status, type, sent } = run(url);
      expect(next, url).not.toHaveBeenCalled();
      expect(status).toHaveBeenCalledWith(400);
      expect(type).toHaveBeenCalledWith("text/plain");
      expect(sent).toHaveBeenCalledWith(BAD_REQUEST_TARGET_MESSAGE);
    }
  });

  it("answers 400 to a Host that cannot head a URL", () => {
    expect(run("/", "a b").status).toHaveBeenCalledWith(400);
  });
});
