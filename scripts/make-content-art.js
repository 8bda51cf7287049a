// Writes the content pages' original SVG art into public/media/: blog covers,
// event banners, the four team portraits and the portrait placeholder.
// Deterministic, like scripts/make-art.js; the output is committed, so run it
// only to change the art.
//   node scripts/make-content-art.js
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { MOTIFS } from "./art/motifs.js";
import { background, C, defs, grid, random, round, svg } from "./art/palette.js";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUT = path.join(ROOT, "public/media");
let written = 0;
function write(file, text) {
  const target = path.join(OUT, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, text);
  written++;
}

function scene({ id, w, h, motif, a, b, seed, withGrid = true }) {
  const rng = random(seed);
  const glow = [
    { x: w * (0.15 + rng() * 0.25), y: h * (0.1 + rng() * 0.3), r: 0.7, color: a, opacity: 0.3 },
    { x: w * (0.65 + rng() * 0.3), y: h * (0.6 + rng() * 0.35), r: 0.6, color: b, opacity: 0.24 },
  ];
  const body = [
    defs({ id, w, h, glow, grain: false }),
    background({ id, w, h, glow, grain: false }),
    withGrid ? grid({ w, h, step: Math.round(Math.min(w, h) / 9), opacity: 0.3 }) : "",
    MOTIFS[motif](rng, { w, h, a, b }),
  ].join("\n  ");
  return svg({ w, h, body });
}

// Blog covers: the motif and colours follow the post's category.
const BY_CATEGORY = {
  "Personal Branding": [
    ["peak", C.yellow, C.purple],
    ["letterform", C.yellow, C.blue],
    ["social", C.blue, C.green],
  ],
  "Creative Tools": [
    ["browser", C.blue, C.purple],
    ["letterform", C.purple, C.yellow],
    ["motion", C.red, C.yellow],
  ],
  "AI Tokens": [
    ["network", C.yellow, C.green],
    ["network", C.green, C.blue],
    ["orbit", C.purple, C.yellow],
  ],
  "Creative Economy": [
    ["peak", C.yellow, C.purple],
    ["wave", C.purple, C.green],
    ["social", C.green, C.red],
  ],
};
const used = {};
const posts = readdirSync(path.join(ROOT, "seeds/blog"))
  .filter((f) => f.endsWith(".md"))
  .sort();
posts.forEach((file, i) => {
  const slug = file.replace(/\.md$/, "");
  const category = /^category:\s*(.+)$/m
    .exec(readFileSync(path.join(ROOT, "seeds/blog", file), "utf8"))?.[1]
    .trim();
  const options = BY_CATEGORY[category] ?? BY_CATEGORY["Creative Tools"];
  used[category] = (used[category] ?? -1) + 1;
  const [motif, a, b] = options[used[category] % options.length];
  write(`blog/${slug}.svg`, scene({ id: `blog-${slug}`, w: 960, h: 540, motif, a, b, seed: 700 + i }));
});

// Event banners.
const events = JSON.parse(readFileSync(path.join(ROOT, "seeds/events.json"), "utf8")).events;
const EVENT_LOOK = {
  conference: ["orbit", C.purple, C.yellow],
  workshop: ["letterform", C.green, C.blue],
  meetup: ["social", C.yellow, C.red],
};
events.forEach((event, i) => {
  const [motif, a, b] = EVENT_LOOK[event.category];
  write(
    `events/${event.slug}.svg`,
    scene({ id: `event-${event.slug}`, w: 800, h: 450, motif, a, b, seed: 800 + i, withGrid: i % 2 === 0 }),
  );
});

