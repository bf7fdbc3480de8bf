/**
 * The product page's gallery (rules 4.9, 4.10). Below 768 px thumbnails become dots and their pictures
 * are not fetched, so the size choice and Add to Cart fit a phone's first screen; there a swipe moves from picture
 * to picture.
 */
import { clsx } from "clsx";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useEffectEvent, useRef } from "react";
import { IMAGE_GROUPS } from "../../content/image-variants";
import { PRODUCT_PLACEHOLDER_IMAGE, type Product, type Variant } from "../../content/products";
import { ResponsiveImage } from "./responsive-image";

/** `sizes` of the large image: the left column (`max-w-6xl px-4 sm:px-6`, 40 px gap from 768 px). */
const GALLERY_SIZES =
  "(min-width: 1152px) 532px, (min-width: 768px) calc((100vw - 88px) / 2), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)";

/** Thumbnail size, in CSS px. */
const THUMBNAIL_SIZE = 72;

/** The gallery's image URLs in display order (`images[].order`), or the product image, or the placeholder. */
export function listGalleryImages(product: Product): string[] {
  const urls = [...product.images].sort((a, b) => a.order - b.order).map((image) => image.url);
  if (urls.length > 0) return urls;
  return [product.image ?? PRODUCT_PLACEHOLDER_IMAGE];
}

/** The index of `variant`'s own image, or `-1` to stay put (rule 4.9). */
export function findVariantImageIndex(images: readonly string[], variant: Pick<Variant, "image_url">): number {
  return variant.image_url ? images.indexOf(variant.image_url) : -1;
}

/** The id of the slide at `position` (from 0): the dots' and thumbnails' hash targets, so they work without scripts. */
function buildSlideId(productId: string, position: number): string {
  return `${productId}-image-${position + 1}`;
}

/** The share of a slide that must be in view for it to count as the one shown. */
const SHOWN_THRESHOLD = 0.6;

/**
 * Keeps the track and `index` together: after hydration an IntersectionObserver makes the slide in view the current
 * one, and a new `index` (an arrow, a dot, a variant choice) scrolls the track to its slide. Returns the track's ref.
 */
function useTrackPosition(images: readonly string[], index: number, onIndexChange: (next: number) => void) {
  const track = useRef<HTMLUListElement>(null);
  /** The slide the track last showed by itself (a swipe): the index it sets needs no scroll, which would stop the swipe. */
  const swipedTo = useRef<number | null>(null);
  const showSlide = useEffectEvent((position: number) => {
    if (position < 0 || position >= images.length) return;
    swipedTo.current = position;
    if (position !== index) onIndexChange(position);
  });

  // An arrow, a dot or a variant choice jumps to its picture at once, so the observer below sees only where the
  // track lands.
  useEffect(() => {
    const element = track.current;
    if (!element || swipedTo.current === index) return;
    const left = index * element.clientWidth;
    if (Math.abs(element.scrollLeft - left) > 1) element.scrollTo({ left, behavior: "instant" });
  }, [index]);

  useEffect(() => {
    const element = track.current;
    if (!element || images.length < 2 || typeof IntersectionObserver === "undefined") return;
    // The entries say only that some slide crossed the threshold; where the track stands when the callback runs says
    // which, so a late entry from a finished swipe cannot undo a dot's jump.
    const observer = new IntersectionObserver(
      () => showSlide(Math.round(element.scrollLeft / Math.max(1, element.clientWidth))),
      { root: element, threshold: SHOWN_THRESHOLD },
    );
    for (const slide of element.children) observer.observe(slide);
    return () => observer.disconnect();
  }, [images]);
  return track;
}

/**
 * The gallery; the parent keeps `index` so a variant choice can move it. The pictures sit side by side in a
 * scroll-snapped track, so a phone swipes from one to the next with or without scripts; after hydration an
 * IntersectionObserver makes the slide in view the current one (its dot or thumbnail marked), and the arrows, dots,
 * thumbnails and a variant choice scroll the track to theirs.
 */
