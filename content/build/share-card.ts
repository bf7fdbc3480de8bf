/**
 * An article's and a product's link preview (rule 3.6). Text is drawn as glyph outlines shaped by HarfBuzz from the site's own font
 * file, so every machine draws the same picture whatever fonts it has. Node only.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { convert } from "fontverter";
import * as hb from "harfbuzzjs";
import sharp, { type OverlayOptions } from "sharp";
import { IMAGE_GROUPS } from "../image-variants.ts";

const { width: W, height: H } = IMAGE_GROUPS.articles;

/** Margin, text sizes and the title's line height, in px. */
const MARGIN = 72;
const TITLE_SIZE = 62;
const TITLE_LINE_HEIGHT = 74;
const TITLE_MAX_LINES = 3;
const BRAND_SIZE = 28;

/** The preview's encoder settings; part of the cache key of each picture. */
export const SHARE_CARD_JPEG = { quality: 82, mozjpeg: true } as const;

/** The picture's layout version, part of the cache key: change it when the drawing changes. */
export const SHARE_CARD_LAYOUT = "1";

/** The product preview's layout version, part of its cache key: change it when that drawing changes. */
export const PRODUCT_CARD_LAYOUT = "1";

/** A product preview's text sizes and line heights, in px. */
const PRODUCT_TITLE_SIZE = 56;
const PRODUCT_TITLE_LINE_HEIGHT = 66;
const PRODUCT_TITLE_MAX_LINES = 4;
const PRICE_SIZE = 48;

const require = createRequire(import.meta.url);

/** Inter's latin subset, variable in weight, as HarfBuzz reads it (WOFF2 unpacked). */
let fontFace: Promise<hb.Face> | undefined;

function loadFace(): Promise<hb.Face> {
  return (fontFace ??= (async () => {
    const woff2 = readFileSync(require.resolve("@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"));
    const sfnt = await convert(woff2, "truetype");
    return new hb.Face(new hb.Blob(sfnt));
  })());
}

/** `text` shaped: its glyphs' outlines placed along the pen, and its advance, in font units. */
function shapeRun(font: hb.Font, text: string): { paths: string; advance: number } {
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  let pen = 0;
  let paths = "";
  const positions = buffer.getGlyphPositions();
  for (const [index, glyph] of buffer.getGlyphInfos().entries()) {
    const position = positions[index]!;
    const outline = font.glyphToPath(glyph.codepoint);
    if (outline) paths += `<path transform="translate(${pen + position.xOffset} ${position.yOffset})" d="${outline}"/>`;
    pen += position.xAdvance;
  }
  return { paths, advance: pen };
}

function createFont(face: hb.Face, weight: number): hb.Font {
  const font = new hb.Font(face);
  font.setVariations([new hb.Variation("wght", weight)]);
  return font;
}

/** Splits `text` into lines no wider than `maxWidth` font units, at most `maxLines`, the last cut with "…". */
function wrapLines(font: hb.Font, text: string, maxWidth: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/u).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && shapeRun(font, candidate).advance > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = `${kept[maxLines - 1]!}…`;
  while (shapeRun(font, last).advance > maxWidth && last.includes(" ")) last = `${last.slice(0, last.lastIndexOf(" "))}…`;
  kept[maxLines - 1] = last;
  return kept;
}

