import { describe, expect, it } from "vitest";
import { cleanFileName, fileExtension, formatFileSize, PROJECT_FILE_RULES, UPLOAD_MESSAGES } from "./uploads";
import { checkUpload, fileMatchesExtension, knowsFileType } from "./uploads.server";

// The one file-type check (fileMatchesExtension), on the bytes the hand-written
// magic-byte table used to compare.
const hasMagicBytes = (kind: string, head: Uint8Array) =>
  fileMatchesExtension(new Blob([head as Uint8Array<ArrayBuffer>]), kind);

describe("formatFileSize", () => {
  it("reads in Bytes, KB, MB and GB", () => {
    expect(formatFileSize(0)).toBe("0 Bytes");
    expect(formatFileSize(15)).toBe("15 Bytes");
    expect(formatFileSize(1023)).toBe("1023 Bytes");
    expect(formatFileSize(1024)).toBe("1 KB");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(10 * 1024 * 1024)).toBe("10 MB");
    expect(formatFileSize(2.25 * 1024 ** 3)).toBe("2.25 GB");
    expect(formatFileSize(5 * 1024 ** 4)).toBe("5120 GB");
    expect(formatFileSize(-1)).toBe("0 Bytes");
  });
});

describe("file checks", () => {
  const head = (text: string | number[]) =>
    new Uint8Array(typeof text === "string" ? Array.from(text, (c) => c.charCodeAt(0)) : text);

  it("knows every allowed type's real type", async () => {
    for (const kind of PROJECT_FILE_RULES.extensions) expect(knowsFileType(kind)).toBe(true);
    expect(await hasMagicBytes("pdf", head("%PDF-1.7"))).toBe(true);
    // A PNG signature followed by its IHDR chunk's header: file-type reads that far.
    expect(
      await hasMagicBytes(
        "png",
        head([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]),
      ),
    ).toBe(true);
    expect(await hasMagicBytes("jpg", head([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(await hasMagicBytes("gif", head("GIF89a"))).toBe(true);
    expect(await hasMagicBytes("docx", head("PK\x03\x04"))).toBe(true);
    expect(await hasMagicBytes("rar", head("Rar!\x1a\x07\x01\x00"))).toBe(true);
    expect(await hasMagicBytes("doc", head([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe(true);
  });

  it("rejects a file whose bytes are not its extension's", async () => {
    expect(await hasMagicBytes("pdf", head("<html><script>"))).toBe(false);
    expect(await hasMagicBytes("png", head("%PDF-1.7"))).toBe(false);
    expect(await hasMagicBytes("zip", head(""))).toBe(false);
    // A bare PNG signature, with nothing after it, is not a PNG.
    expect(await hasMagicBytes("png", head([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(false);
  });

  it("refuses a program or a web page renamed to an allowed extension", async () => {
    const exe = new File([head("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00")], "brief.pdf");
    expect(await checkUpload(exe, PROJECT_FILE_RULES)).toEqual({
      ok: false,
      message: UPLOAD_MESSAGES.contentMismatch,
    });
    const html = new File(["<!doctype html><html><script>alert(1)</script></html>"], "logo.png");
    expect(await checkUpload(html, PROJECT_FILE_RULES)).toEqual({
      ok: false,
      message: UPLOAD_MESSAGES.contentMismatch,
    });
  });

  it("knows no extension it has no rule for", async () => {
    expect(await fileMatchesExtension(new Blob(["%PDF-1.7"]), "exe")).toBe(false);
    expect(await fileMatchesExtension(new Blob(["%PDF-1.7"]), "constructor")).toBe(false);
  });

  it("reads extensions and cleans names", () => {
    expect(fileExtension("Brief.Final.PDF")).toBe("pdf");
    expect(fileExtension(".pdf")).toBe("");
    expect(fileExtension("README")).toBe("");
    expect(cleanFileName("../../etc/passwd")).toBe("passwd");
    expect(cleanFileName('C:\\Users\\me\\a"b.pdf')).toBe("ab.pdf");
    expect(cleanFileName("\u0000")).toBe("file");
  });
});
