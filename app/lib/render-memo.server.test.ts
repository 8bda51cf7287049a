import { afterEach, describe, expect, it } from "vitest";
import type { EntryContext } from "react-router";
import { documentKey, forgetRenders, recalled, remember } from "./render-memo.server";

const get = (url = "http://127.0.0.1/dashboard2") => new Request(url);

/** The part of React Router's entry context the key reads. */
function context(loaderData: unknown, extra: Record<string, unknown> = {}): EntryContext {
  return {
    isSpaMode: false,
    staticHandlerContext: { loaderData, actionData: null, errors: null, ...extra },
  } as unknown as EntryContext;
}

const keyOf = (loaderData: unknown, request = get()) => documentKey(request, 200, context(loaderData));

afterEach(() => forgetRenders());

describe("documentKey", () => {
  it("is the same for the same URL and loader data, and differs when either does", () => {
    const data = { root: { user: "meera", unread: 2 }, "routes/dashboard/index": { projects: [1, 2] } };
    expect(keyOf(data)).toBe(keyOf(structuredClone(data)));
    expect(keyOf(data)).not.toBe(keyOf({ ...data, root: { user: "meera", unread: 3 } }));
    expect(keyOf(data)).not.toBe(keyOf(data, get("http://127.0.0.1/dashboard2?page=2")));
  });

  it("tells apart values turbo-stream sends differently but JSON would write alike", () => {
    const when = new Date("2026-11-29T10:00:00.000Z");
    const pairs: [unknown, unknown][] = [
      [{ at: when }, { at: when.toISOString() }],
      [{ tags: new Map([["a", 1]]) }, { tags: { a: 1 } }],
      [{ tags: new Set(["a"]) }, { tags: ["a"] }],
      [{ note: undefined }, {}],
      [{ count: 10n }, { count: 10 }],
      [{ ratio: Infinity }, { ratio: null }],
      [{ word: "\u0000u" }, { word: undefined }],
    ];
    for (const [one, other] of pairs) expect(keyOf(one), JSON.stringify(other)).not.toBe(keyOf(other));
  });

  it("is null, so the page renders, for anything but a 200 GET whose loader data is plain", () => {
    expect(documentKey(new Request("http://127.0.0.1/x", { method: "POST" }), 200, context({}))).toBeNull();
    expect(documentKey(get(), 404, context({}))).toBeNull();
    expect(documentKey(get(), 200, context({}, { errors: { root: new Error("x") } }))).toBeNull();
    expect(documentKey(get(), 200, context({}, { actionData: { ok: true } }))).toBeNull();
    expect(keyOf({ later: Promise.resolve(1) })).toBeNull();
    expect(keyOf({ handler: () => 1 })).toBeNull();
    expect(keyOf({ url: new URL("http://127.0.0.1/") })).toBeNull();
  });
});

describe("recalled and remember", () => {
  const html = (nonce: string) =>
    Buffer.from(`<script nonce="${nonce}">1</script><p>hi</p><style nonce="${nonce}"></style>`);

  it("serve a stored document with the new request's nonce in every place the old one was", () => {
    remember("k", html("OLDNONCE"), "OLDNONCE", 0);
    expect(recalled("k", "NEWNONCE", 1)?.toString()).toBe(html("NEWNONCE").toString());
    expect(recalled("other", "NEWNONCE", 1)).toBeNull();
  });

  it("forget a document after its lifetime", () => {
    remember("k", html("N1"), "N1", 0);
    expect(recalled("k", "N2", 59_999)).not.toBeNull();
    expect(recalled("k", "N2", 60_000)).toBeNull();
  });

  it("keep at most their byte budget, dropping the least recently used first", () => {
    const big = (n: number) => Buffer.alloc(500 * 1024, n);
    for (let i = 0; i < 64; i++) remember(`k${i}`, big(i), "NONE", 0);
    // k0 is used again, so k1 is the oldest when the budget (32 MiB) is passed.
    expect(recalled("k0", "x", 1)).not.toBeNull();
    for (let i = 64; i < 70; i++) remember(`k${i}`, big(i), "NONE", 0);
    expect(recalled("k0", "x", 1)).not.toBeNull();
    expect(recalled("k1", "x", 1)).toBeNull();
    expect(recalled("k69", "x", 1)).not.toBeNull();
  });
});
