/** The product page's quantity and Add to Cart (rules 4.3, 4.4, 4.12, 4.13, 6.5). */
import { clsx } from "clsx";
import { useState } from "react";
import type { ProductOffer } from "../../core/cart";
import { requestCartDrawer } from "../lib/cart-drawer-request";
import { Button, buttonClassName } from "./ui/button";
import { QuantityStepper } from "./ui/quantity-stepper";

/**
 * `quantity` is the applied quantity and `text` what the box shows until applied on blur or Enter;
 * `onQuantity` asks for a new quantity, which the page clamps to stock. Inside the page's form that keeps its state
 * (rule 10.2): the box is the form's `quantity`, the early script steps it before hydration, and `onAdd` gets the
 * form, to read what is chosen when the press is handled.
 */
export function ProductPurchase({
  onAdd,
  choiceParam,
  productId,
  ...quantityField
}: QuantityFieldProps & {
  /** Adds what the form shows; `true` once it is in the cart. */
  onAdd: (form: HTMLFormElement | null) => boolean;
  /** The form field naming the chosen variant (`readChoiceParam`), which tells one line of the cart from another. */
  choiceParam: string;
  /** The product's id, which the script-less Add posts to `/cart`. */
  productId: string;
}) {
  const { offer } = quantityField;
  const [added, setAdded] = useState(false);
  return (
    <>
      <div className="needs-js mt-4 flex flex-wrap items-end gap-4 md:mt-6">
        <QuantityField {...quantityField} />
        <Button
          size="xl"
          // Pressed before hydration, it shows so at once, and a second press for the same size waits with the first.
          data-early-once={choiceParam}
          onClick={(event) => {
            if (onAdd(event.currentTarget.form)) setAdded(true);
          }}
          disabled={!offer.canAdd}
          aria-describedby={offer.cartLimit ? "cart-limit" : undefined}
          className="flex-1"
        >
          Add to Cart
        </Button>
        {/* Once something is added, the way to the cart is the next Tab stop; it appears without taking focus. */}
        {added && (
          <Button size="xl" variant="secondary" onClick={requestCartDrawer}>
            View cart
          </Button>
        )}
      </div>
      {/* Always there, one line high: the reason appears after hydration without moving the page (rule 4.12). */}
      <p
        id="cart-limit"
        role="status"
        className="needs-js mt-2 min-h-5 text-sm font-medium text-slate-700 dark:text-slate-200"
      >
        {offer.cartLimit}
      </p>
      {/* Parsed only when scripts are off: with them, the page never holds a second Add to Cart, even unstyled. */}
      <noscript>
        <ScriptlessAdd productId={productId} canAdd={offer.canAdd} />
      </noscript>
    </>
  );
}

/** The quantity box and its steppers; what is typed applies on blur or Enter. */
/** What the quantity field shows and how it reports a change. */
interface QuantityFieldProps {
  offer: ProductOffer;
  quantity: number;
  text: string;
  onTextChange: (text: string) => void;
  onQuantity: (requested: number) => void;
}

function QuantityField({ offer, quantity, text, onTextChange, onQuantity }: QuantityFieldProps) {
  const applyText = () => onQuantity(Number.parseInt(text, 10));
  return (
    <div>
      <label htmlFor="quantity" className="text-sm font-semibold">
        Quantity
      </label>
      <QuantityStepper
        size="lg"
        stepField="quantity"
        canDecrease={offer.canDecrease}
        canIncrease={offer.canIncrease}
        onDecrease={() => onQuantity(quantity - 1)}
        onIncrease={() => onQuantity(quantity + 1)}
        className="mt-2"
      >
        <input
          id="quantity"
          name="quantity"
          data-choice-resets=""
          type="number"
          inputMode="numeric"
          min={1}
          max={offer.maxQuantity}
          value={text}
          disabled={!offer.canAdd}
          onChange={(event) => onTextChange(event.target.value)}
          onBlur={applyText}
          onKeyDown={(event) => {
            if (event.key === "Enter") applyText();
          }}
          className="w-16 [appearance:textfield] bg-transparent text-center font-semibold [&::-webkit-inner-spin-button]:appearance-none"
        />
      </QuantityStepper>
    </div>
  );
}

/** Without scripts, Add posts the page's form to the cookie cart (rule 4.13); the address keeps no cart field. */
function ScriptlessAdd({ productId, canAdd }: { productId: string; canAdd: boolean }) {
  return (
    <div className="mt-6">
      <button
        type="submit"
        formMethod="post"
        formAction="/cart"
        name="add"
        value={productId}
        disabled={!canAdd}
        className={clsx(buttonClassName({ size: "xl" }), "w-full")}
      >
        Add to Cart
      </button>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        Adds one; change the quantity in{" "}
        <a href="/cart" className="font-semibold underline underline-offset-4">
          your cart
        </a>
        .
      </p>
    </div>
  );
}
