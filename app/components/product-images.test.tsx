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
import { type Product, products } from "../../content/products";
import { ProductCard } from "./product-card";
import { ProductGallery, findVariantImageIndex, listGalleryImages } from "./product-gallery";

const baseVariant = products[0]!.variants[0]!;

/** A test catalogue entry: a mug without any image, in two colours, one of which has its own photo. */
const mug: Product = {
  id: "test-mug",
  title: "Test Mug",
  subtitle: "A product that exists only in this test",
  image: null,
  description: "<p>A mug.</p>",
  purchasable: true,
  images: [],
  options: [],
  variants: [{ ...baseVariant, id: "test-mug-white", title: "White", image_url: null }],
};

const colourTee: Product = {
  ...products[0]!,
  id: "test-colour-tee",
  images: [
    { url: "/images/products/tee-front.webp", order: 1, type: "image" },
    { url: "/images/products/tee-back.webp", order: 2, type: "image" },
  ],
  variants: [
    { ...baseVariant, id: "test-tee-black", title: "Black", image_url: "/images/products/tee-front.webp" },
    { ...baseVariant, id: "test-tee-green", title: "Green", image_url: "/images/products/tee-back.webp" },
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

describe("every product in the catalogue", () => {
  it("has a picture of its own: none shows the placeholder", () => {
    for (const product of products) expect(listGalleryImages(product)).not.toContain("/images/placeholder.svg");
  });

  it("keeps the photo when a size is chosen: size variants carry no image", () => {
    for (const product of products) {
      const images = listGalleryImages(product);
      for (const variant of product.variants) expect(findVariantImageIndex(images, variant)).toBe(-1);
    }
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
    const html = render(<ProductCard product={products[0]!} priority />);
    const avif = html.indexOf('type="image/avif"');
    const webp = html.indexOf('type="image/webp"');
    expect(avif).toBeGreaterThan(-1);
    expect(webp).toBeGreaterThan(avif);
    expect(html).toContain(
      'srcset="/images/products/tee-front-160.avif 160w, /images/products/tee-front-480.avif 480w, /images/products/tee-front-960.avif 960w"',
    );
    expect(html).toMatch(/<img[^>]* width="960" height="960"/);
    expect(html).toMatch(/<img[^>]* loading="eager" fetchpriority="high"/);
  });

  it("loads lazily when it is not the page's first", () => {
    const html = render(<ProductCard product={products[1]!} />);
    expect(html).toMatch(/<img[^>]* loading="lazy"/);
    expect(html).not.toContain("fetchpriority");
  });
});
