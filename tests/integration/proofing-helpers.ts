import { deflateSync } from "node:zlib";
import PDFDocument from "pdfkit";

// Real files for proofing tests: a PNG the browser can show and a PDF with
// pages pdftoppm can render (the upload checks read their true contents).

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A width × height RGB PNG filled with one colour. */
export function pngBytes(width = 200, height = 120, rgb: [number, number, number] = [90, 60, 200]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", new Uint8Array()),
  ]);
}

/** A PNG named `name`, its colour drawn from the name: two names, two files (the same file twice in a row is refused). */
export const pngFile = (name = "poster.png") => {
  const seed = [...name].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0, 7);
  const rgb: [number, number, number] = [seed & 0xff, (seed >>> 8) & 0xff, (seed >>> 16) & 0xff];
  return new File([new Uint8Array(pngBytes(200, 120, rgb))], name, { type: "image/png" });
};

/** A PDF of `pages` pages, each saying its number. */
export async function pdfBytes(pages = 2): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A5", autoFirstPage: false });
  const parts: Buffer[] = [];
  doc.on("data", (part: Buffer) => parts.push(part));
  const done = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  for (let n = 1; n <= pages; n++) {
    doc.addPage();
    doc.fontSize(40).text(`Page ${n}`, 60, 120);
  }
  doc.end();
  await done;
  return Buffer.concat(parts);
}

export const realPdfFile = async (name = "brochure.pdf", pages = 2) =>
  new File([new Uint8Array(await pdfBytes(pages))], name, { type: "application/pdf" });
