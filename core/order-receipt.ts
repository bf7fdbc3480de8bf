/**
 * The order receipt (rule 5.8): what the worker vouches for when it sends a
 * visitor to checkout, signed (`signed-token.ts`) and carried in `successUrl`
 * as `?receipt=`. `/success` names an order only when the signature holds and
 * the receipt is fresh; the lines it shows are the receipt's own, so the page
 * needs neither the catalogue nor anything the address bar could forge.
 */
import * as v from "valibot";

/** Query parameter of `/success` that carries the signed receipt. */
export const RECEIPT_PARAM = "receipt";

/** How long a receipt is honoured after checkout started: 7 days, in ms. */
export const RECEIPT_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** An order reference as the worker makes it: `VPF-` and 8 upper-case hex digits. */
export const OrderReferenceSchema = v.pipe(v.string(), v.regex(/^VPF-[0-9A-F]{8}$/));

/** The signed receipt. Amounts in integer cents; `issuedAt` in ms since the epoch. */
export const OrderReceiptSchema = v.strictObject({
  reference: OrderReferenceSchema,
  issuedAt: v.pipe(v.number(), v.integer(), v.minValue(0)),
  lines: v.pipe(
    v.array(
      v.strictObject({
        /** The line's name as the cart shows it, e.g. `VPF Classic T-Shirt (L)`. */
        name: v.pipe(v.string(), v.maxLength(200)),
        quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
        /** The line's price as the cart shows it (rule 4.1), e.g. `$50.00`. */
        price: v.pipe(v.string(), v.maxLength(40)),
      }),
    ),
    v.maxLength(50),
  ),
  totalCents: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

export type OrderReceipt = v.InferOutput<typeof OrderReceiptSchema>;

/** A fresh order reference from 32 random bits, e.g. `VPF-1A2B3C4D`. */
export function createOrderReference(): string {
  const [value] = crypto.getRandomValues(new Uint32Array(1));
  return `VPF-${(value ?? 0).toString(16).toUpperCase().padStart(8, "0")}`;
}

/** Whether a receipt issued at `issuedAt` (ms) is still honoured at `nowMs`. */
export function isReceiptFresh(receipt: Pick<OrderReceipt, "issuedAt">, nowMs: number): boolean {
  return receipt.issuedAt <= nowMs + 60_000 && nowMs - receipt.issuedAt <= RECEIPT_LIFETIME_MS;
}
