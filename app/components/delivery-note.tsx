/** The delivery line on a product page (rule 2.9), from the same constants as `/shipping`. */
import { Download, Truck } from "lucide-react";
import { Link } from "react-router";
import { DIGITAL_PRODUCT_IDS, type Product } from "../../content/products";
import { SHIPPING } from "../../content/site";

/** Whether a product is delivered as a download. */
export function isDigitalProduct(product: Pick<Product, "id">): boolean {
  return DIGITAL_PRODUCT_IDS.includes(product.id);
}

/** The note. */
export function DeliveryNote({ product }: { product: Pick<Product, "id"> }) {
  const digital = isDigitalProduct(product);
  const Icon = digital ? Download : Truck;
  return (
    <div
      data-testid="delivery-note"
      className="mt-6 flex gap-3 rounded-xl border border-slate-200 p-4 text-sm dark:border-slate-800"
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-400" />
      <p className="text-slate-700 dark:text-slate-300">
        {digital ? (
          <>
            <strong className="font-semibold text-slate-900 dark:text-white">Instant download.</strong> A download link
            arrives by e-mail right after payment; no shipping.
          </>
        ) : (
          <>
            <strong className="font-semibold text-slate-900 dark:text-white">
              Ships within {SHIPPING.dispatchWorkingDays} working days.
            </strong>{" "}
            Delivery takes {SHIPPING.usDelivery} in the US and {SHIPPING.internationalDelivery} elsewhere; the cost is
            shown at checkout. Returns within {SHIPPING.returnDays} days.
          </>
        )}{" "}
        <Link to="/shipping" className="font-semibold text-brand-700 underline underline-offset-4 dark:text-brand-400">
          Shipping &amp; Returns
        </Link>
      </p>
    </div>
  );
}
