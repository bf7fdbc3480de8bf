/**
 * The product page's gallery (rule 4.9, rule 4.10): one large image with
 * previous/next arrows that wrap around at both ends, and a row of
 * thumbnails. Below 768 px the large image is 5:4 and the thumbnails become
 * dots over its bottom edge (thumbnail pictures are then neither shown nor
 * fetched), so the product page's size choice and Add to Cart fit the first
 * screen of a phone. A product without images shows the placeholder. The large
 * image is the page's first image above the fold (eager, high priority);
 * thumbnails load lazily.
 */
import { clsx } from "clsx";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { IMAGE_GROUPS } from "../../content/image-variants";
import { PRODUCT_PLACEHOLDER_IMAGE, type Product, type Variant } from "../../content/products";
import { ResponsiveImage } from "./responsive-image";

/**
 * `sizes` of the large image: the left column of the product page
 * (`max-w-6xl px-4 sm:px-6`, two columns with a 40 px gap from 768 px), 532 px at most.
 */
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

/**
 * Where the gallery goes when `variant` is chosen (rule 4.9): the index of the
 * variant's own image, or `-1` to stay put. Size variants carry no image
 * (`image_url: null`), so choosing a size keeps the photo; a variant that
 * looks different (a colour) names its image and moves the gallery to it.
 */
export function findVariantImageIndex(images: readonly string[], variant: Pick<Variant, "image_url">): number {
  return variant.image_url ? images.indexOf(variant.image_url) : -1;
}

/** The gallery; the parent keeps `index` so a variant choice can move it. */
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
  const wrap = (next: number) => (next + images.length) % images.length;
  const current = images[index] ?? images[0] ?? PRODUCT_PLACEHOLDER_IMAGE;
  return (
    <section aria-label="Product images" aria-roledescription="carousel" className="relative">
      <div className="relative overflow-hidden rounded-2xl bg-slate-100 dark:bg-slate-800">
        <ResponsiveImage
          src={current}
          alt={`${product.title} (${index + 1} of ${images.length})`}
          width={IMAGE_GROUPS.products.width}
          height={IMAGE_GROUPS.products.height}
          sizes={GALLERY_SIZES}
          priority
          data-testid="gallery-image"
          className="aspect-[5/4] w-full object-cover md:aspect-square"
        />
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
        <ul className="absolute bottom-2 left-1/2 flex -translate-x-1/2 rounded-full bg-white/85 px-1 md:static md:mt-3 md:translate-x-0 md:gap-3 md:bg-transparent md:px-0">
          {images.map((url, position) => (
            <li key={url}>
              <button
                type="button"
                aria-label={`Show image ${position + 1}`}
                aria-current={position === index ? "true" : undefined}
                onClick={() => onIndexChange(position)}
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
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
