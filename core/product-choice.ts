/**
 * The variant chosen on a product page, kept in its address (rule 4.9): `/product/{id}?size=l` opens with the
 * variant titled 'L' chosen. The parameter is the option's title in lower case, the value the variant title's slug.
 */
import * as v from "valibot";
import type { Product, Variant } from "../content/products";
import { readAvailableStock } from "./cart";

/** A choice as the address may carry it: a slug of at most 60 lower-case letters, digits and hyphens. */
export const ChoiceParamSchema = v.pipe(v.string(), v.maxLength(60), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/));

/** `Extra Large` → `extra-large`: a title as a lower-case slug of letters, digits and single hyphens. */
export function slugifyChoice(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The query parameter naming the product's chosen variant: its first option's title in lower case, else `variant`. */
export function readChoiceParam(product: Product): string {
  return slugifyChoice(product.options[0]?.title ?? "") || "variant";
}

/** Whether the variant can be bought now: unmanaged stock, or managed stock above 0 (rule 4.8). */
function isAvailable(product: Product, variant: Variant): boolean {
  return product.purchasable && (!variant.manage_inventory || readAvailableStock(variant) > 0);
}

/**
 * The variant the address chooses: the available one whose title's slug is `value` (in any case); for a missing,
 * malformed, unknown or sold-out value the first available variant, else the first. Never throws; `undefined` only
 * for a product without variants.
 */
export function findChosenVariant(product: Product, value: string | null | undefined): Variant | undefined {
  // `?size=M`, as the button is labelled, asks for the same size as `?size=m`.
  const parsed = v.safeParse(ChoiceParamSchema, typeof value === "string" ? slugifyChoice(value) : value);
  const asked = parsed.success
    ? product.variants.find((variant) => slugifyChoice(variant.title) === parsed.output)
    : undefined;
  if (asked && isAvailable(product, asked)) return asked;
  return product.variants.find((variant) => isAvailable(product, variant)) ?? product.variants[0];
}

/**
 * What the page says when the address asks for a choice it cannot show (rule 4.9): `Size “XL” is not available;
 * showing S.` for an unknown, malformed or sold-out `value`; `null` when the address asks for nothing or for what is
 * shown. `shown` is `findChosenVariant`'s answer.
 */
export function describeUnmetChoice(product: Product, value: string | null, shown: Variant | undefined): string | null {
  if (value === null || value.trim() === "" || !shown || product.variants.length < 2) return null;
  if (slugifyChoice(value) === slugifyChoice(shown.title)) return null;
  const option = product.options[0]?.title ?? "Variant";
  return `${option} “${value.trim().slice(0, 20)}” is not available; showing ${shown.title}.`;
}
