// The 16 "Popular Brands" marks: invented names, simple monochrome geometry,
// drawn on a 48 x 48 grid. No real company's logo.
const INK = "#f3f2ef";

export const BRAND_MARKS = {
  "kestrel-labs": `<path d="M6 30 24 12l18 18h-9L24 21l-9 9z" fill="${INK}"/><path d="M15 36h18" stroke="${INK}" stroke-width="4" stroke-linecap="round"/>`,
  "orbit-and-oak": `<circle cx="24" cy="24" r="17" fill="none" stroke="${INK}" stroke-width="3.5"/><path d="M24 34c-7-5-7-15 0-20 7 5 7 15 0 20z" fill="${INK}"/>`,
  "lumen-forge": `<circle cx="24" cy="24" r="8" fill="${INK}"/>${[0, 45, 90, 135, 180, 225, 270, 315].map((d) => `<rect x="22.5" y="4" width="3" height="8" rx="1.5" fill="${INK}" transform="rotate(${d} 24 24)"/>`).join("")}`,
  veyra: `<circle cx="24" cy="24" r="19" fill="${INK}"/><path d="M15 15h5.5L24 27l3.5-12H33l-6.5 19h-5z" fill="#0b0b0e"/>`,
  "tidal-nine": `${[14, 24, 34].map((y) => `<path d="M6 ${y}c4-5 8-5 12 0s8 5 12 0 8-5 12 0" fill="none" stroke="${INK}" stroke-width="3.5" stroke-linecap="round"/>`).join("")}`,
  "saffron-row": `<rect x="6" y="8" width="36" height="7" rx="3.5" fill="${INK}"/><rect x="12" y="20.5" width="30" height="7" rx="3.5" fill="${INK}"/><rect x="18" y="33" width="24" height="7" rx="3.5" fill="${INK}"/>`,
  quillmark: `<path d="M38 6C24 10 14 22 11 40l4 2c3-9 8-15 14-19l-5-1c6-3 11-8 14-16z" fill="${INK}"/>`,
  "halcyon-supply": `<path d="M8 28a16 16 0 0 1 32 0z" fill="${INK}"/><rect x="6" y="33" width="36" height="4" rx="2" fill="${INK}"/>`,
  "marrow-studio": `<rect x="7" y="7" width="34" height="34" rx="9" fill="none" stroke="${INK}" stroke-width="3.5"/><circle cx="24" cy="24" r="7" fill="${INK}"/>`,
  "pinecrest-audio": `<path d="M24 5 41 35H7z" fill="none" stroke="${INK}" stroke-width="3.5" stroke-linejoin="round"/><path d="M14 41h4v-6h4v6h4v-9h4v9h4" fill="none" stroke="${INK}" stroke-width="3" stroke-linejoin="round"/>`,
  "nova-terra": `<path d="M24 4c2 12 8 18 20 20-12 2-18 8-20 20-2-12-8-18-20-20 12-2 18-8 20-20z" fill="${INK}"/>`,
  brightwell: `<path d="M24 5c8 11 13 18 13 25a13 13 0 0 1-26 0c0-7 5-14 13-25z" fill="${INK}"/><path d="M18 31a6 6 0 0 0 6 6" stroke="#0b0b0e" stroke-width="3" fill="none" stroke-linecap="round"/>`,
  "cobalt-finch": `<path d="M24 4 44 24 24 44 4 24z" fill="none" stroke="${INK}" stroke-width="3.5" stroke-linejoin="round"/><path d="M24 14 34 24 24 34 14 24z" fill="${INK}"/>`,
  "ember-and-ash": `<path d="M24 4c3 8 12 12 12 23a12 12 0 0 1-24 0c0-5 2-8 5-11 0 4 2 6 4 7-1-8 1-14 3-19z" fill="${INK}"/>`,
  "lattice-co": `${[12, 24, 36].flatMap((x) => [12, 24, 36].map((y) => `<circle cx="${x}" cy="${y}" r="${x === 24 && y === 24 ? 5.5 : 3.5}" fill="${INK}"/>`)).join("")}`,
  "zephyr-goods": `<path d="M6 18h24a6 6 0 1 0-6-6M6 26h32a6 6 0 1 1-6 6M6 34h14" fill="none" stroke="${INK}" stroke-width="3.5" stroke-linecap="round"/>`,
};
