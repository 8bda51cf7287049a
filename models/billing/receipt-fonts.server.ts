import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { inflateSync } from "node:zlib";

// The fonts a receipt PDF is set in (docs/decisions/0034): Noto Sans from the
// installed @fontsource packages, which ship one file per script. Each run of
// text is drawn from the first file that covers all of its characters, so a
// receipt can name a client in Latin, Cyrillic, Greek, Vietnamese or
// Devanagari and print the rupee sign. pdfkit embeds only the glyphs used.
//
// fontsource ships WOFF (zlib-compressed tables). fontkit, which pdfkit lays
// text out with, inflates a WOFF table in JavaScript each time it reads it,
// which made one receipt take a few hundred milliseconds; so each file is
// unpacked once into a plain TrueType font with Node's zlib and kept.

const require = createRequire(import.meta.url);

export type ReceiptWeight = "regular" | "bold";

type Subset = { pkg: string; file: (weight: number) => string; subset: string };

/** In the order a character's file is looked for: the first that covers it wins (₹ comes from latin-ext). */
const SUBSETS: Subset[] = [
  ...["latin", "latin-ext", "cyrillic", "cyrillic-ext", "greek", "greek-ext", "vietnamese"].map((subset) => ({
    pkg: "@fontsource/noto-sans",
    subset,
    file: (weight: number) => `noto-sans-${subset}-${weight}-normal.woff`,
  })),
  {
    pkg: "@fontsource/noto-sans-devanagari",
    subset: "devanagari",
    file: (weight: number) => `noto-sans-devanagari-devanagari-${weight}-normal.woff`,
  },
];

const WEIGHTS: Record<ReceiptWeight, number> = { regular: 400, bold: 700 };

/** "U+0000-00FF,U+0131" → [[0x0, 0xff], [0x131, 0x131]]: the code points fontsource cut the file to. */
function parseUnicodeRange(range: string): [number, number][] {
  return range.split(",").map((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, "").split("-") as [string, string?];
    return [parseInt(from, 16), parseInt(to, 16)];
  });
}

type Face = { name: string; path: string; ranges: [number, number][] };

let faces: Record<ReceiptWeight, Face[]> | undefined;

/** The font files by weight, with the ranges they cover (each package's unicode.json), resolved once. */
function receiptFaces(): Record<ReceiptWeight, Face[]> {
  if (faces) return faces;
  const rangesOf = new Map<string, Record<string, string>>();
  const build = (weight: ReceiptWeight) =>
    SUBSETS.map(({ pkg, subset, file }) => {
      if (!rangesOf.has(pkg)) rangesOf.set(pkg, require(`${pkg}/unicode.json`) as Record<string, string>);
      const range = rangesOf.get(pkg)![subset];
      if (!range) throw new Error(`${pkg} has no ${subset} subset`);
      return {
        name: `noto-sans-${subset}-${WEIGHTS[weight]}`,
        path: require.resolve(`${pkg}/files/${file(WEIGHTS[weight])}`),
        ranges: parseUnicodeRange(range),
      };
    });
  faces = { regular: build("regular"), bold: build("bold") };
  return faces;
}

/** WOFF 1.0 → the TrueType/OpenType font it wraps: the same tables, inflated, behind an sfnt table directory. */
function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error("Not a WOFF file");
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error("Damaged WOFF table");
    return { tag: woff.readUInt32BE(entry), checksum: woff.readUInt32BE(entry + 16), data };
  });
  const pad4 = (n: number) => (n + 3) & ~3;
  const headerLength = 12 + numTables * 16;
  const sfnt = Buffer.alloc(headerLength + tables.reduce((sum, t) => sum + pad4(t.data.length), 0));
  const power = 2 ** Math.floor(Math.log2(numTables));
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(numTables, 4);
  sfnt.writeUInt16BE(power * 16, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE(numTables * 16 - power * 16, 10);
  let offset = headerLength;
  tables.forEach(({ tag, checksum, data }, index) => {
    const record = 12 + index * 16;
    sfnt.writeUInt32BE(tag, record);
    sfnt.writeUInt32BE(checksum, record + 4);
    sfnt.writeUInt32BE(offset, record + 8);
    sfnt.writeUInt32BE(data.length, record + 12);
    data.copy(sfnt, offset);
    offset += pad4(data.length);
  });
  return sfnt;
}

const fontBytes = new Map<string, Buffer>();

/** A font file as TrueType bytes, read and unpacked the first time a receipt needs it, then kept. */
export function receiptFontBytes(name: string): Buffer {
  let bytes = fontBytes.get(name);
  if (!bytes) {
    const face = [...receiptFaces().regular, ...receiptFaces().bold].find((f) => f.name === name);
    if (!face) throw new Error(`No receipt font named ${name}`);
    bytes = woffToSfnt(readFileSync(face.path));
    fontBytes.set(name, bytes);
  }
  return bytes;
}

/** Where the text's baseline sits below the top of its line, as a fraction of the font size (from hhea and head). */
export function receiptFontAscent(weight: ReceiptWeight): number {
  const sfnt = receiptFontBytes(receiptFaces()[weight][0]!.name);
  const table = (tag: string) => {
    for (let record = 12; record < 12 + sfnt.readUInt16BE(4) * 16; record += 16)
      if (sfnt.toString("latin1", record, record + 4) === tag) return sfnt.readUInt32BE(record + 8);
    throw new Error(`The receipt font has no ${tag} table`);
  };
  return sfnt.readInt16BE(table("hhea") + 4) / sfnt.readUInt16BE(table("head") + 18);
}

/** Every fontsource file has the space and the no-break space, whatever its range says, so a space stays in its run. */
const covers = (face: Face, codePoint: number) =>
  codePoint === 0x20 ||
  codePoint === 0xa0 ||
  face.ranges.some(([from, to]) => codePoint >= from && codePoint <= to);

/** Joiners and selectors shape their neighbours but need no glyph of their own. */
const ignorable = (codePoint: number) =>
  (codePoint >= 0x200b && codePoint <= 0x200f) || (codePoint >= 0xfe00 && codePoint <= 0xfe0f);
/** Spaces, digits, punctuation and combining marks belong to no one script: they stay in the run they are in. */
const NEUTRAL = /^[\p{Script=Common}\p{Script=Inherited}]+$/u;

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

export type FontRun = { font: string; text: string };

/**
 * Cuts text into runs that one font file draws. A grapheme (a letter with its
 * marks, a Devanagari syllable's parts) is never split across files, so the
 * font shapes it whole. Characters no file covers print as "?".
 */
export function fontRuns(text: string, weight: ReceiptWeight): FontRun[] {
  const list = receiptFaces()[weight];
  const runs: FontRun[] = [];
  let current: Face | undefined;
  for (const { segment } of graphemes.segment(text.normalize("NFC").replace(/\p{Cc}/gu, " "))) {
    const codePoints = [...segment].map((c) => c.codePointAt(0)!);
    const needed = codePoints.filter((cp) => !ignorable(cp));
    const coversAll = (face: Face) => needed.every((cp) => covers(face, cp));
    let face: Face | undefined =
      current && NEUTRAL.test(segment) && coversAll(current) ? current : list.find(coversAll);
    let drawn = segment;
    if (!face) {
      face = list.find((f) => covers(f, codePoints[0]!));
      if (!face) {
        face = current ?? list[0]!;
        drawn = "?";
      }
    }
    const last = runs.at(-1);
    if (last && last.font === face.name) last.text += drawn;
    else runs.push({ font: face.name, text: drawn });
    current = face;
  }
  return runs;
}
