/** The cover drawn for an article without a photo (rule 3.1): its category's colours, discs seeded by its slug. */
import { ARTICLE_IMAGE_HEIGHT as H, ARTICLE_IMAGE_WIDTH as W } from "../article-image.ts";

/** Per category slug: deep, middle and light colour. */
const PALETTES: Record<string, readonly [string, string, string]> = {
  "personal-finance": ["#064e3b", "#10b981", "#d1fae5"],
  investing: ["#1e3a8a", "#3b82f6", "#dbeafe"],
  trading: ["#7c2d12", "#f97316", "#ffedd5"],
  crypto: ["#422006", "#eab308", "#fef9c3"],
  ai: ["#3b0764", "#a855f7", "#f3e8ff"],
  enterprising: ["#831843", "#ec4899", "#fce7f3"],
  value: ["#134e4a", "#14b8a6", "#ccfbf1"],
  progress: ["#1e1b4b", "#6366f1", "#e0e7ff"],
  freedom: ["#0c4a6e", "#0ea5e9", "#e0f2fe"],
};

/** Numbers in [0, 1) from a seed: the same text gives the same sequence. */
function createRandom(seedText: string): () => number {
  let seed = [...seedText].reduce((acc, ch) => (acc * 31 + ch.charCodeAt(0)) >>> 0, 7);
  return () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** The SVG markup of the cover of article `slug` in category `categorySlug` (an unknown one takes Value's colours). */
export function drawArticleCover(slug: string, categorySlug: string): string {
  const [deep, middle, light] = PALETTES[categorySlug] ?? PALETTES.value!;
  const random = createRandom(slug);
  const glowX = round(W * (0.25 + random() * 0.5));
  const glowY = round(H * (0.3 + random() * 0.3));
  let discs = "";
  for (let index = 0; index < 9; index++) {
    const radius = round(40 + random() * 160);
    discs += `<circle cx="${round(random() * W)}" cy="${round(random() * H)}" r="${radius}" fill="${light}" opacity="${round(0.06 + random() * 0.1)}"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${deep}"/><stop offset="1" stop-color="${middle}"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${light}" stop-opacity="0.6"/><stop offset="1" stop-color="${light}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>
<circle cx="${glowX}" cy="${glowY}" r="360" fill="url(#glow)"/>
${discs}
</svg>
`;
}
