import { describe, expect, it } from "vitest";
import { readUploadForm } from "./multipart.server";

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

  it("throws on a body that never ends its last part", async () => {
    const body = '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nunfinished';
    const req = new Request("http://x/", {
      method: "POST",
      body,
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
    });
    await expect(readUploadForm(req, { maxFileBytes: 10 })).rejects.toThrow(TypeError);
  });
});
