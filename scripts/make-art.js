// Writes the site's original SVG illustrations into public/media/ (and the
// Open Graph PNG, through ffmpeg's SVG decoder when ffmpeg is installed).
// Deterministic: running it again writes the same files. The output is
// committed; run it only to change the art.
//   node scripts/make-art.js
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BRAND_MARKS } from "./art/brands.js";
import { MOTIFS } from "./art/motifs.js";
import { ACCENTS, background, C, defs, grid, random, round, svg } from "./art/palette.js";

const OUT = path.resolve(import.meta.dirname, "../public/media");
let written = 0;
function write(file, text) {
  const target = path.join(OUT, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, text);
  written++;
}

/** One illustration: dark surface, two glows, optional grid and grain, a motif. */
function scene({ id, w, h, motif, a, b, seed, grain = true, withGrid = true }) {
  const rng = random(seed);
  const glow = [
    { x: w * (0.15 + rng() * 0.25), y: h * (0.1 + rng() * 0.3), r: 0.7, color: a, opacity: 0.32 },
    { x: w * (0.65 + rng() * 0.3), y: h * (0.6 + rng() * 0.35), r: 0.6, color: b, opacity: 0.26 },
  ];
  const body = [
    defs({ id, w, h, glow, grain }),
    background({ id, w, h, glow, grain }),
    withGrid ? grid({ w, h, step: Math.round(Math.min(w, h) / 10), opacity: 0.35 }) : "",
    MOTIFS[motif](rng, { w, h, a, b }),
  ].join("\n  ");
  return svg({ w, h, body });
}

// Services: header art and five feature images each (the default set too).
const SERVICES = [
  ["strategy", "orbit", C.purple, C.yellow],
  ["graphic-design", "letterform", C.yellow, C.blue],
  ["website-creation", "browser", C.blue, C.purple],
  ["motion-and-video", "motion", C.red, C.yellow],
  ["social-media", "social", C.blue, C.green],
  ["app-creation", "phone", C.green, C.purple],
  ["sound-design", "wave", C.purple, C.green],
  ["ai-ar-vr", "network", C.green, C.blue],
  ["default", "peak", C.yellow, C.purple],
];
SERVICES.forEach(([slug, motif, a, b], i) => {
  write(`services/${slug}.svg`, scene({ id: slug, w: 960, h: 720, motif, a, b, seed: 100 + i }));
  for (let n = 1; n <= 5; n++) {
    const accent = ACCENTS[(i + n) % ACCENTS.length];
    const second = n % 2 ? b : a;
    write(
      `features/${slug}-${n}.svg`,
      scene({
        id: `${slug}-${n}`,
        w: 480,
        h: 320,
        motif,
        a: accent,
        b: second,
        seed: 1000 + i * 10 + n,
        grain: false,
        withGrid: n % 2 === 1,
      }),
    );
  }
});

// Home: hero art, the four slides, the two promo cards, the token page hero.
write("hero.svg", scene({ id: "hero", w: 720, h: 720, motif: "orbit", a: C.yellow, b: C.green, seed: 7 }));
const SLIDES = [
  ["identity", "letterform", C.purple, C.yellow],
  ["designs", "social", C.yellow, C.red],
  ["apps", "phone", C.blue, C.green],
  ["tools", "network", C.green, C.purple],
];
SLIDES.forEach(([slug, motif, a, b], i) =>
  write(`slides/${slug}.svg`, scene({ id: `slide-${slug}`, w: 960, h: 720, motif, a, b, seed: 200 + i })),
);
write(
  "promo-ai.svg",
  scene({
    id: "promo-ai",
    w: 640,
    h: 400,
    motif: "network",
    a: C.purple,
    b: C.blue,
    seed: 301,
    withGrid: false,
  }),
);

