/**
 * `npm run product-images`: draws the product shots into `content/images/products/` as PNG, not SVG: they carry
 * printed words, so they are rasterised here with known fonts and the build never depends on the machine's fonts.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { BRAND, drawShadow, wrapSvg } from "./svg-art.ts";
import { ROOT } from "./wrangler.ts";

/** Source size, in px; the build makes the smaller widths. */
const SIZE = 1200;
const SANS = "'DejaVu Sans', 'Liberation Sans', sans-serif";
const SERIF = "'DejaVu Serif', 'Liberation Serif', serif";
const TEE = "#1e293b";

/** A studio backdrop: a light sweep in `tint`, brighter in the middle, and the floor. */
function drawBackdrop(tint: string, light: string): { defs: string; body: string } {
  return {
    defs: `
      <radialGradient id="backdrop" cx="0.5" cy="0.42" r="0.75">
        <stop offset="0" stop-color="${light}"/>
        <stop offset="1" stop-color="${tint}"/>
      </radialGradient>
      <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#000" stop-opacity="0"/>
        <stop offset="1" stop-color="#000" stop-opacity="0.08"/>
      </linearGradient>`,
    body: `<rect width="${SIZE}" height="${SIZE}" fill="url(#backdrop)"/><rect y="820" width="${SIZE}" height="380" fill="url(#floor)"/>`,
  };
}

/** Gradients and blur shared by the T-shirt pictures. */
const TEE_DEFS = `
  <linearGradient id="tee-body" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#0b1220"/>
    <stop offset="0.22" stop-color="${TEE}"/>
    <stop offset="0.5" stop-color="#334155"/>
    <stop offset="0.78" stop-color="${TEE}"/>
    <stop offset="1" stop-color="#0b1220"/>
  </linearGradient>
  <linearGradient id="tee-light" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#fff" stop-opacity="0.10"/>
    <stop offset="1" stop-color="#000" stop-opacity="0.25"/>
  </linearGradient>
  <filter id="fold" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="9"/></filter>
  <filter id="fine" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="2.5"/></filter>`;

/** The T-shirt laid flat: body and sleeves, shaded, with folds; `back` draws the high back collar. */
function drawTeeShape(back: boolean): string {
  const outline =
    "M430 250 C 470 268, 530 280, 600 280 C 670 280, 730 268, 770 250 L 930 318 C 970 336, 990 360, 1000 392 L 1040 520 L 905 566 L 862 470 L 870 930 C 870 960, 860 968, 830 972 C 700 990, 500 990, 370 972 C 340 968, 330 960, 330 930 L 338 470 L 295 566 L 160 520 L 200 392 C 210 360, 230 336, 270 318 Z";
  const neck = back
    ? `<path d="M468 262 C 520 286, 680 286, 732 262" fill="none" stroke="#475569" stroke-width="20" stroke-linecap="round"/>`
    : `<path d="M470 258 C 500 350, 700 350, 730 258 C 690 300, 510 300, 470 258 Z" fill="#0b1220"/>
       <path d="M462 254 C 496 366, 704 366, 738 254" fill="none" stroke="#475569" stroke-width="22" stroke-linecap="round"/>
       <rect x="582" y="286" width="36" height="22" rx="3" fill="${BRAND.paper}" opacity="0.85"/>`;
  const folds = `
    <g filter="url(#fold)" fill="none" stroke-linecap="round">
      <path d="M360 500 C 420 560, 430 700, 400 860" stroke="#000" stroke-opacity="0.35" stroke-width="26"/>
      <path d="M380 500 C 440 560, 452 700, 424 860" stroke="#fff" stroke-opacity="0.08" stroke-width="16"/>
      <path d="M840 520 C 790 600, 800 760, 820 900" stroke="#000" stroke-opacity="0.3" stroke-width="24"/>
      <path d="M480 880 C 560 840, 660 850, 760 900" stroke="#000" stroke-opacity="0.3" stroke-width="20"/>
      <path d="M500 900 C 580 866, 660 872, 740 914" stroke="#fff" stroke-opacity="0.07" stroke-width="12"/>
      <path d="M290 360 C 330 400, 350 440, 340 480" stroke="#000" stroke-opacity="0.35" stroke-width="18"/>
      <path d="M910 360 C 870 400, 850 440, 860 480" stroke="#000" stroke-opacity="0.35" stroke-width="18"/>
    </g>`;
  const stitches = `
    <g fill="none" stroke="#64748b" stroke-width="3" stroke-dasharray="10 8" opacity="0.7" filter="url(#fine)">
      <path d="M346 944 C 500 964, 700 964, 854 944"/>
      <path d="M176 496 L 300 538"/><path d="M1024 496 L 900 538"/>
    </g>`;
  return `${drawShadow(600, 990, 360, 30, 0.3)}
    <path d="${outline}" fill="url(#tee-body)"/>
    <path d="${outline}" fill="url(#tee-light)"/>
    ${folds}${stitches}${neck}`;
}

