/**
 * A `<picture>` offering a generated image as AVIF then WebP at every width made; any other image
 * is a plain `<img>`. `width` and `height` are always set, so the box is reserved (no layout shift).
 */
import { IMAGE_FORMATS, buildSrcSet } from "../../content/image-variants";

/** `sizes` of a card image in the card grid (`max-w-6xl px-4 sm:px-6`, `sm:grid-cols-2 lg:grid-cols-3 gap-6`). */
export const GRID_CARD_SIZES =
  "(min-width: 1152px) 352px, (min-width: 1024px) calc((100vw - 96px) / 3), (min-width: 640px) calc((100vw - 72px) / 2), calc(100vw - 32px)";

/** Props: `src` is the image's plain URL as the content names it; `sizes` is the rendered width, in CSS. */
export interface ResponsiveImageProps {
  src: string;
  alt: string;
  /** Intrinsic size in px; sets the aspect ratio of the box before loading. */
  width: number;
  height: number;
  sizes: string;
  /** The page's first image above the fold (the LCP candidate): eager, high priority. Default: lazy. */
  priority?: boolean;
  className?: string;
  /** Class of the `<picture>` wrapper (only for generated images). */
  pictureClassName?: string;
  "data-testid"?: string;
}

/** The image, as a `<picture>` when generated variants exist. */
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
