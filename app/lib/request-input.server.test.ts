import { describe, expect, it } from "vitest";
import { INPUT_MESSAGES, refusedInput } from "./request-input.server";

const post = (path: string, body: BodyInit, contentType?: string) =>
  new Request(`http://127.0.0.1:3000${path}`, {
    method: "POST",
    body,
    headers: contentType ? { "Content-Type": contentType } : {},
  });

describe("input refused before any handler", () => {
  it("a NUL in the path, the query or any text field (JSON, URL-encoded, multipart)", async () => {
    expect(await refusedInput(new Request("http://127.0.0.1:3000/blog/%00"))).toBe(INPUT_MESSAGES.nul);
    expect(await refusedInput(new Request("http://127.0.0.1:3000/api/shop-items/?search=%00"))).toBe(
      INPUT_MESSAGES.nul,
    );
    expect(
      await refusedInput(post("/api/chat/", JSON.stringify({ query: "a\0b" }), "application/json")),
    ).toBe(INPUT_MESSAGES.nul);
    expect(
      await refusedInput(
        post("/api/profile/", JSON.stringify({ nested: [{ "k\0": "v" }] }), "application/json"),
      ),
    ).toBe(INPUT_MESSAGES.nul);
    expect(
      await refusedInput(post("/login", "username=a%00b&password=x", "application/x-www-form-urlencoded")),
    ).toBe(INPUT_MESSAGES.nul);
    const form = new FormData();
    form.set("title", "a\0b");
    expect(await refusedInput(post("/createprojectform", form))).toBe(INPUT_MESSAGES.nul);
  });

  it("a multipart body that cannot be parsed", async () => {
    expect(await refusedInput(post("/api/projects/", "--x\r\n", "multipart/form-data; boundary=x"))).toBe(
      INPUT_MESSAGES.malformedForm,
    );
  });

  it("but not ordinary input, a file's own bytes, or malformed JSON (the handler names that)", async () => {
    const form = new FormData();
    form.set("title", "A brief");
    form.set(
      "files",
      new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0, 0, 1])], { type: "application/pdf" }),
      "brief.pdf",
    );
    expect(await refusedInput(post("/createprojectform", form))).toBeNull();
    expect(
      await refusedInput(post("/api/chat/", JSON.stringify({ query: "constructor" }), "application/json")),
    ).toBeNull();
    expect(await refusedInput(post("/api/chat/", "{", "application/json"))).toBeNull();
    expect(await refusedInput(new Request("http://127.0.0.1:3000/blog/%FF%FE?search=caf%C3%A9"))).toBeNull();
  });

  it("and the handler still reads the body after the check", async () => {
    const request = post("/login", "username=ada&password=x", "application/x-www-form-urlencoded");
    expect(await refusedInput(request)).toBeNull();
    expect((await request.formData()).get("username")).toBe("ada");
  });
});