function tokens({ id, w, h, seed }) {
  const rng = random(seed);
  const glow = [
    { x: w * 0.3, y: h * 0.25, r: 0.7, color: C.yellow, opacity: 0.3 },
    { x: w * 0.8, y: h * 0.8, r: 0.6, color: C.purple, opacity: 0.28 },
  ];
  const coins = [];
  const stacks = [
    [0.3, 4, C.green],
    [0.5, 7, C.yellow],
    [0.7, 5, C.purple],
  ];
  for (const [fx, count, color] of stacks) {
    const cx = w * fx;
    const rx = w * 0.085;
    const ry = rx * 0.36;
    for (let k = 0; k < count; k++) {
      const cy = h * 0.78 - k * ry * 0.9;
      coins.push(
        `<ellipse cx="${round(cx)}" cy="${round(cy + ry * 0.45)}" rx="${round(rx)}" ry="${round(ry)}" fill="${C.canvas}"/>`,
      );
      coins.push(
        `<ellipse cx="${round(cx)}" cy="${round(cy)}" rx="${round(rx)}" ry="${round(ry)}" fill="${color}" stroke="${C.canvas}" stroke-width="2"/>`,
      );
    }
    const top = h * 0.78 - (count - 1) * ry * 0.9;
    coins.push(
      `<ellipse cx="${round(cx)}" cy="${round(top)}" rx="${round(rx * 0.55)}" ry="${round(ry * 0.5)}" fill="none" stroke="${C.canvas}" stroke-opacity="0.45" stroke-width="2"/>`,
    );
  }
  coins.push(
    `<path d="M${round(w * 0.82)} ${round(h * 0.2)}l8 18 18 8-18 8-8 18-8-18-18-8 18-8z" fill="${C.text}" transform="rotate(${round(rng() * 20)} ${round(w * 0.82)} ${round(h * 0.28)})"/>`,
  );
  const body = [
    defs({ id, w, h, glow }),
    background({ id, w, h, glow }),
    grid({ w, h, step: Math.round(h / 10), opacity: 0.3 }),
    coins.join("\n  "),
  ].join("\n  ");
  return svg({ w, h, body });
}
write("promo-tokens.svg", tokens({ id: "promo-tokens", w: 640, h: 400, seed: 302 }));
write("tokens-hero.svg", tokens({ id: "tokens-hero", w: 960, h: 720, seed: 303 }));

// Our Strategy: four stages on a rising path; wide and narrow versions.
function strategy({ id, w, h, vertical }) {
  const glow = [
    { x: w * 0.2, y: h * 0.2, r: 0.8, color: C.purple, opacity: 0.3 },
    { x: w * 0.85, y: h * 0.85, r: 0.7, color: C.green, opacity: 0.22 },
  ];
  const colors = [C.purple, C.blue, C.yellow, C.green];
  const points = colors.map((_, i) => {
    const t = i / 3;
    return vertical
      ? [w * (0.3 + (i % 2) * 0.4), h * (0.84 - t * 0.68)]
      : [w * (0.14 + t * 0.72), h * (0.78 - t * 0.52)];
  });
  const path = `M${points.map(([x, y]) => `${round(x)} ${round(y)}`).join("L")}`;
  const nodes = points
    .map(([x, y], i) => {
      const r = Math.min(w, h) * (0.07 + i * 0.012);
      return [
        `<circle cx="${round(x)}" cy="${round(y)}" r="${round(r * 1.7)}" fill="none" stroke="${colors[i]}" stroke-opacity="0.35" stroke-width="1.5"/>`,
        `<circle cx="${round(x)}" cy="${round(y)}" r="${round(r)}" fill="${colors[i]}"/>`,
        `<circle cx="${round(x)}" cy="${round(y)}" r="${round(r * 0.32)}" fill="${C.canvas}"/>`,
      ].join("");
    })
    .join("\n  ");
  const body = [
    defs({ id, w, h, glow }),
    background({ id, w, h, glow }),
    grid({ w, h, step: 40, opacity: 0.3 }),
    `<path d="${path}" fill="none" stroke="${C.text}" stroke-opacity="0.8" stroke-width="3" stroke-dasharray="2 12" stroke-linecap="round"/>`,
    nodes,
  ].join("\n  ");
  return svg({ w, h, body });
}
write("strategy-wide.svg", strategy({ id: "strategy-wide", w: 1280, h: 560, vertical: false }));
write("strategy-narrow.svg", strategy({ id: "strategy-narrow", w: 640, h: 800, vertical: true }));

// Projects in spotlight: nine posters from past (invented) projects.
const POSTERS = ["letterform", "browser", "wave", "social", "orbit", "phone", "motion", "network", "peak"];
POSTERS.forEach((motif, i) => {
  const a = ACCENTS[i % ACCENTS.length];
  const b = ACCENTS[(i + 2) % ACCENTS.length];
  write(
    `spotlight/project-${i + 1}.svg`,
    scene({ id: `project-${i + 1}`, w: 800, h: 600, motif, a, b, seed: 500 + i, withGrid: i % 3 !== 0 }),
  );
});

// Popular brands: one 48 x 48 monochrome mark each.
for (const [slug, mark] of Object.entries(BRAND_MARKS))
  write(`brands/${slug}.svg`, svg({ w: 48, h: 48, body: mark }));

// Open Graph card (1200 x 630): SVG source, PNG for the networks that need one.
const og = scene({ id: "og", w: 1200, h: 630, motif: "peak", a: C.yellow, b: C.purple, seed: 9 });
write("og.svg", og);
const ffmpeg = spawnSync("ffmpeg", [
  "-hide_banner",
  "-loglevel",
  "error",
  "-y",
  "-i",
  path.join(OUT, "og.svg"),
  "-frames:v",
  "1",
  path.join(OUT, "og.png"),
]);
console.log(
  `${written} SVG files in public/media${ffmpeg.status === 0 ? ", and og.png" : " (og.png not rendered: no ffmpeg)"}`,
);
