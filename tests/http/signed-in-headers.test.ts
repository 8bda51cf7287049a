// Signed-in answers are never stored and are compressed, and a streamed
// document still streams through compression: the shell is flushed as a unit
// before the rest (docs/decisions/0040-render-cost.md). Anonymous marketing
// pages keep their public caching and are compressed too.
import http from "node:http";
import zlib from "node:zlib";
import { beforeAll, expect, test } from "vitest";
import { sharedBaseURL } from "./client";
import { anonymous, client, type Identity } from "./identities";

let a: Identity;
let anon: Identity;

beforeAll(async () => {
  a = await client("headers");
  anon = anonymous();
});

type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** GET without decompressing (fetch would undo the encoding we want to see). */
function rawGet(who: Identity, path: string, acceptEncoding: string): Promise<RawAnswer> {
  const url = new URL(path, sharedBaseURL());
  const headers: Record<string, string> = {
    "accept-encoding": acceptEncoding,
    "x-forwarded-for": who.visitor.address,
  };
  const cookie = who.visitor.cookieHeader();
  if (cookie) headers.cookie = cookie;
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

const decode = (answer: RawAnswer) => {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(answer.body).toString("utf8");
  if (encoding === "gzip") return zlib.gunzipSync(answer.body).toString("utf8");
  return answer.body.toString("utf8");
};

const vary = (answer: RawAnswer) =>
  String(answer.headers.vary ?? "")
    .toLowerCase()
    .split(",")
    .map((v) => v.trim());

const SIGNED_IN = [
  { path: "/dashboard2", kind: "document", contentType: /^text\/html/, ends: "</html>" },
  { path: "/dashboard2.data", kind: ".data request", contentType: /^text\/x-script/, ends: "" },
];

test.for(SIGNED_IN)("signed-in $kind $path: private, no-store and compressed", async (target) => {
  for (const [asked, expected] of [
    ["br, gzip, deflate", "br"],
    ["gzip", "gzip"],
  ] as const) {
    const answer = await rawGet(a, target.path, asked);
    expect(answer.status, target.path).toBe(200);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    expect(vary(answer)).toEqual(expect.arrayContaining(["cookie", "authorization", "accept-encoding"]));
    expect(answer.headers["content-type"]).toMatch(target.contentType);
    expect(answer.headers["content-encoding"], `${target.path} with Accept-Encoding: ${asked}`).toBe(
      expected,
    );
    const text = decode(answer);
    // Compressed for real, and what comes out is the whole answer.
    expect(answer.body.length).toBeLessThan(text.length / 2);
    expect(text.trimEnd().endsWith(target.ends)).toBe(true);
    if (target.kind === "document") expect(text).toContain(a.username!);
  }
});

test("a signed-in document still streams when compressed: the shell is flushed before the rest", async () => {
  // A URL no request asked for yet, so the page is rendered (an identical repeat comes from the
  // render memo in one piece, with nothing left to stream: decision 0090).
  const answer = await rawGet(a, `/dashboard2?render=${Date.now().toString(36)}`, "gzip");
  expect(answer.headers["content-encoding"]).toBe("gzip");
  expect(answer.headers["content-length"], "streamed, not buffered").toBeUndefined();
  // A zlib sync flush ends with an empty stored block: 00 00 ff ff. The first
  // one before the end of the body marks what was sent as one piece.
  const marker = Buffer.from([0x00, 0x00, 0xff, 0xff]);
  const flushEnd = answer.body.indexOf(marker) + marker.length;
  expect(flushEnd, "a flush point before the end").toBeGreaterThan(marker.length);
  expect(flushEnd).toBeLessThan(answer.body.length - 8);
  const first = zlib.gunzipSync(answer.body.subarray(0, flushEnd), {
    finishFlush: zlib.constants.Z_SYNC_FLUSH,
  });
  const whole = zlib.gunzipSync(answer.body).toString("utf8");
  const shell = first.toString("utf8");
  // The first piece is the page's shell in one piece (not a 4 KB slice of it),
  // and not the whole document.
  expect(shell).toMatch(/^<!DOCTYPE html>/i);
  expect(shell).toContain(a.username!);
  expect(shell.length).toBeGreaterThan(8 * 1024);
  expect(shell.length).toBeLessThan(whole.length);
  expect(whole.trimEnd().endsWith("</html>")).toBe(true);
});

test("anonymous marketing pages keep their public caching and are compressed", async () => {
  for (const path of ["/services", "/services"]) {
    // The second request is answered from the page cache.
    const answer = await rawGet(anon, path, "br, gzip");
    expect(answer.status).toBe(200);
    expect(answer.headers["cache-control"]).toBe(
      "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400",
    );
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(decode(answer)).toContain("</html>");
  }
  const data = await rawGet(anon, "/services.data", "gzip");
  expect(data.status).toBe(200);
  expect(data.headers["cache-control"]).toMatch(/^public,/);
});
