import { describe, expect, it } from "vitest";
import { imageSize } from "./proofing-images";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
const u32be = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const u16be = (n: number) => [(n >>> 8) & 0xff, n & 0xff];
const u16le = (n: number) => [n & 0xff, (n >>> 8) & 0xff];
const u24le = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff];

describe("imageSize", () => {
  it("reads a PNG's IHDR", () => {
    const png = bytes(
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      u32be(13),
      "IHDR",
      u32be(1200),
      u32be(849),
    );
    expect(imageSize(png)).toEqual({ width: 1200, height: 849 });
  });

  it("reads a JPEG's frame header after its metadata segments", () => {
    const app0 = [
      0xff,
      0xe0,
      ...u16be(16),
      ...Array.from("JFIF\0", (c) => c.charCodeAt(0)),
      ...new Array(9).fill(0),
    ];
    const app1 = [0xff, 0xe1, ...u16be(102), ...new Array(100).fill(7)];
    const sof2 = [0xff, 0xc2, ...u16be(17), 8, ...u16be(480), ...u16be(640), 3];
    expect(imageSize(bytes([0xff, 0xd8], app0, app1, sof2))).toEqual({ width: 640, height: 480 });
    // A Huffman table (0xC4) is not a frame header.
    const dht = [0xff, 0xc4, ...u16be(4), 0, 0];
    expect(imageSize(bytes([0xff, 0xd8], dht, sof2))).toEqual({ width: 640, height: 480 });
  });

  it("reads the three kinds of WebP", () => {
    const riff = (chunk: string, body: number[]) =>
      bytes("RIFF", [0, 0, 0, 0], "WEBP", chunk, [0, 0, 0, 0], body);
    expect(imageSize(riff("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, ...u16le(300), ...u16le(200), 0, 0]))).toEqual({
      width: 300,
      height: 200,
    });
    const bits = (300 - 1) | ((200 - 1) << 14);
    expect(imageSize(riff("VP8L", [0x2f, ...u32be(bits).reverse(), 0, 0, 0, 0, 0]))).toEqual({
      width: 300,
      height: 200,
    });
    expect(imageSize(riff("VP8X", [0, 0, 0, 0, ...u24le(4999), ...u24le(2999), 0, 0]))).toEqual({
      width: 5000,
      height: 3000,
    });
  });

  it("answers null for anything else, or a header cut short", () => {
    expect(imageSize(bytes("%PDF-1.7\n"))).toBeNull();
    expect(imageSize(bytes([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(imageSize(bytes([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8]))).toBeNull();
    expect(imageSize(new Uint8Array())).toBeNull();
  });
});
