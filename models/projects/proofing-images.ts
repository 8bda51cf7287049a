// An image's size in pixels, read from the first bytes of a PNG, JPEG or WebP
// (the raster kinds proofing takes, decision 0047), so the staff pages give
// every thumbnail and page its width and height before it loads. Pure: the
// caller reads the bytes (proofing-files.server.ts).

export type PixelSize = { width: number; height: number };

/** How many leading bytes imageSize needs at most (a JPEG's frame header can follow large metadata). */
export const IMAGE_HEAD_BYTES = 256 * 1024;

const sized = (width: number, height: number): PixelSize | null =>
  Number.isInteger(width) && Number.isInteger(height) && width >= 1 && height >= 1 ? { width, height } : null;

function pngSize(b: Uint8Array, view: DataView): PixelSize | null {
  // The signature, then IHDR first: width and height at bytes 16 and 20.
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length < 24 || signature.some((byte, i) => b[i] !== byte)) return null;
  if (String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!) !== "IHDR") return null;
  return sized(view.getUint32(16), view.getUint32(20));
}

function jpegSize(b: Uint8Array, view: DataView): PixelSize | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // a fill byte
      continue;
    }
    // Markers without a length: TEM and RST0–RST7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = view.getUint16(at + 2);
    // A start of frame (SOF0–SOF15 but DHT, JPG and DAC) holds the height, then the width.
    const frame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (frame) return at + 9 <= b.length ? sized(view.getUint16(at + 7), view.getUint16(at + 5)) : null;
    if (marker === 0xda || length < 2) return null; // image data before any frame header
    at += 2 + length;
  }
  return null;
}

function webpSize(b: Uint8Array, view: DataView): PixelSize | null {
  const text = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length < 30 || text(0, 4) !== "RIFF" || text(8, 12) !== "WEBP") return null;
  const chunk = text(12, 16);
  if (chunk === "VP8 ") {
    // Lossy: a key frame's start code, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return sized(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
  }
  if (chunk === "VP8L") {
    // Lossless: a signature byte, then 14-bit width − 1 and height − 1.
    if (b[20] !== 0x2f) return null;
    const bits = view.getUint32(21, true);
    return sized((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === "VP8X") {
    // Extended: 24-bit canvas width − 1 and height − 1.
    const u24 = (at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
    return sized(u24(24) + 1, u24(27) + 1);
  }
  return null;
}

/** The pixel size a PNG, JPEG or WebP declares in its first bytes; null for anything else. */
export function imageSize(bytes: Uint8Array): PixelSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    return pngSize(bytes, view) ?? jpegSize(bytes, view) ?? webpSize(bytes, view);
  } catch {
    return null; // a header cut short
  }
}
