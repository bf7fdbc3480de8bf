/**
 * `/product/{id}` (rules 4.3, 4.4, 4.8, 4.9): gallery that wraps at both ends and
 * moves to the chosen variant's image; variant choice resets the quantity to
 * 1; quantity control with the 'Quantity Limit Reached' warning; stock shown
 * for managed inventory, net of the cart once hydrated (rule 4.12); the
 * unavailable and out-of-stock states; Add to Cart, whose 'Added to Cart!'
 * toast offers 'View cart'. Below 768 px the gallery is shorter, so the size
 * choice and Add to Cart are on the first screen.
 * Unknown id: 'Product Not Found' with Back to Store and HTTP status 404.
 * Meta description cut to 160 characters; JSON-LD `Product` with offers.
 */
import { clsx } from "clsx";
import { Minus, Plus } from "lucide-react";
import { useState } from "react";
import { Link, data, isRouteErrorResponse, useRouteError } from "react-router";
import { type Product, findProduct } from "../../content/products";
import { JsonLd, buildBreadcrumbs } from "../components/json-ld";
import { DeliveryNote, isDigitalProduct } from "../components/delivery-note";
import { NotFoundPage } from "../components/lazy-not-found-page";
import { ProductGallery, findVariantImageIndex, listGalleryImages } from "../components/product-gallery";
import { ProductPrice } from "../components/product-price";
import {
  UNMANAGED_STOCK,
  buildCartLine,
  describeCartLimit,
  describeQuantityLimit,
  formatLineName,
  formatStockLine,
  readCartAllowance,
} from "../../core/cart";
import { requestCartDrawer } from "../lib/cart-drawer-request";
import { addToCart, useCart } from "../lib/cart-store";
import { buildMeta } from "../lib/meta";
import { buildProductJsonLd } from "../lib/structured-data";
import { showToast } from "../lib/toast";
import { useHydrated } from "../lib/use-hydrated";
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
    return [{ title: "Product Not Found | VPF" }, { name: "robots", content: "noindex" }];
  }
  return buildMeta(args, {
    title: product.title,
    description: buildMetaDescription(product.description),
    path: `/product/${product.id}`,
    image: product.image ?? undefined,
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
      <Link
        to="/store"
        className="mt-8 inline-block rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 dark:bg-brand-400 dark:text-slate-950"
      >
        Back to Store
      </Link>
    </div>
  );
}

