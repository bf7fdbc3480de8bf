/** One line of the cart drawer (rules 4.1, 4.4, 4.9 to 4.11). */
import { PRODUCT_PLACEHOLDER_IMAGE } from "../../content/products";
import { type CartItem, formatLineName, readAvailableStock, readShownVariantTitle } from "../../core/cart";
import { formatPrice, readUnitPrice } from "../../core/prices";
import { changeQuantity, removeFromCart } from "../lib/cart-store";
import { QuantityStepper } from "./ui/quantity-stepper";

/** Props: the cart line; `refusal` is the checkout's stock message about it, if any. */
export function CartLine({ item, refusal }: { item: CartItem; refusal: string | null }) {
  const { product, variant, quantity } = item;
  const unit = readUnitPrice(variant);
  const label = formatLineName(variant.id, product.title, variant.title);
  const variantTitle = readShownVariantTitle(variant.id, variant.title);
  const onSale = variant.sale_price_in_cents !== null;
  const saving = (variant.price_in_cents - unit) * quantity;
  return (
    <li className="flex gap-4 py-4" data-testid="cart-line">
      <img
        src={product.image ?? PRODUCT_PLACEHOLDER_IMAGE}
        alt=""
        width={80}
        height={80}
        className="size-20 shrink-0 rounded-lg bg-slate-100 object-cover"
      />
      <div className="flex flex-1 flex-col gap-1">
        <p className="font-semibold">{product.title}</p>
        {variantTitle !== null && <p className="text-sm text-slate-600 dark:text-slate-400">{variantTitle}</p>}
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="cart-unit-price">
          {onSale ? (
            <>
              <span className="sr-only">Sale price </span>
              <span className="font-semibold text-red-700 dark:text-red-400">
                {formatPrice(unit, variant.currency)}
              </span>{" "}
              <span className="sr-only">instead of </span>
              <del>{formatPrice(variant.price_in_cents, variant.currency)}</del> each
            </>
          ) : (
            <>{formatPrice(unit, variant.currency)} each</>
          )}
        </p>
        <div className="mt-auto flex items-center justify-between gap-2">
          <QuantityStepper
            of={label}
            size="md"
            canDecrease={quantity > 1}
            canIncrease={quantity < readAvailableStock(variant)}
            onDecrease={() => changeQuantity(variant.id, quantity - 1)}
            onIncrease={() => changeQuantity(variant.id, quantity + 1)}
          >
            <output aria-label={`Quantity of ${label}`} className="w-8 text-center text-sm font-semibold">
              {quantity}
            </output>
          </QuantityStepper>
          <p className="font-semibold">{formatPrice(unit * quantity, variant.currency)}</p>
        </div>
        {onSale && saving > 0 && (
          <p className="text-sm font-medium text-brand-800 dark:text-brand-300" data-testid="cart-saving">
            You save {formatPrice(saving, variant.currency)}
          </p>
        )}
        {refusal !== null && (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {refusal}
          </p>
        )}
        <button
          type="button"
          onClick={() => removeFromCart(variant.id)}
          aria-label={`Remove ${label}`}
          className="self-start text-sm font-medium text-red-700 underline-offset-4 hover:underline dark:text-red-400"
        >
          Remove
        </button>
      </div>
    </li>
  );
}
