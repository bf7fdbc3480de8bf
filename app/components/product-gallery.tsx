/**
 * The product page's gallery (rules 4.9, 4.10). Below 768 px thumbnails become dots and their pictures
 * are not fetched, so the size choice and Add to Cart fit a phone's first screen.
 */
import { clsx } from "clsx";
import { ChevronLeft, ChevronRight } from "lucide-react";
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
