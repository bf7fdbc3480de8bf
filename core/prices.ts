/**
 * Prices (rules 4.1 and 4.2): amounts are integer cents shown divided by 100 with two
 * decimals. A line uses the sale price when there is one. Line prices use the
 * currency's template (its `$1` becomes the amount), else its symbol, else its
 * code, else the euro sign; the cart total is always shown with a dollar sign.
 */

/** The currency fields a price needs. */
export interface PriceCurrency {
  code?: string | null;
  symbol?: string | null;
  template?: string | null;
}

/** Cents as `12.34`. */
export function formatAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** A price in its currency, following rule 4.1's order of preference. */
export function formatPrice(cents: number, currency: PriceCurrency | null | undefined): string {
  const amount = formatAmount(cents);
  if (currency?.template && currency.template.includes("$1")) return currency.template.split("$1").join(amount);
  if (currency?.symbol) return `${currency.symbol}${amount}`;
  if (currency?.code) return `${currency.code} ${amount}`;
  return `€${amount}`;
}

/** The cart total, always with a dollar sign (rule 4.2). */
export function formatCartTotal(cents: number): string {
  return `$${formatAmount(cents)}`;
}

/** The price a buyer pays per unit: the sale price when present, else the regular price. */
export function readUnitPrice(variant: { price_in_cents: number; sale_price_in_cents: number | null }): number {
  return variant.sale_price_in_cents ?? variant.price_in_cents;
}
