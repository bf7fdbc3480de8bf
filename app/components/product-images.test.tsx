/**
 * Product images as a visitor meets them (rule 4.9, rule 4.10): a product
 * without an image shows the placeholder on its store card and in its
 * gallery (a test catalogue entry, so no real product has to stay bare);
 * choosing a size keeps the photo while a colour with its own image moves
 * the gallery; generated images are offered as AVIF and WebP at several
 * widths with their size set.
 */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Product } from "../../content/products";
import { buildTestProduct, buildTestVariant } from "../../tests/support/product-fixtures";
import { ProductCard } from "./product-card";
import { ProductGallery, findVariantImageIndex, listGalleryImages } from "./product-gallery";

const baseVariant = buildTestVariant("test-jacket-s", "S");

/** A test catalogue entry: a jacket with two photos, in two sizes that carry none. */
const jacket = buildTestProduct(
  "test-jacket",
  "Test Jacket",
  [baseVariant, { ...baseVariant, id: "test-jacket-m", title: "M" }],
  [{ id: "size", title: "Size", values: ["S", "M"].map((value) => ({ id: value.toLowerCase(), value })) }],
  {
    image: "/images/products/test-jacket-front.webp",
    images: [
      { url: "/images/products/test-jacket-front.webp", order: 1, type: "image" },
      { url: "/images/products/test-jacket-back.webp", order: 2, type: "image" },
    ],
  },
);

/** A test catalogue entry: a mug without any image. */
const mug = buildTestProduct("test-mug", "Test Mug", [{ ...baseVariant, id: "test-mug-white", title: "White" }]);

const colourTee: Product = {
  ...jacket,
  id: "test-colour-tee",
  images: [
    { url: "/images/products/test-jacket-black.webp", order: 1, type: "image" },
    { url: "/images/products/test-jacket-green.webp", order: 2, type: "image" },
  ],
  variants: [
    { ...baseVariant, id: "test-jacket-black", title: "Black", image_url: "/images/products/test-jacket-black.webp" },
    { ...baseVariant, id: "test-jacket-green", title: "Green", image_url: "/images/products/test-jacket-green.webp" },
  ],
};

/** Server-rendered markup of `element`, attribute names lower-cased as a browser reads them. */
function render(element: ReactNode): string {
  return renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>).replace(
    /\s([a-zA-Z-]+)=/g,
    (_, name: string) => ` ${name.toLowerCase()}=`,
  );
}

describe("a product without an image", () => {
  it("shows the placeholder on its store card", () => {
    const html = render(<ProductCard product={mug} />);
    expect(html).toContain('src="/images/placeholder.svg"');
    expect(html).not.toContain("<picture");
  });

  it("shows the placeholder in its gallery, without arrows", () => {
    const images = listGalleryImages(mug);
    expect(images).toEqual(["/images/placeholder.svg"]);
    const html = render(<ProductGallery product={mug} images={images} index={0} onIndexChange={() => {}} />);
    expect(html).toContain('src="/images/placeholder.svg"');
    expect(html).not.toContain("Next image");
  });
});

describe("a size choice", () => {
  it("keeps the photo: a variant without an image of its own moves nothing", () => {
    const images = listGalleryImages(jacket);
    for (const variant of jacket.variants) expect(findVariantImageIndex(images, variant)).toBe(-1);
  });
});

describe("a variant that looks different", () => {
  it("moves the gallery to its own image", () => {
    const images = listGalleryImages(colourTee);
    expect(findVariantImageIndex(images, colourTee.variants[1]!)).toBe(1);
    expect(findVariantImageIndex(images, colourTee.variants[0]!)).toBe(0);
  });
});

describe("a generated image", () => {
  it("is offered as AVIF then WebP at three widths, sized, with the page's first image eager", () => {
    const html = render(<ProductCard product={jacket} priority />);
    const avif = html.indexOf('type="image/avif"');
    const webp = html.indexOf('type="image/webp"');
    expect(avif).toBeGreaterThan(-1);
    expect(webp).toBeGreaterThan(avif);
    expect(html).toContain(
      'srcset="/images/products/test-jacket-front-160.avif 160w, /images/products/test-jacket-front-480.avif 480w, /images/products/test-jacket-front-960.avif 960w"',
    );
    expect(html).toMatch(/<img[^>]* width="960" height="960"/);
    expect(html).toMatch(/<img[^>]* loading="eager" fetchpriority="high"/);
  });

  it("loads lazily when it is not the page's first", () => {
    const html = render(<ProductCard product={jacket} />);
    expect(html).toMatch(/<img[^>]* loading="lazy"/);
    expect(html).not.toContain("fetchpriority");
  });
});
