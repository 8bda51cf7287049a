// Writes the shop's downloadable files into seeds/shop-files/ and their card
// images into public/media/shop/. Everything is generated here (SVG, a small
// PDF, ZIP archives, CSV, JSON, text), deterministic, and committed; run it
// only to change the files, then `npm run seed` to refresh sizes.
//   node scripts/make-shop-files.js
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { crc32, deflateRawSync } from "node:zlib";
import { MOTIFS } from "./art/motifs.js";
import { ACCENTS, background, C, defs, grid, random, svg } from "./art/palette.js";

const ROOT = path.resolve(import.meta.dirname, "..");
const FILES = path.join(ROOT, "seeds/shop-files");
const IMAGES = path.join(ROOT, "public/media/shop");
mkdirSync(FILES, { recursive: true });
mkdirSync(IMAGES, { recursive: true });

const write = (dir, name, content) => writeFileSync(path.join(dir, name), content);

/** A ZIP archive (deflate), with a fixed date so every run writes the same bytes. */
function zip(entries) {
  const DOS_TIME = 0;
  const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1;
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const packed = deflateRawSync(data, { level: 9 });
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const centralSize = centrals.reduce((sum, b) => sum + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/** A PDF of text pages in Helvetica (A4), each page a list of [size, text] lines. */
function pdf(pages) {
  const objects = [];
  const add = (body) => objects.push(body) && objects.length;
  const catalog = add("");
  const pagesId = add("");
  const font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const bold = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>");
  const escape = (s) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const kids = pages.map((lines) => {
    let y = 780;
    const ops = lines.map(([size, text]) => {
      y -= size * 1.6;
      return `BT /${size >= 16 ? "F2" : "F1"} ${size} Tf 56 ${y} Td (${escape(text)}) Tj ET`;
    });
    const stream = ops.join("\n");
    const content = add(`<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`);
    return add(
      `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R /F2 ${bold} 0 R >> >> /Contents ${content} 0 R >>`,
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R >>`;
  objects[pagesId - 1] =
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`;
  let out = "%PDF-1.4\n";
  const offsets = objects.map((body, i) => {
    const at = Buffer.byteLength(out);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out);
}

/** A card image: the site's dark surface, two glows, a grid and a motif. */
function preview(id, motif, a, b, seed) {
  const w = 480;
  const h = 360;
  const rng = random(seed);
  const glow = [
    { x: w * 0.25, y: h * 0.2, r: 0.7, color: a, opacity: 0.35 },
    { x: w * 0.8, y: h * 0.85, r: 0.6, color: b, opacity: 0.28 },
  ];
  const body = [
    defs({ id, w, h, glow, grain: false }),
    background({ id, w, h, glow, grain: false }),
    grid({ w, h, step: 40, opacity: 0.3 }),
    MOTIFS[motif](rng, { w, h, a, b }),
  ].join("\n  ");
  return svg({ w, h, body });
}

const gradient = (id, a, b, w = 1920, h = 1080) =>
  svg({
    w,
    h,
    body: `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>\n  <rect width="${w}" height="${h}" fill="url(#${id})"/>`,
  });

const post = (n, accent) =>
  svg({
    w: 1080,
    h: 1080,
    label: `Post template ${n}`,
    body: `<rect width="1080" height="1080" fill="${C.canvas}"/>\n  <rect x="60" y="60" width="960" height="960" rx="48" fill="none" stroke="${accent}" stroke-width="6"/>\n  <text x="120" y="260" font-family="sans-serif" font-size="96" font-weight="700" fill="${C.text}">Your headline</text>\n  <text x="120" y="360" font-family="sans-serif" font-size="44" fill="${C.muted}">A short line that says why it matters.</text>\n  <circle cx="880" cy="860" r="90" fill="${accent}"/>\n  <text x="120" y="940" font-family="sans-serif" font-size="36" fill="${accent}">@yourbrand · ${n}/9</text>`,
  });

const ICONS = {
  brush: "M16 48c8 0 12-6 12-12l20-24 6 6-24 20c0 8-6 12-14 10z",
  grid: "M10 10h18v18H10zM36 10h18v18H36zM10 36h18v18H10zM36 36h18v18H36z",
  play: "M20 12l32 20-32 20z",
  chat: "M10 14h44v28H26l-12 10V42h-4z",
  spark: "M32 6l6 20 20 6-20 6-6 20-6-20-20-6 20-6z",
  layers: "M32 8l26 14-26 14L6 22zM6 34l26 14 26-14",
  pen: "M12 52l6-18 26-26 12 12-26 26z",
  eye: "M4 32c8-14 18-20 28-20s20 6 28 20c-8 14-18 20-28 20S12 46 4 32zM32 24a8 8 0 1 0 0 16 8 8 0 0 0 0-16z",
  cube: "M32 6l24 12v28L32 58 8 46V18zM8 18l24 12 24-12M32 30v28",
  wave: "M4 36c8-12 16-12 24 0s16 12 24 0 8-6 8-6",
  target: "M32 6a26 26 0 1 0 0 52 26 26 0 0 0 0-52zM32 18a14 14 0 1 0 0 28 14 14 0 0 0 0-28z",
  bolt: "M36 4L12 36h16l-4 24 24-32H32z",
};
const icon = (name, d) =>
  svg({
    w: 64,
    h: 64,
    label: name,
    body: `<path d="${d}" fill="none" stroke="${C.text}" stroke-width="3" stroke-linejoin="round" stroke-linecap="round"/>`,
  });

const badge = (i, accent) => {
  const sides = 5 + i;
  const points = Array.from({ length: sides }, (_, k) => {
    const angle = (Math.PI * 2 * k) / sides - Math.PI / 2;
    return `${Math.round(256 + 200 * Math.cos(angle))},${Math.round(256 + 200 * Math.sin(angle))}`;
  }).join(" ");
  return svg({
    w: 512,
    h: 512,
    label: `Badge ${i + 1}`,
    body: `<polygon points="${points}" fill="${C.canvas}" stroke="${accent}" stroke-width="14"/>\n  <circle cx="256" cy="256" r="96" fill="${accent}"/>\n  <text x="256" y="276" text-anchor="middle" font-family="sans-serif" font-size="56" font-weight="700" fill="${C.canvas}">No.${i + 1}</text>`,
  });
};

// Templates.
write(
  FILES,
  "social-post-grid.zip",
  zip(
    Array.from({ length: 9 }, (_, i) => [
      `social-post-grid/post-${i + 1}.svg`,
      post(i + 1, ACCENTS[i % ACCENTS.length]),
    ]),
  ),
);
write(
  FILES,
  "pitch-deck-outline.pdf",
  pdf([
    [
      [24, "Pitch Deck Outline"],
      [12, "Ten slides that investors read in three minutes. Ascendra studio template."],
      [12, ""],
      [14, "1. The problem: who hurts, and how much."],
      [14, "2. Your solution, in one sentence."],
      [14, "3. Why now: the change that opens the door."],
      [14, "4. Market size, bottom-up."],
      [14, "5. Product: three screens, no more."],
    ],
    [
      [24, "Pitch Deck Outline (continued)"],
      [14, "6. Traction: the one chart that goes up and to the right."],
      [14, "7. Business model and unit economics."],
      [14, "8. Competition: your honest quadrant."],
      [14, "9. Team: why you win."],
      [14, "10. The ask and what it buys."],
      [12, ""],
      [12, "Tip: one idea per slide, large type, and a headline that is a sentence."],
    ],
  ]),
);
write(
  FILES,
  "brand-guidelines-starter.zip",
  zip([
    [
      "brand-guidelines/README.md",
      "# Brand guidelines starter\n\nFill in each section, then export to PDF for your team.\n\n## Logo\nClear space: the height of the mark on every side.\n\n## Colour\nSee palette.json. Use the accent for one element per layout.\n\n## Type\nOne display face for headlines, one text face for everything else.\n\n## Voice\nConfident, short sentences, no jargon.\n",
    ],
    [
      "brand-guidelines/palette.json",
      JSON.stringify(
        { canvas: C.canvas, surface: C.surface, text: C.text, muted: C.muted, accents: ACCENTS },
        null,
        2,
      ) + "\n",
    ],
    [
      "brand-guidelines/logo-grid.svg",
      svg({
        w: 400,
        h: 400,
        body: `${grid({ w: 400, h: 400, step: 25, opacity: 0.8 })}\n  <circle cx="200" cy="200" r="100" fill="none" stroke="${C.yellow}" stroke-width="4"/>`,
      }),
    ],
  ]),
);

// Assets.
write(
  FILES,
  "gradient-backgrounds.zip",
  zip(
    ACCENTS.flatMap((a, i) => [[`gradients/gradient-${i + 1}.svg`, gradient(`g${i}`, C.canvas, a)]]).concat([
      ["gradients/gradient-6.svg", gradient("g6", C.purple, C.yellow)],
    ]),
  ),
);
write(
  FILES,
  "studio-icon-set.zip",
  zip(Object.entries(ICONS).map(([name, d]) => [`icons/${name}.svg`, icon(name, d)])),
);
write(
  FILES,
  "grain-overlay.svg",
  svg({
    w: 1024,
    h: 1024,
    label: "Grain overlay",
    body: `${defs({ id: "grain", w: 1024, h: 1024 })}\n  <rect width="1024" height="1024" filter="url(#grain-grain)"/>`,
  }),
);

// Tools.
const days = Array.from({ length: 90 }, (_, i) => {
  const date = new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
  const channel = ["Instagram", "LinkedIn", "Newsletter", "Blog", "Reels"][i % 5];
  return `${date},${channel},,Draft,`;
});
write(FILES, "content-calendar.csv", `date,channel,topic,status,owner\n${days.join("\n")}\n`);
write(
  FILES,
  "colour-palette-kit.json",
  JSON.stringify(
    {
      name: "Ascendra colour palette kit",
      palettes: [
        { name: "Night studio", colours: [C.canvas, C.surface, C.text, C.yellow] },
        { name: "Fresh launch", colours: ["#0e2a1f", C.green, "#eafff4", C.blue] },
        { name: "Warm signal", colours: ["#2a0e0e", C.red, "#fff1ec", C.yellow] },
        { name: "Soft purple", colours: ["#1b1029", C.purple, "#f5efff", C.blue] },
      ],
      rule: "60% base, 30% secondary, 10% accent. Check text contrast of at least 4.5:1.",
    },
    null,
    2,
  ) + "\n",
);
const scale = [12, 14, 16, 20, 25, 31, 39, 49, 61, 76].map(
  (px, i) => `step ${String(i - 2).padStart(2)}  ${String(px).padStart(3)} px  ${(px / 16).toFixed(3)} rem`,
);
write(
  FILES,
  "type-scale-sheet.txt",
  `Type scale cheat sheet (ratio 1.25, base 16 px)\n\n${scale.join("\n")}\n\nLine height: 1.5 for text, 1.1 for display.\nMeasure: 60-75 characters per line.\n`,
);

// Graphics.
write(
  FILES,
  "abstract-hero.svg",
  preview("hero-file", "orbit", C.purple, C.yellow, 701).replace(
    'width="480" height="360"',
    'width="1440" height="1080"',
  ),
);
write(FILES, "geometric-badges.zip", zip(ACCENTS.map((a, i) => [`badges/badge-${i + 1}.svg`, badge(i, a)])));
write(
  FILES,
  "launch-poster.svg",
  svg({
    w: 842,
    h: 1191,
    label: "Launch poster",
    body: `<rect width="842" height="1191" fill="${C.canvas}"/>\n  <circle cx="600" cy="380" r="260" fill="${C.red}"/>\n  <circle cx="300" cy="560" r="180" fill="${C.yellow}" fill-opacity="0.85"/>\n  <text x="60" y="960" font-family="sans-serif" font-size="120" font-weight="800" fill="${C.text}">LAUNCH</text>\n  <text x="60" y="1040" font-family="sans-serif" font-size="40" fill="${C.muted}">Date · Place · yourbrand.com</text>`,
  }),
);

// Card images.
const CARDS = [
  ["social-post-grid", "social", C.blue, C.yellow],
  ["pitch-deck-outline", "browser", C.green, C.purple],
  ["brand-guidelines-starter", "letterform", C.yellow, C.red],
  ["gradient-backgrounds", "wave", C.purple, C.blue],
  ["studio-icon-set", "network", C.green, C.yellow],
  ["grain-overlay", "peak", C.muted, C.purple],
  ["content-calendar", "motion", C.red, C.blue],
  ["colour-palette-kit", "orbit", C.yellow, C.green],
  ["type-scale-sheet", "letterform", C.blue, C.red],
  ["abstract-hero", "orbit", C.purple, C.yellow],
  ["geometric-badges", "network", C.red, C.purple],
  ["launch-poster", "peak", C.red, C.yellow],
];
CARDS.forEach(([id, motif, a, b], i) => write(IMAGES, `${id}.svg`, preview(id, motif, a, b, 900 + i)));
console.log(`Wrote ${CARDS.length} card images to public/media/shop and the shop files to seeds/shop-files.`);