export function ProductGallery({
  product,
  images,
  index,
  onIndexChange,
}: {
  product: Product;
  images: readonly string[];
  index: number;
  onIndexChange: (next: number) => void;
}) {
  const track = useTrackPosition(images, index, onIndexChange);
  const wrap = (next: number) => (next + images.length) % images.length;

  return (
    <section aria-label="Product images" aria-roledescription="carousel" className="relative">
      <div className="relative overflow-hidden rounded-2xl bg-slate-100 dark:bg-slate-800">
        {/* Focusable, so a keyboard scrolls it too (its arrow keys move from picture to picture). */}
        <ul
          ref={track}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region a keyboard must reach (WCAG 2.1.1)
          tabIndex={0}
          aria-label="Photos"
          className="flex snap-x snap-mandatory overflow-x-auto rounded-2xl focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
          data-testid="gallery-track"
        >
          {images.map((url, position) => (
            <li
              key={url}
              id={buildSlideId(product.id, position)}
              aria-roledescription="slide"
              aria-label={`${position + 1} of ${images.length}`}
              className="w-full shrink-0 snap-center snap-always"
            >
              <ResponsiveImage
                src={url}
                alt={`${product.title} (${position + 1} of ${images.length})`}
                width={IMAGE_GROUPS.products.width}
                height={IMAGE_GROUPS.products.height}
                sizes={GALLERY_SIZES}
                priority={position === 0}
                data-testid={position === index ? "gallery-image" : undefined}
                className="aspect-[5/4] w-full object-cover md:aspect-square"
              />
            </li>
          ))}
        </ul>
        {images.length > 1 && (
          <>
            <button
              type="button"
              aria-label="Previous image"
              onClick={() => onIndexChange(wrap(index - 1))}
              className="needs-js absolute top-1/2 left-3 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow hover:bg-white"
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <button
              type="button"
              aria-label="Next image"
              onClick={() => onIndexChange(wrap(index + 1))}
              className="needs-js absolute top-1/2 right-3 inline-flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow hover:bg-white"
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
          </>
        )}
      </div>
      {images.length > 1 && (
        <GalleryPicker productId={product.id} images={images} index={index} onIndexChange={onIndexChange} />
      )}
    </section>
  );
}

/** The dots below 768 px, the thumbnails from 768 px: hash links to the slides, the current one marked. */
function GalleryPicker({
  productId,
  images,
  index,
  onIndexChange,
}: {
  productId: string;
  images: readonly string[];
  index: number;
  onIndexChange: (next: number) => void;
}) {
  return (
    <ul className="absolute bottom-2 left-1/2 flex -translate-x-1/2 rounded-full bg-white/85 px-1 md:static md:mt-3 md:translate-x-0 md:gap-3 md:bg-transparent md:px-0">
      {images.map((url, position) => (
        <li key={url}>
          {/* A hash link: without scripts it scrolls the track to its picture; with them it jumps there. */}
          <a
            href={`#${buildSlideId(productId, position)}`}
            aria-label={`Show image ${position + 1}`}
            aria-current={position === index ? "true" : undefined}
            onClick={(event) => {
              event.preventDefault();
              onIndexChange(position);
            }}
            className={clsx(
              "flex size-6 items-center justify-center md:block md:size-auto md:overflow-hidden md:rounded-lg md:border-2",
              position === index ? "md:border-brand-600" : "md:border-transparent",
            )}
          >
            <span
              aria-hidden="true"
              className={clsx(
                "h-2 rounded-full md:hidden",
                position === index ? "w-4 bg-slate-900" : "w-2 bg-slate-500",
              )}
            />
            <ResponsiveImage
              src={url}
              alt=""
              width={THUMBNAIL_SIZE}
              height={THUMBNAIL_SIZE}
              sizes={`${THUMBNAIL_SIZE}px`}
              pictureClassName="hidden md:block"
              className="size-18 object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
