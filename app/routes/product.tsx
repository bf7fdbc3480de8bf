/** `/product/{id}` (rules 3.6, 4.3, 4.4, 4.8, 4.9, 4.12); an unknown id answers 404. */
import { clsx } from "clsx";
import { useState } from "react";
import { Link, data, isRouteErrorResponse, useRouteError } from "react-router";
import { type Product, type Variant, findProduct } from "../../content/products";
import { JsonLd, buildBreadcrumbs } from "../components/json-ld";
import { DeliveryNote, isDigitalProduct } from "../components/delivery-note";
import { NotFoundPage } from "../components/lazy-not-found-page";
import { ProductGallery, findVariantImageIndex, listGalleryImages } from "../components/product-gallery";
import { ProductPrice } from "../components/product-price";
import { ProductPurchase } from "../components/product-purchase";
import { ContentWidth } from "../components/ui/content-width";
import { buttonClassName } from "../components/ui/button";
import { VariantPicker } from "../components/variant-picker";
import {
  type CartAllowance,
  type ProductOffer,
  buildCartLine,
  clampQuantity,
  describeQuantityLimit,
  formatLineName,
  formatStockLine,
  readCartAllowance,
  readProductOffer,
} from "../../core/cart";
import { requestCartDrawer } from "../lib/cart-drawer-request";
import { addToCart, useCart } from "../lib/cart-store";
import { buildMeta, formatTitle } from "../lib/meta";
import { buildProductShareImageUrl } from "../../content/image-variants";
import { buildProductJsonLd } from "../lib/structured-data";
import { showToast } from "../lib/toast";
import type { Route } from "./+types/product";
import { useFrameData } from "../lib/frame-data";

/** Longest meta description, in characters (rule 3.6). */
export const META_DESCRIPTION_LENGTH = 160;

export function loader({ params }: Route.LoaderArgs) {
  const product = findProduct(params.id);
  if (!product) return data({ product: null }, { status: 404 });
  return { product };
}

/** Plain text of an HTML description, cut to `META_DESCRIPTION_LENGTH` characters. */
export function buildMetaDescription(html: string): string {
  const text = html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length <= META_DESCRIPTION_LENGTH ? text : `${text.slice(0, META_DESCRIPTION_LENGTH - 1).trimEnd()}…`;
}

export const meta: Route.MetaFunction = (args) => {
  const product = args.loaderData?.product;
  if (!product) {
    return [{ title: formatTitle("Product Not Found") }, { name: "robots", content: "noindex" }];
  }
  return buildMeta(args, {
    title: product.title,
    description: buildMetaDescription(product.description),
    path: `/product/${product.id}`,
    image: buildProductShareImageUrl(product.id),
    imageAlt: product.title,
  });
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  if (!product) return <ProductNotFound />;
  return <ProductDetail key={product.id} product={product} />;
}

function ProductNotFound() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-24 text-center sm:px-6">
      <h1 className="text-4xl font-extrabold tracking-tight">Product Not Found</h1>
      <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
        The product you're looking for doesn't exist or may have been removed.
      </p>
      <Link to="/store" className={clsx(buttonClassName({ size: "xl" }), "mt-8 inline-block")}>
        Back to Store
      </Link>
    </div>
  );
}

