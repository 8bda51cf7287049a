// Foreground compositions, one family per service. Each takes a PRNG and a
// frame ({ w, h, a, b }: size and two accent colours) and returns SVG markup.
import { C, round } from "./palette.js";

/** Strategy: concentric orbits with bodies on them, and a rising path. */
function orbit(rng, { w, h, a, b }) {
  const cx = w * (0.55 + rng() * 0.1);
  const cy = h * 0.52;
  const base = Math.min(w, h) * 0.14;
  const rings = [1, 1.7, 2.4, 3.1].map((k) => base * k);
  const out = rings.map(
    (r, i) =>
      `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="none" stroke="${i === 1 ? a : C.text}" stroke-opacity="${i === 1 ? 0.9 : 0.18}" stroke-width="${i === 1 ? 2 : 1.2}"${i === 2 ? ' stroke-dasharray="4 10"' : ""}/>`,
  );
  rings.forEach((r, i) => {
    const t = rng() * Math.PI * 2;
    const size = [18, 11, 14, 8][i];
    out.push(
      `<circle cx="${round(cx + Math.cos(t) * r)}" cy="${round(cy + Math.sin(t) * r)}" r="${size}" fill="${[a, C.text, b, a][i]}"/>`,
    );
  });
  out.push(`<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(base * 0.45)}" fill="${C.text}"/>`);
  return out.join("\n  ");
}

/** Graphic design / identity: a bold letterform built from primitives. */
function letterform(rng, { w, h, a, b }) {
  const s = Math.min(w, h) * 0.62;
  const x = w / 2 - s / 2 + (rng() - 0.5) * w * 0.1;
  const y = h / 2 - s / 2;
  const out = [
    `<path d="M${round(x)} ${round(y + s)}L${round(x + s / 2)} ${round(y)}L${round(x + s)} ${round(y + s)}H${round(x + s * 0.74)}L${round(x + s / 2)} ${round(y + s * 0.44)}L${round(x + s * 0.26)} ${round(y + s)}Z" fill="${C.text}"/>`,
    `<circle cx="${round(x + s * 0.86)}" cy="${round(y + s * 0.2)}" r="${round(s * 0.14)}" fill="${a}"/>`,
    `<rect x="${round(x - s * 0.12)}" y="${round(y + s * 0.62)}" width="${round(s * 0.3)}" height="${round(s * 0.3)}" rx="${round(s * 0.06)}" fill="${b}" transform="rotate(-14 ${round(x + s * 0.03)} ${round(y + s * 0.77)})"/>`,
    `<path d="M${round(x - s * 0.2)} ${round(y + s * 1.08)}H${round(x + s * 1.2)}" stroke="${C.text}" stroke-opacity="0.25" stroke-width="1.5"/>`,
    `<path d="M${round(x + s * 0.5)} ${round(y - s * 0.12)}V${round(y + s * 1.12)}" stroke="${a}" stroke-opacity="0.6" stroke-width="1.5" stroke-dasharray="3 7"/>`,
  ];
  return out.join("\n  ");
}

/** Websites: a browser window with a layout inside. */
function browser(rng, { w, h, a, b }) {
  const bw = w * 0.74;
  const bh = h * 0.66;
  const x = (w - bw) / 2 + (rng() - 0.5) * w * 0.06;
  const y = (h - bh) / 2 + h * 0.03;
  const out = [
    `<rect x="${round(x)}" y="${round(y)}" width="${round(bw)}" height="${round(bh)}" rx="14" fill="${C.canvas}" stroke="${C.border}" stroke-width="1.5"/>`,
    `<path d="M${round(x)} ${round(y + 34)}H${round(x + bw)}" stroke="${C.border}" stroke-width="1.5"/>`,
    ...[0, 1, 2].map(
      (i) =>
        `<circle cx="${round(x + 20 + i * 16)}" cy="${round(y + 17)}" r="5" fill="${[C.red, C.yellow, C.green][i]}"/>`,
    ),
    `<rect x="${round(x + 28)}" y="${round(y + 60)}" width="${round(bw * 0.42)}" height="${round(bh * 0.12)}" rx="6" fill="${C.text}"/>`,
    `<rect x="${round(x + 28)}" y="${round(y + 60 + bh * 0.17)}" width="${round(bw * 0.3)}" height="10" rx="5" fill="${C.muted}" fill-opacity="0.5"/>`,
    `<rect x="${round(x + 28)}" y="${round(y + 80 + bh * 0.17)}" width="${round(bw * 0.36)}" height="10" rx="5" fill="${C.muted}" fill-opacity="0.35"/>`,
    `<rect x="${round(x + 28)}" y="${round(y + bh * 0.56)}" width="${round(bw * 0.16)}" height="30" rx="15" fill="${a}"/>`,
    `<rect x="${round(x + bw * 0.56)}" y="${round(y + 60)}" width="${round(bw * 0.38)}" height="${round(bh * 0.62)}" rx="12" fill="${b}" fill-opacity="0.9"/>`,
    `<circle cx="${round(x + bw * 0.75)}" cy="${round(y + 60 + bh * 0.31)}" r="${round(bh * 0.14)}" fill="${C.canvas}" fill-opacity="0.35"/>`,
  ];
  const cols = 3;
  for (let i = 0; i < cols; i++) {
    out.push(
      `<rect x="${round(x + 28 + (i * (bw - 56)) / cols)}" y="${round(y + bh * 0.76)}" width="${round((bw - 56) / cols - 14)}" height="${round(bh * 0.16)}" rx="8" fill="${C.raised}"/>`,
    );
  }
  return out.join("\n  ");
}

