/**
 * `<ResponsiveImage>`: a `<picture>` that offers a generated image
 * (`content/image-variants.ts`) as AVIF, then WebP, at every width made, so
 * the browser fetches the smallest file that fills the box `sizes` describes;
 * any other image (the product placeholder SVG) is a plain `<img>`.
 *
 * Loading: `priority` marks the first image above the fold of a page (eager,
 * `fetchpriority="high"`, so it is the LCP candidate that starts first);
 * every other image is lazy. `width` and `height` are always set, so the box
 * is reserved before the file arrives (no layout shift).
 */
import { IMAGE_FORMATS, buildSrcSet } from "../../content/image-variants";

/**
 * `sizes` of an image that fills a card of the site's card grid
 * (`max-w-6xl px-4 sm:px-6`, `sm:grid-cols-2 lg:grid-cols-3 gap-6`): one
 * column on phones, two from 640 px, three from 1024 px, 352 px at most.
 */
export const GRID_CARD_SIZES =
  "(min-width: 1152px) 352px, (min-width: 1024px) calc((100vw - 96px) / 3), (min-width: 640px) calc((100vw - 72px) / 2), calc(100vw - 32px)";

/** Props: `src` is the image's plain URL as the content names it; `sizes` is the rendered width, in CSS. */
export interface ResponsiveImageProps {
  src: string;
  alt: string;
  /** Intrinsic size in px; sets the aspect ratio of the box before loading. */
  width: number;
  height: number;
  /** The `sizes` attribute: the width the image is drawn at for each viewport, e.g. `"(min-width: 768px) 720px, 100vw"`. */
  sizes: string;
  /** The page's first image above the fold: eager and high fetch priority. Default: lazy. */
  priority?: boolean;
  className?: string;
  /** Class of the `<picture>` wrapper (only for generated images). */
  pictureClassName?: string;
  "data-testid"?: string;
}

/** Draws the image; see the module comment. */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  sizes,
  priority = false,
  className,
  pictureClassName,
  "data-testid": testId,
}: ResponsiveImageProps) {
  const loading = priority ? ({ loading: "eager", fetchPriority: "high" } as const) : ({ loading: "lazy" } as const);
  const sources = IMAGE_FORMATS.map((format) => ({ format, srcSet: buildSrcSet(src, format) }));
  const img = (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      {...loading}
      className={className}
      data-testid={testId}
    />
  );
  if (sources.some((source) => source.srcSet === null)) return img;
  return (
    <picture className={pictureClassName}>
      {sources.map(({ format, srcSet }) => (
        <source key={format} type={`image/${format}`} srcSet={srcSet ?? undefined} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
