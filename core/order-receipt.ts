/** The signed order receipt `/success` shows (rule 5.8), so the page trusts nothing the address bar could forge. */
import * as v from "valibot";

export const RECEIPT_PARAM = "receipt";

/** In ms, from the start of checkout. */
export const RECEIPT_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** Amounts in integer cents; `issuedAt` in ms since the epoch. */
export const OrderReceiptSchema = v.strictObject({
  reference: v.pipe(v.string(), v.regex(/^VPF-[0-9A-F]{8}$/)),
  issuedAt: v.pipe(v.number(), v.integer(), v.minValue(0)),
  lines: v.pipe(
    v.array(
      v.strictObject({
        name: v.pipe(v.string(), v.maxLength(200)),
        quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
        /** Formatted as the cart shows it (rule 4.1). */
        price: v.pipe(v.string(), v.maxLength(40)),
      }),
    ),
    v.maxLength(50),
  ),
  totalCents: v.pipe(v.number(), v.integer(), v.minValue(0)),
});

export type OrderReceipt = v.InferOutput<typeof OrderReceiptSchema>;

export function createOrderReference(): string {
  const [value] = crypto.getRandomValues(new Uint32Array(1));
  return `VPF-${(value ?? 0).toString(16).toUpperCase().padStart(8, "0")}`;
}

/** Whether a receipt is still honoured at `nowMs`, allowing a minute of clock skew. */
export function isReceiptFresh(receipt: Pick<OrderReceipt, "issuedAt">, nowMs: number): boolean {
  return receipt.issuedAt <= nowMs + 60_000 && nowMs - receipt.issuedAt <= RECEIPT_LIFETIME_MS;
}
