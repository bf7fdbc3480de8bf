/** A `/store` card (rules 4.8, 4.10): image or placeholder, ribbon, title, subtitle, first variant's price; all a link. */
import { Link } from "react-router";
import { IMAGE_GROUPS } from "../../content/image-variants";
import { PRODUCT_PLACEHOLDER_IMAGE, type Product } from "../../content/products";
import { ProductPrice } from "./product-price";
import { GRID_CARD_SIZES, ResponsiveImage } from "./responsive-image";

/** The card; `priority` marks the page's first image above the fold, `headingLevel` keeps the outline under an h2. */
export function ProductCard({
  product,
  priority = false,
  headingLevel = 2,
}: {
  product: Product;
  priority?: boolean;
  headingLevel?: 2 | 3;
}) {
  const first = product.variants[0];
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white transition-shadow hover:shadow-lg dark:border-slate-800 dark:bg-slate-900">
      <div className="relative">
        <ResponsiveImage
          src={product.image ?? PRODUCT_PLACEHOLDER_IMAGE}
          alt=""
          width={IMAGE_GROUPS.products.width}
          height={IMAGE_GROUPS.products.height}
          sizes={GRID_CARD_SIZES}
          priority={priority}
          className="aspect-square w-full bg-slate-100 object-cover"
        />
        {product.ribbon_text && (
          <span className="absolute top-3 left-3 rounded-full bg-slate-900 px-3 py-1 text-xs font-bold tracking-wide text-white uppercase dark:bg-white dark:text-slate-900">
            {product.ribbon_text}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <Heading className="text-lg font-bold">
          <Link
            to={`/product/${product.id}`}
            prefetch="intent"
            className="after:absolute after:inset-0 after:content-[''] group-hover:text-brand-700 dark:group-hover:text-brand-300"
          >
            {product.title}
          </Link>
        </Heading>
        <p className="flex-1 text-sm text-slate-600 dark:text-slate-300">{product.subtitle}</p>
        {first && <ProductPrice variant={first} />}
      </div>
    </article>
  );
}
