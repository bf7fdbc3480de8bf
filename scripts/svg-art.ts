/** SVG drawing helpers of the product image script; each returns markup, in SVG user units (px). */

/** The brand palette (app/app.css) and the neutrals and gold the pictures share. */
export const BRAND = {
  50: "#ecfdf5",
  100: "#d1fae5",
  300: "#6ee7b7",
  400: "#34d399",
  500: "#10b981",
  600: "#059669",
  700: "#047857",
  800: "#065f46",
  900: "#064e3b",
  ink: "#0f172a",
  slate700: "#334155",
  slate500: "#64748b",
  slate200: "#e2e8f0",
  paper: "#f8fafc",
  gold: "#fbbf24",
  goldLight: "#fde68a",
  goldDark: "#b45309",
} as const;

/** A seeded generator of numbers in [0, 1): the same `seedText` gives the same sequence. */
export function createRandom(seedText: string): () => number {
  let seed = [...seedText].reduce((acc, ch) => (acc * 31 + ch.charCodeAt(0)) >>> 0, 7);
  return () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** Rounds to one decimal, for compact markup. */
export function r1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The gradients and filter every picture may use; put once inside `<defs>`. */
export function drawSharedDefs(): string {
  return `
    <linearGradient id="coin-top" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${BRAND.goldLight}"/>
      <stop offset="0.55" stop-color="${BRAND.gold}"/>
      <stop offset="1" stop-color="#f59e0b"/>
    </linearGradient>
    <linearGradient id="coin-side" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#d97706"/>
      <stop offset="0.4" stop-color="#f59e0b"/>
      <stop offset="1" stop-color="${BRAND.goldDark}"/>
    </linearGradient>
    <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="14"/></filter>
    <filter id="softer" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="40"/></filter>`;
}

/** A soft shadow on the ground: a blurred dark ellipse centred at (x, y). */
export function drawShadow(x: number, y: number, rx: number, ry: number, opacity = 0.28): string {
  return `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(rx)}" ry="${r1(ry)}" fill="#000" opacity="${opacity}" filter="url(#soft)"/>`;
}

/** One gold coin seen from above at an angle: `(x, y)` is the centre of its top face. */
export function drawCoin(x: number, y: number, radius: number): string {
  const ry = radius * 0.34;
  const thickness = radius * 0.24;
  return `<g>
    <path d="M${r1(x - radius)} ${r1(y)} v${r1(thickness)} a${r1(radius)} ${r1(ry)} 0 0 0 ${r1(radius * 2)} 0 v${r1(-thickness)} z" fill="url(#coin-side)"/>
    <ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(radius)}" ry="${r1(ry)}" fill="url(#coin-top)"/>
    <ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(radius * 0.72)}" ry="${r1(ry * 0.72)}" fill="none" stroke="${BRAND.goldDark}" stroke-opacity="0.35" stroke-width="${r1(radius * 0.06)}"/>
  </g>`;
}

/** A stack of `count` coins whose bottom coin's top face is centred at (x, baseY). */
export function drawCoinStack(x: number, baseY: number, count: number, radius: number): string {
  const thickness = radius * 0.24;
  let markup = drawShadow(x + radius * 0.2, baseY + thickness + radius * 0.2, radius * 1.25, radius * 0.3, 0.3);
  for (let index = 0; index < count; index++) markup += drawCoin(x, baseY - index * thickness, radius);
  return markup;
}

/** Wraps `body` (which may refer to the shared defs) into a standalone SVG of `width`×`height`. */
export function wrapSvg(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>${drawSharedDefs()}${defs}</defs>
  ${body}
</svg>
`;
}