/** Motion & video: a shape caught across frames, with a playhead. */
function motion(rng, { w, h, a, b }) {
  const n = 6;
  const y0 = h * 0.55;
  const out = [];
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    const x = w * (0.16 + t * 0.66);
    const y = y0 - Math.sin(t * Math.PI) * h * 0.28;
    const r = 22 + t * 26;
    out.push(
      `<circle cx="${round(x)}" cy="${round(y)}" r="${round(r)}" fill="${i === n - 1 ? a : C.text}" fill-opacity="${round(0.12 + t * 0.88)}"/>`,
    );
  }
  out.push(
    `<path d="M${round(w * 0.1)} ${round(h * 0.82)}H${round(w * 0.9)}" stroke="${C.border}" stroke-width="6" stroke-linecap="round"/>`,
  );
  out.push(
    `<path d="M${round(w * 0.1)} ${round(h * 0.82)}H${round(w * (0.45 + rng() * 0.3))}" stroke="${b}" stroke-width="6" stroke-linecap="round"/>`,
  );
  for (let i = 0; i <= 12; i++)
    out.push(
      `<path d="M${round(w * (0.1 + (i * 0.8) / 12))} ${round(h * 0.87)}v${i % 3 ? 6 : 12}" stroke="${C.muted}" stroke-opacity="0.5" stroke-width="1.5"/>`,
    );
  return out.join("\n  ");
}

/** Social media: a feed of cards, an avatar and a burst of reactions. */
function social(rng, { w, h, a, b }) {
  const cw = w * 0.26;
  const out = [];
  for (let i = 0; i < 3; i++) {
    const x = w * 0.14 + i * (cw + w * 0.04);
    const y = h * (0.22 + (i % 2) * 0.08);
    out.push(
      `<rect x="${round(x)}" y="${round(y)}" width="${round(cw)}" height="${round(cw * 1.25)}" rx="14" fill="${C.canvas}" stroke="${C.border}" stroke-width="1.5"/>`,
    );
    out.push(
      `<rect x="${round(x + 10)}" y="${round(y + 10)}" width="${round(cw - 20)}" height="${round(cw * 0.8)}" rx="9" fill="${[a, C.raised, b][i]}"/>`,
    );
    out.push(
      `<circle cx="${round(x + 22)}" cy="${round(y + cw * 1.03)}" r="9" fill="${C.muted}" fill-opacity="0.6"/>`,
    );
    out.push(
      `<rect x="${round(x + 38)}" y="${round(y + cw * 1.03 - 5)}" width="${round(cw * 0.45)}" height="10" rx="5" fill="${C.muted}" fill-opacity="0.35"/>`,
    );
  }
  const hx = w * (0.7 + rng() * 0.08);
  const hy = h * 0.2;
  out.push(
    `<path d="M${round(hx)} ${round(hy + 14)}c-16-12-26-20-26-31a13 13 0 0 1 26-4 13 13 0 0 1 26 4c0 11-10 19-26 31z" fill="${C.red}"/>`,
  );
  return out.join("\n  ");
}

/** Apps: a phone with tiles. */
function phone(rng, { w, h, a, b }) {
  const ph = h * 0.78;
  const pw = ph * 0.5;
  const x = w / 2 - pw / 2 + (rng() - 0.5) * w * 0.12;
  const y = (h - ph) / 2;
  const out = [
    `<rect x="${round(x)}" y="${round(y)}" width="${round(pw)}" height="${round(ph)}" rx="${round(pw * 0.16)}" fill="${C.canvas}" stroke="${C.text}" stroke-opacity="0.7" stroke-width="2"/>`,
    `<rect x="${round(x + pw * 0.36)}" y="${round(y + 10)}" width="${round(pw * 0.28)}" height="8" rx="4" fill="${C.border}"/>`,
  ];
  const tile = pw * 0.34;
  const colors = [a, C.raised, C.raised, b, C.text, C.raised];
  for (let i = 0; i < 6; i++) {
    const col = i % 2;
    const row = Math.floor(i / 2);
    out.push(
      `<rect x="${round(x + pw * 0.12 + col * (tile + pw * 0.08))}" y="${round(y + ph * 0.14 + row * (tile + pw * 0.08))}" width="${round(tile)}" height="${round(tile)}" rx="${round(tile * 0.24)}" fill="${colors[i]}"${colors[i] === C.text ? ' fill-opacity="0.9"' : ""}/>`,
    );
  }
  out.push(
    `<rect x="${round(x + pw * 0.3)}" y="${round(y + ph - 22)}" width="${round(pw * 0.4)}" height="6" rx="3" fill="${C.muted}"/>`,
  );
  out.push(
    `<circle cx="${round(x + pw * 1.12)}" cy="${round(y + ph * 0.24)}" r="${round(pw * 0.16)}" fill="${a}" fill-opacity="0.85"/>`,
  );
  return out.join("\n  ");
}

