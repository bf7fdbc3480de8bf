/**
 * `/product/{id}` (rules 3.6, 4.3, 4.4, 4.8, 4.9, 4.12); an unknown id answers 404. `?size=l` (the option's title in
 * lower case, the variant title's slug) opens with that variant chosen (`core/product-choice.ts`).
 */
import { clsx } from "clsx";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import {
  type ShouldRevalidateFunctionArgs,
  Link,
  data,
  isRouteErrorResponse,
  useNavigate,
  useRouteError,
} from "react-router";
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
import { describeUnmetChoice, findChosenVariant, readChoiceParam, slugifyChoice } from "../../core/product-choice";
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

export function loader({ params, request }: Route.LoaderArgs) {
  const product = findProduct(params.id);
  if (!product) return data({ product: null, chosenId: null, unmetChoice: null }, { status: 404 });
  const asked = new URL(request.url).searchParams.get(readChoiceParam(product));
  const chosen = findChosenVariant(product, asked);
  return { product, chosenId: chosen?.id ?? null, unmetChoice: describeUnmetChoice(product, asked, chosen) };
}

/** A new choice changes only the address's query: the page already holds every variant, so nothing is refetched. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
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
  const { product, chosenId, unmetChoice } = loaderData;
  if (!product) return <ProductNotFound />;
  return <ProductDetail key={product.id} product={product} initialVariantId={chosenId} unmetChoice={unmetChoice} />;
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

type GalleryImages = ReturnType<typeof listGalleryImages>;

/** The variant a choice's slug names (the only variant when the product offers no choice). */
function findVariantBySlug(product: Product, slug: FormDataEntryValue | null): Variant | undefined {
  if (product.variants.length === 1) return product.variants[0];
  return product.variants.find((candidate) => slugifyChoice(candidate.title) === slug);
}

/** The applied quantity and the text its box shows until applied; `setQuantityAndText` sets both. */
function useQuantityBox() {
  const [quantity, setQuantity] = useState(1);
  const [quantityText, setQuantityText] = useState("1");
  function setQuantityAndText(next: number) {
    setQuantity(next);
    setQuantityText(String(next));
  }
  return { quantity, quantityText, setQuantityText, setQuantityAndText };
}

/**
 * The page's choices (rules 4.4, 4.9, 10.2): they live in its form, whose radios and quantity box keep what a visitor
 * taps before hydration, and the page takes them over from the form when it hydrates. The chosen variant is also in
 * the address, in place of the current history entry, so Back leaves the page rather than walk through sizes.
 */
