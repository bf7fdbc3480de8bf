/** Price formatting (rules 4.1, 4.2); amounts are integer cents. */

export interface PriceCurrency {
  code?: string | null;
  symbol?: string | null;
  template?: string | null;
}

/** Cents as `12.34`. */
export function formatAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Rule 4.1. */
export function formatPrice(cents: number, currency: PriceCurrency | null | undefined): string {
  const amount = formatAmount(cents);
  if (currency?.template && currency.template.includes("$1")) return currency.template.split("$1").join(amount);
  if (currency?.symbol) return `${currency.symbol}${amount}`;
  if (currency?.code) return `${currency.code} ${amount}`;
  return `€${amount}`;
}

/** Rule 4.2. */
export function formatCartTotal(cents: number): string {
  return `$${formatAmount(cents)}`;
}

/** Cents per unit: the sale price when present. */
export function readUnitPrice(variant: { price_in_cents: number; sale_price_in_cents: number | null }): number {
  return variant.sale_price_in_cents ?? variant.price_in_cents;
}
