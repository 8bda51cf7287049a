import { describe, expect, it } from "vitest";
import { heldArrayBuffers } from "../../../tests/harness/held-memory";
import { readForm, readUploadForm } from "./form.server";
import { DRAIN_LIMIT_BYTES } from "./limits";

// The body as a browser sends it, arriving in small pieces so that delimiters
// and headers are split across chunks.
async function request(form: FormData, chunkSize: number): Promise<Request> {
  const encoded = new Request("http://x/", { method: "POST", body: form });
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += chunkSize)
        controller.enqueue(bytes.slice(at, at + chunkSize));
      controller.close();
    },
  });
  return new Request("http://x/", {
    method: "POST",
    body,
    headers: { "Content-Type": encoded.headers.get("Content-Type")! },
    duplex: "half",
  } as RequestInit);
}

describe("readUploadForm", () => {
  it.each([1, 7, 64 * 1024])(
    "keeps every field and the files within the limit, skips a larger file (chunks of %i bytes)",
    async (chunkSize) => {
      const form = new FormData();
      form.append("name", "Zoë — “quoted” \r\n--not-a-boundary");
      form.append("big", new File([new Uint8Array(3000).fill(45)], "big.pdf"));
      form.append("small", new File(["%PDF-1.4 small"], "small.pdf", { type: "application/pdf" }));
      form.append("after", "kept");
      const read = await readUploadForm(await request(form, chunkSize), { maxFileBytes: 2000 });
      expect(read.ok).toBe(true);
      if (!read.ok) return;
      expect(read.oversizedFiles).toEqual(["big"]);
      expect(read.formData.get("name")).toBe("Zoë — “quoted” \r\n--not-a-boundary");
      expect(read.formData.get("after")).toBe("kept");
      expect(read.formData.has("big")).toBe(false);
      const small = read.formData.get("small") as File;
      expect([small.name, small.type, await small.text()]).toEqual([
        "small.pdf",
        "application/pdf",
        "%PDF-1.4 small",
      ]);
    },
  );

  it("refuses the whole form when its text fields pass their limit", async () => {
    const form = new FormData();
    form.append("essay", "x".repeat(5000));
    expect(
      await readUploadForm(await request(form, 1000), { maxFileBytes: 10, maxFieldBytes: 4000 }),
    ).toEqual({ ok: false, tooLarge: true });
  });

  it("refuses a body that never ends its last part with a 400", async () => {
    const body = '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nunfinished';
    const req = new Request("http://x/", {
      method: "POST",
      body,
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
    });
    const refused = await readUploadForm(req, { maxFileBytes: 10 }).catch((thrown: unknown) => thrown);
    expect(refused instanceof Response && refused.status).toBe(400);
  });
});

describe("the limits hold while the body streams in", () => {
  const MB = 1024 * 1024;
  const boundary = "----limit-test";
  const encode = (text: string) => new TextEncoder().encode(text);

  // A body of `fileBytes` bytes of file content between two text fields, made
  // as it is read (never whole), recording how much was pulled and whether it
  // was read to the end.
  function streamedUpload(fileBytes: number) {
    const chunk = new Uint8Array(64 * 1024).fill(0x41);
    const head = encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="before"\r\n\r\nkept\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\n` +
        `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
    );
    const tail = encode(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="after"\r\n\r\nalso kept\r\n--${boundary}--\r\n`,
    );
    const seen = { pulled: 0, ended: false, peakArrayBuffers: 0 };
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
        seen.pulled += head.length;
      },
      pull(controller) {
        // Sampled every 4 MB of file (a collection per chunk would be slow).
        if (sent % (4 * MB) === 0)
          seen.peakArrayBuffers = Math.max(seen.peakArrayBuffers, heldArrayBuffers());
        if (sent >= fileBytes) {
          controller.enqueue(tail);
          seen.pulled += tail.length;
          seen.ended = true;
          controller.close();
          return;
        }
        const piece = chunk.subarray(0, Math.min(chunk.length, fileBytes - sent));
        sent += piece.length;
        seen.pulled += piece.length;
        controller.enqueue(piece);
      },
    });
    const request = new Request("http://x/", {
      method: "POST",
      body,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
    } as RequestInit);
    return { request, seen };
  }

  /** Waits until the body has not been pulled for a moment (a refused body's rest is read in the background). */
  async function settled(seen: { pulled: number }) {
    for (let last = -1; last !== seen.pulled;) {
      last = seen.pulled;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it("refuses a body past the upload limit at once, and reads no further than the drain limit", async () => {
    const { request, seen } = streamedUpload(1024 * MB);
    expect(await readUploadForm(request, { maxFileBytes: 10 * MB })).toEqual({ ok: false, tooLarge: true });
    await settled(seen);
    expect(seen.ended).toBe(false);
    expect(seen.pulled).toBeLessThanOrEqual(DRAIN_LIMIT_BYTES + 192 * 1024);
  });

  it("refuses a body over the form's limit as soon as it passes it, reading no further than the drain limit", async () => {
    const { request, seen } = streamedUpload(1024 * MB);
    expect(await readForm(request, 11 * MB)).toEqual({ ok: false, tooLarge: true });
    await settled(seen);
    expect(seen.ended).toBe(false);
    expect(seen.pulled).toBeLessThanOrEqual(DRAIN_LIMIT_BYTES + 192 * 1024);
  });

  it("skips a 60 MB file without holding it: memory stays far below the body's size", async () => {
    const before = heldArrayBuffers();
    const { request, seen } = streamedUpload(60 * MB);
    const read = await readUploadForm(request, { maxFileBytes: 2 * MB });
    expect(read.ok && [read.oversizedFiles, read.formData.get("before"), read.formData.get("after")]).toEqual(
      [["cv"], "kept", "also kept"],
    );
    expect(seen.ended).toBe(true);
    // At most one part (cut at the file limit) and a few chunks are held at once.
    expect(seen.peakArrayBuffers - before).toBeLessThan(12 * MB);
  });

  it("answers a multipart body past its limit without waiting for the rest, which may never come", async () => {
    const head = encode(`--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n`);
    let sent = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (sent) return new Promise<void>(() => {});
          sent = true;
          controller.enqueue(head);
          controller.enqueue(new Uint8Array(2 * MB).fill(0x41));
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request("http://x/", {
      method: "POST",
      body,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
    } as RequestInit);
    expect(await readForm(request, 1 * MB)).toEqual({ ok: false, tooLarge: true });
  });
});