function useProductChoice(product: Product, initialVariantId: string | null, images: GalleryImages) {
  const choiceParam = readChoiceParam(product);
  const [variantId, setVariantId] = useState(initialVariantId ?? product.variants[0]?.id ?? "");
  // Whether the visitor has chosen since the page opened: the address's unmet choice is then old news.
  const [chosenHere, setChosenHere] = useState(false);
  const { quantity, quantityText, setQuantityText, setQuantityAndText } = useQuantityBox();
  const [imageIndex, setImageIndex] = useState(() => {
    const initial = product.variants.find((candidate) => candidate.id === initialVariantId);
    return initial && initial !== product.variants[0] ? Math.max(0, findVariantImageIndex(images, initial)) : 0;
  });
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();

  /** Shows `next` as chosen; `history` puts it in the address in place of this entry (`replace`), or not at all. */
  function showVariant(next: Variant, history: "replace" | null) {
    setVariantId(next.id);
    const index = findVariantImageIndex(images, next);
    if (index >= 0) setImageIndex(index);
    if (history === null || product.variants.length < 2) return;
    const search = `?${new URLSearchParams({ [choiceParam]: slugifyChoice(next.title) })}`;
    void navigate({ search }, { replace: true, preventScrollReset: true });
  }

  function chooseVariant(nextId: string) {
    const next = product.variants.find((candidate) => candidate.id === nextId);
    if (!next) return;
    setQuantityAndText(1);
    setChosenHere(true);
    // In place of the current entry, so Back leaves the page rather than walk through sizes.
    showVariant(next, "replace");
  }

  // Hydration takes over what the form shows, tapped before the scripts ran, in the same task as the early script
  // lets go of the form (`data-live`), so no tap falls between the two (rule 10.2).
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const fields = new FormData(form);
    const shown = findVariantBySlug(product, fields.get(choiceParam));
    if (shown && shown.id !== variantId) showVariant(shown, "replace");
    const shownQuantity = Number(fields.get("quantity"));
    if (Number.isInteger(shownQuantity) && shownQuantity >= 1 && shownQuantity !== quantity) {
      setQuantityAndText(shownQuantity);
    }
    form.setAttribute("data-live", "");
    // Once, at hydration: later choices reach the state through the handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Back and Forward: the address's choice is shown, the quantity back at 1.
  useEffect(() => {
    function onHistory() {
      const next = findChosenVariant(product, new URLSearchParams(window.location.search).get(choiceParam));
      if (!next) return;
      setQuantityAndText(1);
      showVariant(next, null);
    }
    window.addEventListener("popstate", onHistory);
    return () => window.removeEventListener("popstate", onHistory);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [product]);

  const variant = product.variants.find((candidate) => candidate.id === variantId) ?? product.variants[0];
  return {
    choiceParam,
    formRef,
    variant,
    quantity,
    quantityText,
    setQuantityText,
    setQuantityAndText,
    chooseVariant,
    chosenHere,
    imageIndex,
    setImageIndex,
  };
}

/** Sets the quantity asked for, clamped to what stock and the cart allow, with the toast of rule 4.12 when clamped. */
function applyRequestedQuantity(
  requested: number,
  variant: Variant,
  allowance: CartAllowance,
  setQuantity: (quantity: number) => void,
): void {
  const next = clampQuantity(requested, variant, allowance);
  if (next.limited) showToast({ title: "Quantity Limit Reached", description: describeQuantityLimit(allowance) });
  setQuantity(next.quantity);
}

const DESCRIPTION_CLASS = "prose prose-slate mt-10 dark:prose-invert";

/** The size picker of a product with variants, or for a single one the hidden default button Enter presses. */
function ChoiceField({
  product,
  cart,
  ...picker
}: Omit<Parameters<typeof VariantChoice>[0], "readMaxQuantity"> & {
  /** The saved cart: the most each variant can still take is net of what it holds. */
  cart: ReturnType<typeof useCart>;
}) {
  if (product.variants.length < 2) return <QuantityDefaultButton />;
  return (
    <VariantChoice
      product={product}
      readMaxQuantity={(option) =>
        readProductOffer(product.purchasable, option, readCartAllowance(cart, option), 1).maxQuantity
      }
      {...picker}
    />
  );
}

function ProductDetail({
  product,
  initialVariantId,
  unmetChoice,
}: {
  product: Product;
  initialVariantId: string | null;
  /** What the address asked for and could not get (`describeUnmetChoice`), said until another choice is made. */
  unmetChoice: string | null;
}) {
  const images = listGalleryImages(product);
  const choice = useProductChoice(product, initialVariantId, images);
  const { choiceParam, formRef, variant, quantity, quantityText, setQuantityText, setQuantityAndText } = choice;
  // Empty on the server and while hydrating, so the net figures appear only once the saved cart is known (rule 4.6).
  const cart = useCart();
  if (!variant) return <ProductNotFound />;

  const allowance = readCartAllowance(cart, variant);
  const offer = readProductOffer(product.purchasable, variant, allowance, quantity);

  const applyQuantity = (requested: number) =>
    applyRequestedQuantity(requested, variant, allowance, setQuantityAndText);

  return (
    <>
      <ProductJsonLd product={product} images={images} />
      <StoreBreadcrumb />
      <ContentWidth className="grid gap-5 pt-3 md:grid-cols-2 md:gap-10 md:pt-6">
        <ProductGallery
          product={product}
          images={images}
          index={choice.imageIndex}
          onIndexChange={choice.setImageIndex}
        />

        <div>
          <ProductHeading product={product} variant={variant} />
          {/* Without scripts, Show asks the server for the chosen variant's page; with them, Enter applies the quantity. */}
          <form
            ref={formRef}
            method="get"
            action={`/product/${product.id}`}
            data-keeps-state=""
            onSubmit={(event) => {
              event.preventDefault();
              applyQuantity(Number.parseInt(quantityText, 10));
            }}
          >
            <ChoiceField
              product={product}
              name={choiceParam}
              chosenId={variant.id}
              cart={cart}
              onChoose={choice.chooseVariant}
              notice={choice.chosenHere ? null : unmetChoice}
            />

            <ProductAvailability variant={variant} allowance={allowance} notice={offer.notice} />

            <ProductPurchase
              offer={offer}
              quantity={quantity}
              text={quantityText}
              onTextChange={setQuantityText}
              onQuantity={applyQuantity}
              onAdd={(form) => addFormChoice(form, product, variant, quantity)}
              choiceParam={choiceParam}
              productId={product.id}
            />
          </form>

          <DeliveryNote product={product} />
          <div className={DESCRIPTION_CLASS} dangerouslySetInnerHTML={{ __html: product.description }} />
        </div>
      </ContentWidth>
    </>
  );
}

/** The form's default button when there is no choice to show: Enter in the quantity box submits (applies) it. */
function QuantityDefaultButton() {
  return (
    <button type="submit" hidden>
      Apply the quantity
    </button>
  );
}

/** "← Store", above the gallery so it comes first on small screens too. */
function StoreBreadcrumb() {
  return (
    <ContentWidth as="nav" aria-label="Breadcrumb" className="pt-4 text-sm text-slate-600 md:pt-8 dark:text-slate-400">
      <Link to="/store" className="hover:underline">
        ← Store
      </Link>
    </ContentWidth>
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
 * Adds what the form shows now (rule 10.2): its chosen variant and quantity, read when the press is handled, never
 * remembered from an earlier render; `fallback` and `fallbackQuantity` only when there is no form.
 */
function addFormChoice(
  form: HTMLFormElement | null,
  product: Product,
  fallback: Variant,
  fallbackQuantity: number,
): boolean {
  if (!form) return addVariantToCart(product, fallback, fallbackQuantity);
  const fields = new FormData(form);
  const variant = findVariantBySlug(product, fields.get(readChoiceParam(product))) ?? fallback;
  return addVariantToCart(product, variant, Number(fields.get("quantity")));
}

/**
 * Adds `quantity` of the variant (rule 4.3): 'Added to Cart!' with 'View cart',
 * the cart's refusal, or 'Oh no! Something went wrong.' with the error's message. `true` once added.
 */
function addVariantToCart(product: Product, variant: Variant, quantity: number): boolean {
  try {
    const result = addToCart(buildCartLine(product, variant, quantity));
    if (!result.ok) {
      showToast({ title: "Error adding to cart", description: result.message, variant: "destructive" });
      return false;
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
    return true;
  } catch (error) {
    showToast({
      title: "Oh no! Something went wrong.",
      description: error instanceof Error ? error.message : String(error),
      variant: "destructive",
    });
    return false;
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

/**
 * The picker of a product with several variants (rule 4.9), what the address asked for and could not get
 * (`notice`), and, without scripts, the Show button that opens the chosen variant's page.
 */
function VariantChoice({
  product,
  name,
  chosenId,
  readMaxQuantity,
  onChoose,
  notice,
}: {
  product: Product;
  name: string;
  chosenId: string;
  readMaxQuantity: (variant: Variant) => number;
  onChoose: (variantId: string) => void;
  notice: string | null;
}) {
  return (
    <>
      <VariantPicker
        legend={product.options[0]?.title ?? "Variant"}
        name={name}
        variants={product.variants}
        chosenId={chosenId}
        readMaxQuantity={readMaxQuantity}
        onChoose={onChoose}
      />
      {notice && (
        <p role="status" className="mt-2 text-sm text-slate-700 dark:text-slate-200">
          {notice}
        </p>
      )}
      <button type="submit" className={clsx(buttonClassName({ variant: "secondary" }), "no-js-only mt-3 hidden")}>
        Show this {(product.options[0]?.title ?? "variant").toLowerCase()}
      </button>
    </>
  );
}

/** The ribbon, title, subtitle and the chosen variant's price (rules 4.1, 4.3). */
function ProductHeading({ product, variant }: { product: Product; variant: Variant }) {
  return (
    <>
      {product.ribbon_text && (
        <p className="inline-block rounded-full bg-slate-900 px-3 py-1 text-xs font-bold tracking-wide text-white uppercase dark:bg-white dark:text-slate-900">
          {product.ribbon_text}
        </p>
      )}
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight break-words sm:text-4xl md:mt-3">{product.title}</h1>
      <p className="mt-1 text-slate-600 md:mt-2 md:text-lg dark:text-slate-300">{product.subtitle}</p>
      <div className="mt-3 md:mt-4">
        <ProductPrice variant={variant} size="lg" />
      </div>
    </>
  );
}
