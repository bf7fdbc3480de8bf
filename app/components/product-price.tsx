/**
 * A variant's price (rule 4.1): the sale price beside the struck-through
 * regular price when there is a sale, else the regular price.
 */
import { clsx } from "clsx";
import type { Variant } from "../../content/products";
import { formatPrice } from "../../core/prices";

/** The price; `size` picks the text size. */
export function ProductPrice({ variant, size = "md" }: { variant: Variant; size?: "md" | "lg" }) {
  const big = size === "lg";
  if (variant.sale_price_in_cents === null) {
    return (
      <p className={clsx("font-bold", big ? "text-3xl" : "text-lg")}>
        {formatPrice(variant.price_in_cents, variant.currency)}
      </p>
    );
  }
  return (
    <p className={clsx("flex items-baseline gap-2", big ? "text-3xl" : "text-lg")}>
      <span className="sr-only">Sale price</span>
      <span className="font-bold text-red-700 dark:text-red-400">
        {formatPrice(variant.sale_price_in_cents, variant.currency)}
      </span>
      <span className="sr-only">Regular price</span>
      <del className={clsx("text-slate-500 dark:text-slate-400", big ? "text-xl" : "text-base")}>
        {formatPrice(variant.price_in_cents, variant.currency)}
      </del>
    </p>
  );
}
