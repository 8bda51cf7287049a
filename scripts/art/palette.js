// Colours and small helpers shared by the art generators. The hex values are
// the theme's (app/app.css): SVGs shown through <img> cannot read CSS variables.
export const C = {
  canvas: "#0b0b0e",
  surface: "#141419",
  raised: "#1d1d24",
  border: "#2c2c36",
  text: "#f3f2ef",
  muted: "#a8a7b3",
  green: "#3fdc8c",
  blue: "#5b95ff",
  yellow: "#ffd43b",
  red: "#ff5d5d",
  purple: "#b07cff",
};

export const ACCENTS = [C.green, C.blue, C.yellow, C.red, C.purple];

/** A small deterministic PRNG (mulberry32), so every run writes the same files. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const round = (n) => Math.round(n * 10) / 10;

/** Grain and a soft glow, defined once per file. */
export function defs({ id, w, h, glow = [], grain = true }) {
  const glows = glow
    .map(
      (
        g,
        i,
      ) => `<radialGradient id="${id}-g${i}" cx="${g.x / w}" cy="${g.y / h}" r="${g.r}" gradientUnits="objectBoundingBox">
      <stop offset="0" stop-color="${g.color}" stop-opacity="${g.opacity ?? 0.55}"/>
      <stop offset="1" stop-color="${g.color}" stop-opacity="0"/>
    </radialGradient>`,
    )
    .join("\n    ");
  const noise = grain
    ? `<filter id="${id}-grain" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" stitchTiles="stitch"/>
      <feColorMatrix values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 0.06 0"/>
    </filter>`
    : "";
  return `<defs>
    ${glows}
    ${noise}
  </defs>`;
}

export function background({ id, w, h, glow = [], grain = true, fill = C.surface }) {
  return [
    `<rect width="${w}" height="${h}" fill="${fill}"/>`,
    ...glow.map((_, i) => `<rect width="${w}" height="${h}" fill="url(#${id}-g${i})"/>`),
    grain ? `<rect width="${w}" height="${h}" filter="url(#${id}-grain)"/>` : "",
  ].join("\n  ");
}

export function svg({ w, h, body, label }) {
  const title = label ? `<title>${label}</title>` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${title}\n  ${body}\n</svg>\n`;
}

/** A faint line grid, the studio's drafting-table signature. */
export function grid({ w, h, step = 40, color = C.border, opacity = 0.5 }) {
  const lines = [];
  for (let x = step; x < w; x += step) lines.push(`M${x} 0V${h}`);
  for (let y = step; y < h; y += step) lines.push(`M0 ${y}H${w}`);
  return `<path d="${lines.join("")}" stroke="${color}" stroke-opacity="${opacity}" stroke-width="1" fill="none"/>`;
}