// Team: illustrated portraits (head, hair, shoulders) on an accent disc.
function portrait({ id, skin, hair, hairStyle, shirt, accent, glasses, seed }) {
  const w = 480;
  const h = 480;
  const rng = random(seed);
  const glow = [{ x: w * 0.3, y: h * 0.25, r: 0.8, color: accent, opacity: 0.35 }];
  const cx = w / 2;
  const hairBack = {
    long: `<path d="M${cx - 92} 200c0-78 40-118 92-118s92 40 92 118v150h-184z" fill="${hair}"/>`,
    bun: `<circle cx="${cx}" cy="92" r="38" fill="${hair}"/>`,
    short: "",
    curly: [0, 1, 2, 3, 4, 5, 6]
      .map(
        (k) =>
          `<circle cx="${round(cx - 78 + k * 26)}" cy="${round(128 + (k % 2) * 14)}" r="34" fill="${hair}"/>`,
      )
      .join(""),
  }[hairStyle];
  const hairFront = {
    long: `<path d="M${cx - 84} 196c6-62 38-92 84-92s78 30 84 92c-34-34-96-40-168 0z" fill="${hair}"/>`,
    bun: `<path d="M${cx - 80} 190c4-56 36-84 80-84s76 28 80 84c-30-26-110-30-160 0z" fill="${hair}"/>`,
    short: `<path d="M${cx - 80} 186c0-54 34-84 80-84s80 30 80 84c-18-20-44-30-80-30s-62 10-80 30z" fill="${hair}"/>`,
    curly: "",
  }[hairStyle];
  const specs = glasses
    ? `<g fill="none" stroke="${C.canvas}" stroke-width="5"><circle cx="${cx - 30}" cy="214" r="20"/><circle cx="${cx + 30}" cy="214" r="20"/><path d="M${cx - 10} 214h20"/></g>`
    : "";
  const body = [
    defs({ id, w, h, glow, grain: false }),
    background({ id, w, h, glow, grain: false, fill: C.surface }),
    `<circle cx="${cx}" cy="${h * 0.54}" r="${round(h * 0.4)}" fill="${accent}" fill-opacity="0.9"/>`,
    `<circle cx="${round(w * (0.12 + rng() * 0.1))}" cy="${round(h * (0.12 + rng() * 0.1))}" r="10" fill="${C.text}"/>`,
    hairBack,
    `<path d="M${cx - 150} ${h}c8-96 64-136 150-136s142 40 150 136z" fill="${shirt}"/>`,
    `<rect x="${cx - 28}" y="270" width="56" height="70" rx="24" fill="${skin}"/>`,
    `<ellipse cx="${cx}" cy="210" rx="78" ry="92" fill="${skin}"/>`,
    hairFront,
    specs,
    `<path d="M${cx - 22} 262q22 16 44 0" fill="none" stroke="${C.canvas}" stroke-width="5" stroke-linecap="round"/>`,
    `<circle cx="${cx - 30}" cy="214" r="6" fill="${C.canvas}"/><circle cx="${cx + 30}" cy="214" r="6" fill="${C.canvas}"/>`,
  ].join("\n  ");
  return svg({ w, h, body });
}
const TEAM = [
  [
    "aarav-mehta",
    {
      skin: "#c98f65",
      hair: "#1b1512",
      hairStyle: "short",
      shirt: C.raised,
      accent: C.yellow,
      glasses: true,
    },
  ],
  [
    "ishita-rao",
    {
      skin: "#b97a54",
      hair: "#23160f",
      hairStyle: "long",
      shirt: C.canvas,
      accent: C.purple,
      glasses: false,
    },
  ],
  [
    "kabir-sethi",
    { skin: "#d7a27b", hair: "#2b1d16", hairStyle: "curly", shirt: C.border, accent: C.blue, glasses: false },
  ],
  [
    "naina-dsouza",
    { skin: "#a86c48", hair: "#140f0c", hairStyle: "bun", shirt: C.raised, accent: C.green, glasses: true },
  ],
];
TEAM.forEach(([slug, look], i) => write(`team/${slug}.svg`, portrait({ id: slug, seed: 900 + i, ...look })));

// The placeholder shown when a portrait cannot be loaded: a neutral silhouette.
write(
  "team/placeholder.svg",
  svg({
    w: 480,
    h: 480,
    body: [
      `<rect width="480" height="480" fill="${C.raised}"/>`,
      grid({ w: 480, h: 480, step: 48, opacity: 0.4 }),
      `<circle cx="240" cy="200" r="78" fill="${C.border}"/>`,
      `<path d="M90 480c8-110 70-160 150-160s142 50 150 160z" fill="${C.border}"/>`,
    ].join("\n  "),
  }),
);

console.log(`${written} SVG files in public/media (blog, events, team)`);
