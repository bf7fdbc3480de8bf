/** Sizes and URLs of generated images (rules 3.1, 4.10); content names the full-size `/images/{group}/{name}.webp`. */

/** Output formats, best first: the order of `<source>` elements. */
export const IMAGE_FORMATS = ["avif", "webp"] as const;

export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** A group of generated images, in px: `widths` ascending (the last is full size), `width`×`height` the full size. */
export interface ImageGroup {
  widths: readonly number[];
  width: number;
  height: number;
}

/** The groups, each width for a use; covers keep Open Graph's 1.91:1. */
export const IMAGE_GROUPS = {
  articles: { widths: [400, 800, 1200], width: 1200, height: 630 }, // card; card 2x or page; page 2x and link previews
  products: { widths: [160, 480, 960], width: 960, height: 960 }, // gallery thumbnail; card or gallery; gallery 2x
} as const satisfies Record<string, ImageGroup>;

export type ImageGroupName = keyof typeof IMAGE_GROUPS;

const GENERATED_URL = /^\/images\/(articles|products)\/([a-z0-9-]+)\.webp$/;

/** `/images/articles/x.webp` → `{ group: "articles", name: "x" }`; `null` for other URLs (e.g. the placeholder). */
export function parseGeneratedImageUrl(url: string): { group: ImageGroupName; name: string } | null {
  const match = GENERATED_URL.exec(url);
  return match ? { group: match[1] as ImageGroupName, name: match[2] ?? "" } : null;
}

/** URL of one generated file: `/images/{group}/{name}-{width}.{format}`. */
export function buildImageVariantUrl(group: ImageGroupName, name: string, width: number, format: ImageFormat): string {
  return `/images/${group}/${name}-${width}.${format}`;
}

/** `srcset` of a generated image in one format (`"/images/articles/x-400.avif 400w, …"`); `null` for other URLs. */
export function buildSrcSet(url: string, format: ImageFormat): string | null {
  const parsed = parseGeneratedImageUrl(url);
  if (!parsed) return null;
  return IMAGE_GROUPS[parsed.group].widths
    .map((width) => `${buildImageVariantUrl(parsed.group, parsed.name, width, format)} ${width}w`)
    .join(", ");
}

/** URL of a product's link-preview picture (rule 3.6): a 1200 × 630 JPEG, `/images/share/products/{id}.jpg`. */
export function buildProductShareImageUrl(productId: string): string {
  return `/images/share/products/${productId}.jpg`;
}

/** URL of an article's link-preview picture (rule 3.6): a 1200 × 630 JPEG, `/images/share/{slug}.jpg`. */
export function buildShareImageUrl(slug: string): string {
  return `/images/share/${slug}.jpg`;
}
