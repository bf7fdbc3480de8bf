/**
 * The site's generated images (rule 4.10 for products, rule 3.1 for article
 * covers): each source under `content/images/{group}/{name}.{svg,png}` is
 * turned at build time (`content/build/vite-plugin-images.ts`, with sharp)
 * into AVIF and WebP files at the group's widths, served as
 * `/images/{group}/{name}-{width}.{avif,webp}`, plus one WebP at the largest
 * width under the plain name `/images/{group}/{name}.webp`, which is the URL
 * the content refers to (link previews, JSON-LD, the cart).
 *
 * Plain data and pure functions, shared by the build step and the pages.
 */

/** Output formats, best first: the order of `<source>` elements. */
export const IMAGE_FORMATS = ["avif", "webp"] as const;

/** One output format. */
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** A group of generated images: intrinsic size of the largest file and the widths made, in px. */
export interface ImageGroup {
  /** Widths made, ascending, in px; the last is the full size. */
  widths: readonly number[];
  /** Intrinsic width and height of the full-size image, in px (the aspect ratio of every width). */
  width: number;
  height: number;
}

/**
 * Article covers are 1200×630 (Open Graph's 1.91:1): 400 px for a card at 1x,
 * 800 for a card at 2x or the article page at 1x, 1200 for the article page
 * at 2x and link previews. Product photos are square: 160 px for the gallery
 * thumbnails, 480 for a store card or the gallery at 1x, 960 at 2x.
 */
export const IMAGE_GROUPS = {
  articles: { widths: [400, 800, 1200], width: 1200, height: 630 },
  products: { widths: [160, 480, 960], width: 960, height: 960 },
} as const satisfies Record<string, ImageGroup>;

/** Name of a group of generated images. */
export type ImageGroupName = keyof typeof IMAGE_GROUPS;

const GENERATED_URL = /^\/images\/(articles|products)\/([a-z0-9-]+)\.webp$/;

/**
 * The group and name behind a generated image's URL (`/images/articles/x.webp`
 * → `{ group: "articles", name: "x" }`), or `null` for any other URL (for
 * example the product placeholder, an SVG that is served as it is).
 */
export function parseGeneratedImageUrl(url: string): { group: ImageGroupName; name: string } | null {
  const match = GENERATED_URL.exec(url);
  if (!match) return null;
  return { group: match[1] as ImageGroupName, name: match[2] ?? "" };
}

/** URL of one generated file: `/images/{group}/{name}-{width}.{format}`. */
export function buildImageVariantUrl(group: ImageGroupName, name: string, width: number, format: ImageFormat): string {
  return `/images/${group}/${name}-${width}.${format}`;
}

/**
 * A `srcset` value for a generated image in one format
 * (`"/images/articles/x-400.avif 400w, …"`), or `null` when `url` is not a
 * generated image.
 */
export function buildSrcSet(url: string, format: ImageFormat): string | null {
  const parsed = parseGeneratedImageUrl(url);
  if (!parsed) return null;
  return IMAGE_GROUPS[parsed.group].widths
    .map((width) => `${buildImageVariantUrl(parsed.group, parsed.name, width, format)} ${width}w`)
    .join(", ");
}
