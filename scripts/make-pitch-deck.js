// Writes the investors' pitch deck, public/downloads/ascendra-pitch-deck.pdf:
// a small, valid PDF 1.4 written by hand (no library), eight landscape pages
// in the brand's colours with the standard Helvetica fonts. Deterministic;
// the output is committed, so run it only to change the deck.
//   node scripts/make-pitch-deck.js
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const OUT = path.resolve(import.meta.dirname, "../public/downloads/ascendra-pitch-deck.pdf");
const W = 960;
const H = 540;

const hex = (h) => [1, 3, 5].map((i) => (parseInt(h.slice(i, i + 2), 16) / 255).toFixed(3)).join(" ");
const C = {
  canvas: "#0b0b0e",
  surface: "#141419",
  border: "#2c2c36",
  text: "#f3f2ef",
  muted: "#a8a7b3",
  green: "#3fdc8c",
  blue: "#5b95ff",
  yellow: "#ffd43b",
  red: "#ff5d5d",
  purple: "#b07cff",
};
const ACCENTS = [C.yellow, C.purple, C.blue, C.green, C.red];

/** PDF strings: ASCII only (the standard fonts' encoding), with ( ) \ escaped. */
const pdfText = (s) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, "-");

function page(n, { eyebrow, title, lines = [], cards = [] }) {
  const accent = ACCENTS[n % ACCENTS.length];
  const ops = [];
  const rect = (x, y, w, h, color) => ops.push(`${hex(color)} rg ${x} ${y} ${w} ${h} re f`);
  const text = (x, y, size, font, color, s) =>
    ops.push(`BT /${font} ${size} Tf ${hex(color)} rg ${x} ${y} Td (${pdfText(s)}) Tj ET`);
  rect(0, 0, W, H, C.canvas);
  // A faint drafting grid, like the site's art.
  ops.push(`${hex(C.border)} RG 0.5 w`);
  for (let x = 60; x < W; x += 60) ops.push(`${x} 0 m ${x} ${H} l S`);
  for (let y = 60; y < H; y += 60) ops.push(`0 ${y} m ${W} ${y} l S`);
  rect(56, H - 84, 28, 28, accent);
  text(100, H - 76, 12, "F2", C.muted, eyebrow.toUpperCase());
  text(56, H - 150, title.length > 34 ? 30 : 40, "F2", C.text, title);
  lines.forEach((line, i) => text(56, H - 200 - i * 26, 16, "F1", C.muted, line));
  const cardWidth = cards.length ? (W - 112 - (cards.length - 1) * 20) / cards.length : 0;
  cards.forEach(([big, small], i) => {
    const x = 56 + i * (cardWidth + 20);
    rect(x, 70, cardWidth, 130, C.surface);
    rect(x, 196, cardWidth, 4, ACCENTS[(n + i + 1) % ACCENTS.length]);
    text(x + 18, 140, 30, "F2", C.text, big);
    text(x + 18, 100, 12, "F1", C.muted, small);
  });
  text(56, 30, 10, "F1", C.muted, `Ascendra - pitch deck - ${n} / 8`);
  return ops.join("\n");
}

const PAGES = [
  {
    eyebrow: "Ascendra",
    title: "Brand experiences, built like a product",
    lines: [
      "A digital branding studio in Navi Mumbai.",
      "Identity, design, web, motion, social, apps, sound and AI, AR and VR.",
    ],
    cards: [
      ["2019", "Founded"],
      ["24", "People in the studio"],
      ["180+", "Brands launched or renewed"],
    ],
  },
  {
    eyebrow: "The problem",
    title: "Good branding is slow, opaque and expensive",
    lines: [
      "Small companies and creators cannot plan creative spend:",
      "quotes take weeks, prices vary tenfold, and work stalls in email threads.",
    ],
  },
  {
    eyebrow: "Our answer",
    title: "Published prices, one dashboard",
    lines: [
      "Monthly subscriptions for steady work, support packs for projects,",
      "and Creative Tokens: prepaid credits with a price for every deliverable.",
    ],
    cards: [
      ["5", "Monthly plans"],
      ["3", "Token bundles"],
      ["90 days", "Token validity"],
    ],
  },
  {
    eyebrow: "Business model",
    title: "Recurring revenue from three lines",
    lines: [
      "Subscriptions renew monthly. Token bundles are bought again every quarter.",
      "The shop sells templates and assets for tokens, at near-zero marginal cost.",
    ],
  },
  {
    eyebrow: "Traction",
    title: "Clients come back",
    lines: [
      "Most of last year's revenue came from returning clients.",
      "Subscription clients stay for more than a year on average.",
    ],
    cards: [
      ["70%", "Revenue from returning clients"],
      ["14 mo", "Average subscription length"],
    ],
  },
  {
    eyebrow: "Market",
    title: "Millions of brands without a studio",
    lines: [
      "India has tens of millions of small businesses and a fast-growing creator economy.",
      "Few studios serve them at a fair, predictable price. We are built to.",
    ],
  },
  {
    eyebrow: "Team",
    title: "A senior team that does the work",
    lines: [
      "Aarav Mehta - Founder & Creative Director",
      "Ishita Rao - Head of Design",
      "Kabir Sethi - Technology Lead",
      "Naina D'Souza - Head of Strategy & Growth",
    ],
  },
  {
    eyebrow: "Next",
    title: "Let's talk",
    lines: [
      "We are raising to grow the studio, the token platform and our AI tools.",
      "Send an inquiry from the investors page, or write to hello@ascendra.studio.",
    ],
  },
];

// Objects: 1 catalog, 2 page tree, 3-4 fonts, then a page and its content stream per page.
const objects = [];
const add = (body) => objects.push(body) && objects.length;
add("<< /Type /Catalog /Pages 2 0 R >>");
add(""); // the page tree, written once the page numbers are known
add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
const pageIds = PAGES.map((content, i) => {
  const stream = page(i + 1, content);
  const streamId = add(`<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`);
  return add(
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${W} ${H}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${streamId} 0 R >>`,
  );
});
objects[1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`;
const info = add(
  "<< /Title (Ascendra - Pitch deck) /Author (Ascendra) /Producer (scripts/make-pitch-deck.js) >>",
);

let pdf = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
const offsets = objects.map((body, i) => {
  const offset = Buffer.byteLength(pdf, "latin1");
  pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  return offset;
});
const xref = Buffer.byteLength(pdf, "latin1");
pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;

mkdirSync(path.dirname(OUT), { recursive: true });
writeFileSync(OUT, Buffer.from(pdf, "latin1"));
console.log(
  `${path.relative(process.cwd(), OUT)}: ${PAGES.length} pages, ${Buffer.byteLength(pdf, "latin1")} bytes`,
);
