import { describe, expect, it } from "vitest";
import {
  cleanFileName,
  fileExtension,
  formatFileSize,
  hasMagicBytes,
  MAGIC_BYTES,
  PROJECT_FILE_RULES,
} from "./uploads";

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

  it("knows every allowed type's magic bytes", () => {
    for (const kind of PROJECT_FILE_RULES.extensions) expect(MAGIC_BYTES[kind].length).toBeGreaterThan(0);
    expect(hasMagicBytes("pdf", head("%PDF-1.7"))).toBe(true);
    expect(hasMagicBytes("png", head([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    expect(hasMagicBytes("jpg", head([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(hasMagicBytes("gif", head("GIF89a"))).toBe(true);
    expect(hasMagicBytes("docx", head("PK\x03\x04"))).toBe(true);
    expect(hasMagicBytes("rar", head("Rar!\x1a\x07\x01\x00"))).toBe(true);
    expect(hasMagicBytes("doc", head([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))).toBe(true);
  });

  it("rejects a file whose bytes are not its extension's", () => {
    expect(hasMagicBytes("pdf", head("<html><script>"))).toBe(false);
    expect(hasMagicBytes("png", head("%PDF-1.7"))).toBe(false);
    expect(hasMagicBytes("zip", head(""))).toBe(false);
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