/** Sound: a waveform with a bright peak. */
function wave(rng, { w, h, a, b }) {
  const n = 36;
  const gap = (w * 0.8) / n;
  const out = [];
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    const env = Math.sin(t * Math.PI) * (0.35 + 0.65 * Math.abs(Math.sin(t * 7 + rng())));
    const bh = 8 + env * h * 0.55;
    const x = w * 0.1 + i * gap;
    const color = i > n * 0.45 && i < n * 0.62 ? a : C.text;
    out.push(
      `<rect x="${round(x)}" y="${round(h / 2 - bh / 2)}" width="${round(gap * 0.55)}" height="${round(bh)}" rx="${round(gap * 0.27)}" fill="${color}" fill-opacity="${color === a ? 1 : 0.75}"/>`,
    );
  }
  out.push(`<circle cx="${round(w * 0.82)}" cy="${round(h * 0.18)}" r="16" fill="${b}"/>`);
  return out.join("\n  ");
}

/** AI, AR & VR: a wireframe sphere with a few lit nodes. */
function network(rng, { w, h, a, b }) {
  const cx = w * 0.52;
  const cy = h * 0.5;
  const r = Math.min(w, h) * 0.36;
  const out = [
    `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="none" stroke="${C.text}" stroke-opacity="0.5" stroke-width="1.5"/>`,
  ];
  for (const k of [0.25, 0.55, 0.85]) {
    out.push(
      `<ellipse cx="${round(cx)}" cy="${round(cy)}" rx="${round(r)}" ry="${round(r * k)}" fill="none" stroke="${C.text}" stroke-opacity="0.22" stroke-width="1.2"/>`,
    );
    out.push(
      `<ellipse cx="${round(cx)}" cy="${round(cy)}" rx="${round(r * k)}" ry="${round(r)}" fill="none" stroke="${C.text}" stroke-opacity="0.22" stroke-width="1.2"/>`,
    );
  }
  const nodes = [];
  for (let i = 0; i < 7; i++) {
    const t = rng() * Math.PI * 2;
    const d = r * (0.3 + rng() * 0.7);
    nodes.push([cx + Math.cos(t) * d, cy + Math.sin(t) * d * 0.8]);
  }
  for (let i = 1; i < nodes.length; i++) {
    const [x1, y1] = nodes[i - 1];
    const [x2, y2] = nodes[i];
    out.push(
      `<path d="M${round(x1)} ${round(y1)}L${round(x2)} ${round(y2)}" stroke="${a}" stroke-opacity="0.7" stroke-width="1.5"/>`,
    );
  }
  nodes.forEach(([x, y], i) =>
    out.push(`<circle cx="${round(x)}" cy="${round(y)}" r="${i === 0 ? 10 : 5}" fill="${i === 0 ? b : a}"/>`),
  );
  return out.join("\n  ");
}

/** The default: an ascending peak, the studio's own mark writ large. */
function peak(_rng, { w, h, a, b }) {
  const base = h * 0.8;
  const x0 = w * 0.2;
  const x1 = w * 0.8;
  const top = h * 0.18;
  const mid = (x0 + x1) / 2;
  const out = [
    `<path d="M${round(x0)} ${round(base)}L${round(mid)} ${round(top)}L${round(x1)} ${round(base)}H${round(x1 - (x1 - x0) * 0.18)}L${round(mid)} ${round(top + (base - top) * 0.45)}L${round(x0 + (x1 - x0) * 0.18)} ${round(base)}Z" fill="${C.text}"/>`,
    `<circle cx="${round(x1 - w * 0.04)}" cy="${round(top + h * 0.02)}" r="${round(h * 0.06)}" fill="${a}"/>`,
    `<rect x="${round(x0 - w * 0.04)}" y="${round(top + h * 0.08)}" width="${round(h * 0.1)}" height="${round(h * 0.1)}" rx="${round(h * 0.025)}" fill="${b}" transform="rotate(-12 ${round(x0)} ${round(top + h * 0.13)})"/>`,
    `<path d="M${round(w * 0.08)} ${round(base + 1)}H${round(w * 0.92)}" stroke="${C.text}" stroke-opacity="0.25" stroke-width="1.5"/>`,
  ];
  return out.join("\n  ");
}

export const MOTIFS = { orbit, letterform, browser, motion, social, phone, wave, network, peak };