/** The overlay: a shade rising from the foot, the title's lines above the brand line. */
async function drawOverlay(title: string, brand: string): Promise<string> {
  const face = await loadFace();
  const titleFont = createFont(face, 800);
  const brandFont = createFont(face, 600);
  const titleScale = TITLE_SIZE / face.upem;
  const brandScale = BRAND_SIZE / face.upem;
  const lines = wrapLines(titleFont, title, (W - 2 * MARGIN) / titleScale, TITLE_MAX_LINES);
  const brandBaseline = H - MARGIN + 8;
  const firstBaseline = brandBaseline - 28 - (lines.length - 1) * TITLE_LINE_HEIGHT - 36;
  const titleText = lines
    .map((line, index) => {
      const baseline = firstBaseline + index * TITLE_LINE_HEIGHT;
      const { paths } = shapeRun(titleFont, line);
      return `<g transform="translate(${MARGIN} ${baseline}) scale(${titleScale} ${-titleScale})">${paths}</g>`;
    })
    .join("");
  const shadeTop = Math.max(0, firstBaseline - TITLE_SIZE - 140);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><linearGradient id="shade" x1="0" y1="${shadeTop}" x2="0" y2="${H}" gradientUnits="userSpaceOnUse">
<stop offset="0" stop-color="#020617" stop-opacity="0"/><stop offset="0.45" stop-color="#020617" stop-opacity="0.72"/>
<stop offset="1" stop-color="#020617" stop-opacity="0.92"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#shade)"/>
<g fill="#ffffff">${titleText}</g>
<g fill="#6ee7b7" transform="translate(${MARGIN} ${brandBaseline}) scale(${brandScale} ${-brandScale})">${shapeRun(brandFont, brand).paths}</g>
</svg>`;
}

/** A 1200 × 630 px JPEG: `cover` (any format sharp reads) cropped and shaded, `title` over it, `brand` below. */
export async function drawShareCard(cover: Buffer, title: string, brand: string): Promise<Buffer> {
  const overlay = Buffer.from(await drawOverlay(title, brand));
  return sharp(cover)
    .rotate()
    .resize(W, H, { fit: "cover" })
    .composite([{ input: overlay }])
    .flatten({ background: "#020617" })
    .jpeg(SHARE_CARD_JPEG)
    .toBuffer();
}

/** Glyph outlines of `lines` from `top` (the first line's baseline), `size` px each, `lineHeight` apart. */
function drawLines(font: hb.Font, upem: number, lines: readonly string[], top: number, size: number, lineHeight: number) {
  const scale = size / upem;
  return lines
    .map((line, index) => {
      const baseline = top + index * lineHeight;
      return `<g transform="translate(${MARGIN} ${baseline}) scale(${scale} ${-scale})">${shapeRun(font, line).paths}</g>`;
    })
    .join("");
}

/** The product preview's text layer: title and price from the top left, the brand line at the foot. */
async function drawProductText(title: string, price: string, brand: string, textWidth: number): Promise<string> {
  const face = await loadFace();
  const titleFont = createFont(face, 800);
  const priceFont = createFont(face, 700);
  const brandFont = createFont(face, 600);
  const lines = wrapLines(titleFont, title, textWidth / (PRODUCT_TITLE_SIZE / face.upem), PRODUCT_TITLE_MAX_LINES);
  const firstBaseline = MARGIN + PRODUCT_TITLE_SIZE;
  const priceBaseline = firstBaseline + (lines.length - 1) * PRODUCT_TITLE_LINE_HEIGHT + 40 + PRICE_SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<g fill="#ffffff">${drawLines(titleFont, face.upem, lines, firstBaseline, PRODUCT_TITLE_SIZE, PRODUCT_TITLE_LINE_HEIGHT)}</g>
<g fill="#6ee7b7">${drawLines(priceFont, face.upem, [price], priceBaseline, PRICE_SIZE, PRICE_SIZE)}</g>
<g fill="#94a3b8">${drawLines(brandFont, face.upem, [brand], H - MARGIN + 8, BRAND_SIZE, BRAND_SIZE)}</g>
</svg>`;
}

/** The preview's ground: the site's darkest slate with a glow of the brand's green from the top left. */
const PRODUCT_GROUND = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs><radialGradient id="glow" cx="0" cy="0" r="1" gradientUnits="userSpaceOnUse" gradientTransform="scale(${W} ${H})">
<stop offset="0" stop-color="#047857" stop-opacity="0.55"/><stop offset="1" stop-color="#047857" stop-opacity="0"/></radialGradient></defs>
<rect width="${W}" height="${H}" fill="#020617"/><rect width="${W}" height="${H}" fill="url(#glow)"/></svg>`;

/**
 * A product's 1200 × 630 px JPEG link preview (rule 3.6): its title and `price` (as the page writes it) on the left,
 * the brand line at the foot, and `photo` (any format sharp reads), when it has one, as a 630 px square on the right;
 * without a photo the title takes the width.
 */
export async function drawProductShareCard(
  photo: Buffer | null,
  title: string,
  price: string,
  brand: string,
): Promise<Buffer> {
  const layers: OverlayOptions[] = [];
  if (photo) {
    const square = await sharp(photo).rotate().resize(H, H, { fit: "cover" }).flatten({ background: "#ffffff" }).toBuffer();
    layers.push({ input: square, left: W - H, top: 0 });
  }
  const textWidth = (photo ? W - H : W) - 2 * MARGIN;
  layers.push({ input: Buffer.from(await drawProductText(title, price, brand, textWidth)), left: 0, top: 0 });
  return sharp(Buffer.from(PRODUCT_GROUND)).composite(layers).flatten({ background: "#020617" }).jpeg(SHARE_CARD_JPEG).toBuffer();
}
