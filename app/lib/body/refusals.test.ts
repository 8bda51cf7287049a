import { describe, expect, it } from "vitest";
import { refusedUrl } from "../request-input.server";
import { readFields, readJson } from "./json.server";
import { readForm, readUploadForm } from "./form.server";
import { BODY_MESSAGES } from "./refusals";

const post = (path: string, body: BodyInit, contentType?: string) =>
  new Request(`http://127.0.0.1:3000${path}`, {
    method: "POST",
    body,
    headers: contentType ? { "Content-Type": contentType } : {},
  });

/** The Response a reader threw, or null when it did not throw one. */
async function refusal(read: Promise<unknown>): Promise<{ status: number; text: string } | null> {
  try {
    const value = await read;
    return value instanceof Response ? { status: value.status, text: await value.text() } : null;
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, text: await thrown.text() };
    throw thrown;
  }
}

describe("a NUL is refused with a 400 where the input is read", () => {
  it("in the path or the query, before any handler", () => {
    expect(refusedUrl(new Request("http://127.0.0.1:3000/blog/%00"))).toBe(BODY_MESSAGES.nul);
    expect(refusedUrl(new Request("http://127.0.0.1:3000/api/shop-items/?search=%00"))).toBe(
      BODY_MESSAGES.nul,
    );
    expect(refusedUrl(new Request("http://127.0.0.1:3000/blog/%FF%FE?search=caf%C3%A9"))).toBeNull();
  });

  it("in any JSON string or key, at any depth", async () => {
    expect(
      await refusal(readJson(post("/api/chat/", JSON.stringify({ query: "a\0b" }), "application/json"))),
    ).toEqual({ status: 400, text: JSON.stringify({ error: BODY_MESSAGES.nul }) });
    expect(
      await refusal(
        readFields(post("/api/profile/", JSON.stringify({ nested: [{ "k\0": "v" }] }), "application/json")),
      ),
    ).toMatchObject({ status: 400 });
  });

  it("in a URL-encoded or multipart field, or a file's name", async () => {
    expect(
      await refusal(
        readForm(post("/login", "username=a%00b&password=x", "application/x-www-form-urlencoded")),
      ),
    ).toEqual({ status: 400, text: BODY_MESSAGES.nul });
    const form = new FormData();
    form.set("title", "a\0b");
    expect(await refusal(readForm(post("/createprojectform", form)))).toMatchObject({ status: 400 });
    const named = new FormData();
    named.set("files", new Blob(["x"]), "a\0.pdf");
    expect(
      await refusal(
        readUploadForm(post("/createprojectform", named), { maxFileBytes: 100, maxBodyBytes: 10_000 }),
      ),
    ).toMatchObject({ status: 400 });
  });

  it("but not ordinary input or a file's own bytes", async () => {
    const form = new FormData();
    form.set("title", "A brief");
    form.set(
      "files",
      new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0, 0, 1])], { type: "application/pdf" }),
      "brief.pdf",
    );
    const read = await readForm(post("/createprojectform", form), 10_000);
    expect(read.ok && read.formData.get("title")).toBe("A brief");
    expect(
      await readFields(post("/api/chat/", JSON.stringify({ query: "constructor" }), "application/json")),
    ).toEqual({
      query: "constructor",
    });
  });
});

describe("malformed bodies", () => {
  it("a multipart body that cannot be parsed is a 400", async () => {
    expect(
      await refusal(readForm(post("/api/projects/", "--x\r\n", "multipart/form-data; boundary=x"))),
    ).toEqual({
      status: 400,
      text: JSON.stringify({ error: BODY_MESSAGES.malformedForm }),
    });
  });

  it("JSON: the wrong type is a 415, a body that is not an object a 400; lenient fields answer null", async () => {
    expect(await refusal(readJson(post("/api/chat/", "{}", "text/plain")))).toMatchObject({ status: 415 });
    expect(await refusal(readJson(post("/api/chat/", "{", "application/json")))).toEqual({
      status: 400,
      text: JSON.stringify({ error: BODY_MESSAGES.invalidJson }),
    });
    expect(await refusal(readJson(post("/api/chat/", "[1]", "application/json")))).toMatchObject({
      status: 400,
    });
    expect(await readFields(post("/api/profile/", "[1]", "application/json"))).toBeNull();
    expect(await readFields(post("/api/profile/", "", "application/json"))).toEqual({});
  });
});