/** The brand mark as printed on the shirt: the green tile with the white V, and the letters. */
function drawChestPrint(x: number, y: number, scale: number): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})" opacity="0.94">
    <rect x="-44" y="-44" width="88" height="88" rx="22" fill="${BRAND[500]}"/>
    <path d="M-22 -14 l22 40 l22 -40" fill="none" stroke="#fff" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>
    <text x="0" y="100" text-anchor="middle" font-family="${SANS}" font-weight="700" font-size="44" letter-spacing="6" fill="${BRAND[300]}">VPF</text>
  </g>`;
}

function drawTeeFront(): string {
  const backdrop = drawBackdrop("#c7e6d5", "#eef8f2");
  return wrapSvg(
    SIZE,
    SIZE,
    backdrop.defs + TEE_DEFS,
    `${backdrop.body}${drawTeeShape(false)}${drawChestPrint(600, 470, 1)}`,
  );
}

function drawTeeBack(): string {
  const backdrop = drawBackdrop("#cddcee", "#f1f5fb");
  return wrapSvg(
    SIZE,
    SIZE,
    backdrop.defs + TEE_DEFS,
    `${backdrop.body}${drawTeeShape(true)}
     <text x="600" y="360" text-anchor="middle" font-family="${SANS}" font-weight="700" font-size="26" letter-spacing="5" fill="${BRAND[300]}" opacity="0.92">VALUE · PROGRESS · FREEDOM</text>`,
  );
}

/** The shirt folded on a linen surface, seen from above, with its hang tag. */
function drawTeeFolded(): string {
  const backdrop = drawBackdrop("#e4ddd0", "#f6f2ea");
  let weave = "";
  for (let y = 0; y < SIZE; y += 14)
    weave += `<line x1="0" y1="${y}" x2="${SIZE}" y2="${y}" stroke="#000" stroke-opacity="0.025" stroke-width="3"/>`;
  return wrapSvg(
    SIZE,
    SIZE,
    backdrop.defs + TEE_DEFS,
    `${backdrop.body}${weave}
     ${drawShadow(610, 900, 360, 40, 0.35)}
     <path d="M290 330 L 910 330 C 930 330, 940 340, 940 360 L 950 860 C 950 880, 940 890, 920 890 L 280 890 C 260 890, 250 880, 250 860 L 260 360 C 260 340, 270 330, 290 330 Z" fill="url(#tee-body)"/>
     <path d="M290 330 L 910 330 C 930 330, 940 340, 940 360 L 950 860 C 950 880, 940 890, 920 890 L 280 890 C 260 890, 250 880, 250 860 L 260 360 C 260 340, 270 330, 290 330 Z" fill="url(#tee-light)"/>
     <g filter="url(#fold)" fill="none" stroke-linecap="round">
       <path d="M262 380 L 262 860" stroke="#000" stroke-opacity="0.45" stroke-width="22"/>
       <path d="M938 380 L 946 860" stroke="#000" stroke-opacity="0.45" stroke-width="22"/>
       <path d="M300 600 C 500 620, 700 620, 900 600" stroke="#000" stroke-opacity="0.28" stroke-width="26"/>
       <path d="M300 618 C 500 640, 700 640, 900 618" stroke="#fff" stroke-opacity="0.07" stroke-width="12"/>
     </g>
     <path d="M470 330 C 500 420, 700 420, 730 330 Z" fill="#0b1220"/>
     <path d="M458 326 C 492 440, 708 440, 742 326" fill="none" stroke="#475569" stroke-width="24" stroke-linecap="round"/>
     <rect x="580" y="352" width="40" height="24" rx="3" fill="${BRAND.paper}" opacity="0.85"/>
     ${drawChestPrint(600, 560, 1.15)}
     <g transform="rotate(-12 880 320)">
       <line x1="850" y1="350" x2="880" y2="250" stroke="${BRAND.slate500}" stroke-width="3"/>
       <rect x="820" y="230" width="150" height="200" rx="12" fill="${BRAND.paper}"/>
       <circle cx="895" cy="256" r="9" fill="#e4ddd0"/>
       <rect x="852" y="290" width="86" height="86" rx="20" fill="${BRAND[700]}"/>
       <path d="M875 316 l20 36 l20 -36" fill="none" stroke="#fff" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>
       <text x="895" y="408" text-anchor="middle" font-family="${SANS}" font-weight="700" font-size="18" fill="${BRAND.slate700}">ORGANIC</text>
     </g>`,
  );
}

/** The Freedom Planner: a green A5 book with an elastic band, a ribbon and the page block, its title set to fit. */
function drawPlanner(): string {
  const backdrop = drawBackdrop("#ead9c0", "#faf3e8");
  return wrapSvg(
    SIZE,
    SIZE,
    `${backdrop.defs}
     <linearGradient id="cover" x1="0" y1="0" x2="1" y2="1">
       <stop offset="0" stop-color="${BRAND[600]}"/>
       <stop offset="1" stop-color="${BRAND[900]}"/>
     </linearGradient>
     <linearGradient id="spine" x1="0" y1="0" x2="1" y2="0">
       <stop offset="0" stop-color="${BRAND[900]}"/>
       <stop offset="1" stop-color="${BRAND[700]}"/>
     </linearGradient>
     <linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1">
       <stop offset="0" stop-color="#fff" stop-opacity="0.16"/>
       <stop offset="0.5" stop-color="#fff" stop-opacity="0"/>
     </linearGradient>`,
    `${backdrop.body}
     ${drawShadow(640, 1010, 330, 34, 0.35)}
     <path d="M930 960 L 944 970 L 944 990 L 930 1000 Z" fill="#b45309"/>
     <rect x="360" y="190" width="590" height="810" rx="26" fill="#f5f0e4"/>
     <g stroke="#d6cfbd" stroke-width="2">
       <line x1="946" y1="230" x2="946" y2="970"/><line x1="941" y1="226" x2="941" y2="976"/><line x1="936" y1="222" x2="936" y2="980"/>
     </g>
     <rect x="330" y="170" width="600" height="820" rx="28" fill="url(#cover)"/>
     <rect x="330" y="170" width="64" height="820" rx="28" fill="url(#spine)"/>
     <rect x="380" y="170" width="14" height="820" fill="#000" opacity="0.12"/>
     <rect x="330" y="170" width="600" height="820" rx="28" fill="url(#sheen)"/>
     <rect x="820" y="170" width="34" height="820" fill="#0b3b2e"/>
     <rect x="820" y="170" width="8" height="820" fill="#fff" opacity="0.12"/>
     <path d="M700 990 L 700 1100 L 722 1080 L 744 1100 L 744 990 Z" fill="${BRAND.gold}"/>
     <rect x="432" y="300" width="88" height="88" rx="22" fill="none" stroke="${BRAND[100]}" stroke-width="5" opacity="0.9"/>
     <path d="M455 327 l21 36 l21 -36" fill="none" stroke="${BRAND[100]}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round" opacity="0.9"/>
     <text x="432" y="520" font-family="${SANS}" font-weight="700" font-size="64" fill="${BRAND[50]}">Freedom</text>
     <text x="432" y="596" font-family="${SANS}" font-weight="700" font-size="64" fill="${BRAND[50]}">Planner</text>
     <line x1="434" y1="640" x2="560" y2="640" stroke="${BRAND.gold}" stroke-width="6" stroke-linecap="round"/>
     <text x="432" y="700" font-family="${SANS}" font-size="28" fill="${BRAND[100]}">12 months · undated</text>
     <text x="432" y="920" font-family="${SANS}" font-weight="700" font-size="24" letter-spacing="6" fill="${BRAND[300]}">VPF</text>`,
  );
}

/** The ebook on a tablet: the cover design (title, foundation blocks and a sprout) on its screen. */
function drawEbook(): string {
  const backdrop = drawBackdrop("#cfd8e3", "#f1f5f9");
  const blocks = [
    [0, 0, 3],
    [1, 0, 3],
    [2, 0, 3],
    [0.5, 1, 2],
    [1.5, 1, 2],
    [1, 2, 1],
  ]
    .map(([column = 0, row = 0]) => {
      const x = 498 + column * 72;
      const y = 792 - row * 50;
      const fill = row === 0 ? BRAND[700] : row === 1 ? BRAND[500] : BRAND.gold;
      return `<rect x="${x}" y="${y}" width="64" height="42" rx="6" fill="${fill}"/>`;
    })
    .join("");
  return wrapSvg(
    SIZE,
    SIZE,
    `${backdrop.defs}
     <linearGradient id="bezel" x1="0" y1="0" x2="1" y2="1">
       <stop offset="0" stop-color="#334155"/>
       <stop offset="1" stop-color="#020617"/>
     </linearGradient>
     <linearGradient id="ebook-cover" x1="0" y1="0" x2="0" y2="1">
       <stop offset="0" stop-color="#0f2a2a"/>
       <stop offset="1" stop-color="${BRAND[900]}"/>
     </linearGradient>
     <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1">
       <stop offset="0" stop-color="#fff" stop-opacity="0.14"/>
       <stop offset="0.45" stop-color="#fff" stop-opacity="0"/>
     </linearGradient>`,
    `${backdrop.body}
     ${drawShadow(620, 1040, 330, 30, 0.35)}
     <rect x="300" y="110" width="600" height="930" rx="56" fill="url(#bezel)"/>
     <rect x="306" y="116" width="588" height="918" rx="50" fill="none" stroke="#64748b" stroke-width="3" opacity="0.6"/>
     <rect x="340" y="170" width="520" height="820" rx="10" fill="url(#ebook-cover)"/>
     <circle cx="600" cy="142" r="7" fill="#1e293b"/>
     <text x="600" y="262" text-anchor="middle" font-family="${SANS}" font-weight="700" font-size="22" letter-spacing="8" fill="${BRAND[300]}">VPF GUIDES</text>
     <text x="600" y="360" text-anchor="middle" font-family="${SERIF}" font-weight="700" font-size="58" fill="#fff">The Wealth</text>
     <text x="600" y="432" text-anchor="middle" font-family="${SERIF}" font-weight="700" font-size="58" fill="#fff">Foundations</text>
     <line x1="560" y1="470" x2="640" y2="470" stroke="${BRAND.gold}" stroke-width="5" stroke-linecap="round"/>
     <text x="600" y="520" text-anchor="middle" font-family="${SANS}" font-size="22" fill="${BRAND[100]}">Budgeting · Investing · Independence</text>
     <circle cx="600" cy="760" r="170" fill="${BRAND[500]}" opacity="0.12"/>
     ${blocks}
     <path d="M600 692 C 600 660, 602 640, 600 620" stroke="${BRAND[300]}" stroke-width="6" fill="none" stroke-linecap="round"/>
     <path d="M600 640 C 570 630, 560 610, 562 596 C 584 598, 598 614, 600 640 Z" fill="${BRAND[300]}"/>
     <path d="M600 628 C 630 618, 640 598, 638 584 C 616 586, 602 602, 600 628 Z" fill="${BRAND[400]}"/>
     <text x="600" y="930" text-anchor="middle" font-family="${SANS}" font-weight="700" font-size="22" letter-spacing="4" fill="${BRAND[100]}">VPF TEAM</text>
     <rect x="340" y="170" width="520" height="820" rx="10" fill="url(#glass)"/>`,
  );
}

const PRODUCT_IMAGES: Record<string, () => string> = {
  "tee-front": drawTeeFront,
  "tee-back": drawTeeBack,
  "tee-folded": drawTeeFolded,
  planner: drawPlanner,
  ebook: drawEbook,
};

const outDir = path.join(ROOT, "content", "images", "products");
mkdirSync(outDir, { recursive: true });
for (const [name, draw] of Object.entries(PRODUCT_IMAGES)) {
  const png = await sharp(Buffer.from(draw()))
    .png({ compressionLevel: 9, palette: true, quality: 95, dither: 0.6 })
    .toBuffer();
  writeFileSync(path.join(outDir, `${name}.png`), png);
  console.log(`wrote content/images/products/${name}.png (${png.length} bytes)`);
}
