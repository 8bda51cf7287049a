import { heldArrayBuffers } from "../../../tests/harness/held-memory";
import { describe, expect, it } from "vitest";
import { readBytes } from "./bytes.server";
import { readForm, requireForm } from "./form.server";
import { readFields, readJson, readRaw } from "./json.server";
import { DRAIN_LIMIT_BYTES } from "./limits";
import { BODY_MESSAGES } from "./refusals";

const MB = 1024 * 1024;

// A body of `size` bytes made as it is read, never whole, recording how much
// was pulled and whether the reader reached its end.
function streamed(
  size: number,
  { contentType = "application/json", declare = false, path = "/api/auth/login/" } = {},
) {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const seen = { pulled: 0, ended: false };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.pulled >= size) {
          seen.ended = true;
          controller.close();
          return;
        }
        const piece = chunk.subarray(0, Math.min(chunk.length, size - seen.pulled));
        seen.pulled += piece.length;
        controller.enqueue(piece);
      },
    },
    { highWaterMark: 0 },
  );
  const headers: Record<string, string> = { "Content-Type": contentType };
  if (declare) headers["Content-Length"] = String(size);
  const request = new Request(`http://127.0.0.1:3000${path}`, {
    method: "POST",
    body,
    headers,
    duplex: "half",
  } as RequestInit);
  return { request, seen };
}

/** A body that sends `size` bytes and then stalls, as a slow or hostile client does. */
function stalled(size: number, headers: Record<string, string> = {}) {
  const seen = { pulled: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (seen.pulled >= size) return new Promise<void>(() => {});
        seen.pulled = size;
        controller.enqueue(new Uint8Array(size).fill(0x20));
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request("http://127.0.0.1:3000/api/auth/login/", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", ...headers },
    duplex: "half",
  } as RequestInit);
  return { request, seen };
}

/** Waits until the stream has not been pulled for a moment (the background drain is done or stalled). */
async function settled(seen: { pulled: number }) {
  for (let last = -1; last !== seen.pulled;) {
    last = seen.pulled;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("every body is bounded before it is buffered", () => {
  it("a declared length past the limit is refused before a byte arrives", async () => {
    const { request, seen } = stalled(0, { "Content-Length": String(400 * MB) });
    await expect(readBytes(request, 64 * 1024)).rejects.toThrow("larger than this route accepts");
    expect(seen.pulled).toBe(0);
  });

  it("a chunked body is refused as soon as the bytes read pass the limit, while the client is still sending", async () => {
    // The client sends a little past the limit and then nothing more: the
    // refusal must not wait for the rest (it used to wait for ever).
    const { request, seen } = stalled(100 * 1024 + 1);
    await expect(readBytes(request, 100 * 1024)).rejects.toThrow("larger than this route accepts");
    expect(seen.pulled).toBe(100 * 1024 + 1);
  });

  it("the rest of a refused body is thrown away up to the drain limit, then the stream is cancelled", async () => {
    const { request, seen } = streamed(400 * MB);
    const before = heldArrayBuffers();
    await expect(readBytes(request, 100 * 1024)).rejects.toThrow();
    await settled(seen);
    expect(seen.ended).toBe(false);
    expect(seen.pulled).toBeGreaterThan(DRAIN_LIMIT_BYTES - 64 * 1024);
    expect(seen.pulled).toBeLessThanOrEqual(DRAIN_LIMIT_BYTES + 64 * 1024);
    expect(heldArrayBuffers() - before).toBeLessThan(16 * MB);
  });

  it("a body within the limit is read whole", async () => {
    const { request, seen } = streamed(200 * 1024);
    expect((await readBytes(request, 200 * 1024)).byteLength).toBe(200 * 1024);
    expect(seen.ended).toBe(true);
  });

  it("each reader answers a body past its limit with a 413 in its caller's shape", async () => {
    const tooLarge = { status: 413, body: JSON.stringify({ error: BODY_MESSAGES.tooLarge }) };
    const answer = async (response: Response) => ({ status: response.status, body: await response.text() });

    const json = await readJson(streamed(1 * MB).request, 64 * 1024);
    expect(json instanceof Response && (await answer(json))).toEqual(tooLarge);

    const fields = await readFields(streamed(1 * MB).request, 64 * 1024).catch((thrown: Response) => thrown);
    expect(fields instanceof Response && (await answer(fields))).toEqual(tooLarge);

    const raw = await readRaw(streamed(1 * MB, { declare: true }).request, 64 * 1024).catch(
      (t: Response) => t,
    );
    expect(raw instanceof Response && (await answer(raw))).toEqual(tooLarge);

    const form = streamed(1 * MB, { contentType: "application/x-www-form-urlencoded", path: "/login" });
    expect(await readForm(form.request)).toEqual({ ok: false, tooLarge: true });
    const page = await requireForm(
      streamed(1 * MB, { contentType: "application/x-www-form-urlencoded", path: "/login" }).request,
    ).catch((thrown: Response) => thrown);
    expect(page instanceof Response && (await answer(page))).toEqual({
      status: 413,
      body: BODY_MESSAGES.tooLarge,
    });
  });
});