function ProductDetail({ product }: { product: Product }) {
  const images = listGalleryImages(product);
  const [variantId, setVariantId] = useState(product.variants[0]?.id ?? "");
  const variant = product.variants.find((candidate) => candidate.id === variantId) ?? product.variants[0];
  const [quantity, setQuantity] = useState(1);
  const [quantityText, setQuantityText] = useState("1");
  const [imageIndex, setImageIndex] = useState(0);
  // Empty on the server and while hydrating, so the net figures appear only once the saved cart is known (rule 4.6).
  const cart = useCart();
  if (!variant) return <ProductNotFound />;

  const allowance = readCartAllowance(cart, variant);
  const offer = readProductOffer(product.purchasable, variant, allowance, quantity);

  function setQuantityAndText(next: number) {
    setQuantity(next);
    setQuantityText(String(next));
  }

  function chooseVariant(nextId: string) {
    const next = product.variants.find((candidate) => candidate.id === nextId);
    if (!next) return;
    setVariantId(nextId);
    setQuantityAndText(1);
    const index = findVariantImageIndex(images, next);
    if (index >= 0) setImageIndex(index);
  }

  function applyQuantity(requested: number) {
    if (!variant) return;
    const next = clampQuantity(requested, variant, allowance);
    if (next.limited) showToast({ title: "Quantity Limit Reached", description: describeQuantityLimit(allowance) });
    setQuantityAndText(next.quantity);
  }

  return (
    <>
      <ProductJsonLd product={product} images={images} />
      {/* Above the gallery, so "← Store" comes first on small screens too. */}
      <ContentWidth
        as="nav"
        aria-label="Breadcrumb"
        className="pt-4 text-sm text-slate-600 md:pt-8 dark:text-slate-400"
      >
        <Link to="/store" className="hover:underline">
          ← Store
        </Link>
      </ContentWidth>
      <ContentWidth className="grid gap-5 pt-3 md:grid-cols-2 md:gap-10 md:pt-6">
        <ProductGallery product={product} images={images} index={imageIndex} onIndexChange={setImageIndex} />

        <div>
          {product.ribbon_text && (
            <p className="inline-block rounded-full bg-slate-900 px-3 py-1 text-xs font-bold tracking-wide text-white uppercase dark:bg-white dark:text-slate-900">
              {product.ribbon_text}
            </p>
          )}
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl md:mt-3">{product.title}</h1>
          <p className="mt-1 text-slate-600 md:mt-2 md:text-lg dark:text-slate-300">{product.subtitle}</p>
          <div className="mt-3 md:mt-4">
            <ProductPrice variant={variant} size="lg" />
          </div>
          {product.variants.length > 1 && (
            <VariantPicker
              legend={product.options[0]?.title ?? "Variant"}
              variants={product.variants}
              chosenId={variant.id}
              onChoose={chooseVariant}
            />
          )}

          <ProductAvailability variant={variant} allowance={allowance} notice={offer.notice} />

          <ProductPurchase
            offer={offer}
            quantity={quantity}
            text={quantityText}
            onTextChange={setQuantityText}
            onQuantity={applyQuantity}
            onAdd={() => addVariantToCart(product, variant, quantity)}
          />

          <DeliveryNote product={product} />

          <div
            className="prose prose-slate mt-10 dark:prose-invert"
            dangerouslySetInnerHTML={{ __html: product.description }}
          />
        </div>
      </ContentWidth>
    </>
  );
}

/** The product's JSON-LD: `Product` with its offers, and the breadcrumbs Home › Store › product. */
function ProductJsonLd({ product, images }: { product: Product; images: ReturnType<typeof listGalleryImages> }) {
  const origin = useFrameData().origin;
  return (
    <>
      <JsonLd
        data={buildProductJsonLd(product, {
          origin,
          images,
          description: buildMetaDescription(product.description),
          digital: isDigitalProduct(product),
        })}
      />
      <JsonLd
        data={buildBreadcrumbs(origin, [
          { name: "Home", path: "/" },
          { name: "Store", path: "/store" },
          { name: product.title, path: `/product/${product.id}` },
        ])}
      />
    </>
  );
}

/**
 * Adds `quantity` of the variant (rule 4.3): 'Added to Cart!' with 'View cart',
 * the cart's refusal, or 'Oh no! Something went wrong.' with the error's message.
 */
function addVariantToCart(product: Product, variant: Variant, quantity: number) {
  try {
    const result = addToCart(buildCartLine(product, variant, quantity));
    if (!result.ok) {
      showToast({ title: "Error adding to cart", description: result.message, variant: "destructive" });
      return;
    }
    showToast({
      title: "Added to Cart!",
      description: `${formatLineName(variant.id, product.title, variant.title)} × ${quantity} is in your cart.`,
      action: {
        label: "View cart",
        altText: "Open the cart with the cart button in the site header.",
        onSelect: requestCartDrawer,
      },
    });
  } catch (error) {
    showToast({
      title: "Oh no! Something went wrong.",
      description: error instanceof Error ? error.message : String(error),
      variant: "destructive",
    });
  }
}

/** The stock line of a managed inventory (rule 4.12), then why the product cannot be added, if it cannot (rule 4.8). */
function ProductAvailability({
  variant,
  allowance,
  notice,
}: {
  variant: Variant;
  allowance: CartAllowance;
  notice: ProductOffer["notice"];
}) {
  return (
    <>
      {variant.manage_inventory && (
        <p className="mt-3 text-sm text-slate-600 md:mt-4 dark:text-slate-300" data-testid="stock">
          {formatStockLine(allowance)}
        </p>
      )}
      {notice === "unavailable" ? (
        <StockNotice title="Product Unavailable">This product is currently not available for purchase.</StockNotice>
      ) : notice === "out-of-stock" ? (
        <StockNotice title="Out of Stock">This product is currently out of stock.</StockNotice>
      ) : null}
    </>
  );
}

/** Why the product cannot be added (rule 4.8 texts), announced politely. */
function StockNotice({ title, children }: { title: string; children: string }) {
  return (
    <div
      role="status"
      className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-semibold">{title}</p>
      <p>{children}</p>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  throw error;
}