function ProductDetail({ product }: { product: Product }) {
  const origin = useFrameData().origin;
  const images = listGalleryImages(product);
  const [variantId, setVariantId] = useState(product.variants[0]?.id ?? "");
  const variant = product.variants.find((candidate) => candidate.id === variantId) ?? product.variants[0];
  const [quantity, setQuantity] = useState(1);
  const [quantityText, setQuantityText] = useState("1");
  const [imageIndex, setImageIndex] = useState(0);
  // Empty on the server and while hydrating, so the net figures appear only once the saved cart is known (rule 4.6).
  const cart = useCart();
  // Until hydration a button only looks disabled, so a press on it is recorded and replayed against the real state (rule 10.2).
  const hydrated = useHydrated();
  const disabledUnless = (enabled: boolean) =>
    hydrated ? { disabled: !enabled } : { "aria-disabled": enabled ? undefined : (true as const) };
  if (!variant) return <ProductNotFound />;

  const allowance = readCartAllowance(cart, variant);
  const outOfStock = variant.manage_inventory && allowance.stock === 0;
  const canAdd = product.purchasable && !outOfStock && allowance.remaining > 0;
  const cartLimit = product.purchasable ? describeCartLimit(allowance, variant.manage_inventory) : null;

  function chooseVariant(nextId: string) {
    const next = product.variants.find((candidate) => candidate.id === nextId);
    if (!next) return;
    setVariantId(nextId);
    setQuantity(1);
    setQuantityText("1");
    const index = findVariantImageIndex(images, next);
    if (index >= 0) setImageIndex(index);
  }

  /** Applies the quantity rule (rules 4.4, 4.12): at least 1, at most what the cart leaves of a managed stock. */
  function applyQuantity(requested: number) {
    let next = Number.isFinite(requested) ? Math.trunc(requested) : 1;
    if (next < 1) next = 1;
    if (variant && variant.manage_inventory && next > allowance.remaining) {
      showToast({ title: "Quantity Limit Reached", description: describeQuantityLimit(allowance) });
      next = Math.max(1, allowance.remaining);
    }
    setQuantity(next);
    setQuantityText(String(next));
  }

  function addSelectedToCart() {
    if (!variant) return;
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
      {/* Above the gallery, so "← Store" comes first on small screens too. */}
      <nav
        aria-label="Breadcrumb"
        className="mx-auto max-w-6xl px-4 pt-4 text-sm text-slate-600 sm:px-6 md:pt-8 dark:text-slate-400"
      >
        <Link to="/store" className="hover:underline">
          ← Store
        </Link>
      </nav>
      <div className="mx-auto grid max-w-6xl gap-5 px-4 pt-3 sm:px-6 md:grid-cols-2 md:gap-10 md:pt-6">
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
            <fieldset className="mt-4 md:mt-6">
              <legend className="text-sm font-semibold">{product.options[0]?.title ?? "Variant"}</legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {product.variants.map((option) => (
                  <label
                    key={option.id}
                    className={clsx(
                      // The focus ring of the hidden radio, drawn on its label: offset from the fill, in the page's focus colour.
                      "cursor-pointer rounded-lg border px-4 py-2 font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-slate-900 dark:has-[:focus-visible]:outline-white",
                      option.id === variant.id
                        ? "border-brand-700 bg-brand-700 text-white"
                        : "border-slate-300 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800",
                    )}
                  >
                    <input
                      type="radio"
                      name="variant"
                      value={option.id}
                      checked={option.id === variant.id}
                      onChange={() => chooseVariant(option.id)}
                      className="sr-only"
                    />
                    {option.title}
                  </label>
                ))}
              </div>
            </fieldset>
          )}

          {variant.manage_inventory && (
            <p className="mt-3 text-sm text-slate-600 md:mt-4 dark:text-slate-300" data-testid="stock">
              {formatStockLine(allowance)}
            </p>
          )}

          {!product.purchasable ? (
            <StockNotice title="Product Unavailable">This product is currently not available for purchase.</StockNotice>
          ) : outOfStock ? (
            <StockNotice title="Out of Stock">This product is currently out of stock.</StockNotice>
          ) : null}

          <p className="no-js-only mt-6 hidden rounded-xl border border-slate-300 p-4 text-sm dark:border-slate-700">
            Adding to the cart needs JavaScript, which is turned off in your browser. Turn it on to buy this product.
          </p>
          <div className="needs-js mt-4 flex flex-wrap items-end gap-4 md:mt-6">
            <div>
              <label htmlFor="quantity" className="text-sm font-semibold">
                Quantity
              </label>
              <div className="mt-2 flex items-center rounded-full border border-slate-300 dark:border-slate-700">
                <button
                  type="button"
                  aria-label="Decrease quantity"
                  {...disabledUnless(canAdd && quantity > 1)}
                  onClick={() => applyQuantity(quantity - 1)}
                  className="inline-flex size-11 items-center justify-center rounded-full disabled:opacity-40 aria-disabled:opacity-40"
                >
                  <Minus aria-hidden="true" className="size-4" />
                </button>
                <input
                  id="quantity"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={variant.manage_inventory ? Math.max(1, allowance.remaining) : UNMANAGED_STOCK}
                  value={quantityText}
                  disabled={!canAdd}
                  onChange={(event) => setQuantityText(event.target.value)}
                  onBlur={() => applyQuantity(Number.parseInt(quantityText, 10))}
                  onKeyDown={(event) => {
                    if (event.key === "Enter") applyQuantity(Number.parseInt(quantityText, 10));
                  }}
                  className="w-16 [appearance:textfield] bg-transparent text-center font-semibold [&::-webkit-inner-spin-button]:appearance-none"
                />
                <button
                  type="button"
                  aria-label="Increase quantity"
                  {...disabledUnless(canAdd && (!variant.manage_inventory || quantity < allowance.remaining))}
                  onClick={() => applyQuantity(quantity + 1)}
                  className="inline-flex size-11 items-center justify-center rounded-full disabled:opacity-40 aria-disabled:opacity-40"
                >
                  <Plus aria-hidden="true" className="size-4" />
                </button>
              </div>
            </div>
            <button
              type="button"
              onClick={addSelectedToCart}
              {...disabledUnless(canAdd)}
              aria-describedby={cartLimit ? "cart-limit" : undefined}
              className="flex-1 rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:opacity-50 dark:bg-brand-400 dark:text-slate-950 dark:hover:bg-brand-300"
            >
              Add to Cart
            </button>
          </div>
          {/* Always there, one line high: the reason appears after hydration without moving the page (rule 4.12). */}
          <p
            id="cart-limit"
            role="status"
            className="needs-js mt-2 min-h-5 text-sm font-medium text-slate-700 dark:text-slate-200"
          >
            {cartLimit}
          </p>

          <DeliveryNote product={product} />

          <div
            className="prose prose-slate mt-10 dark:prose-invert"
            dangerouslySetInnerHTML={{ __html: product.description }}
          />
        </div>
      </div>
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
