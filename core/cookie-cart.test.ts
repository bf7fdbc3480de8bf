import { describe, expect, it } from "vitest";
import { readAvailableStock } from "./cart";
import {
  type CookieCartLine,
  CartFormSchema,
  MAX_CART_COOKIE_BYTES,
  applyCartForm,
  encodeCookieCart,
  parseCookieCart,
  readCartFormFields,
  readCookie,
  readCookieCartState,
} from "./cookie-cart";
import { readChoiceParam, slugifyChoice } from "./product-choice";
import * as v from "valibot";
import { SIZED, SIZE_A, SIZE_C } from "../tests/support/catalogue";

/** The form a post with `fields` names, as the worker reads it. */
function readForm(fields: Record<string, string>) {
  return v.parse(CartFormSchema, readCartFormFields(fields));
}

describe("the cookie cart", () => {
  it("reads back what it wrote, and reads a tampered, malformed or foreign value as empty", () => {
    const lines: CookieCartLine[] = [{ variant_id: SIZE_A.id, quantity: 2 }];
    const header = `theme=dark; vpf_cart=${encodeURIComponent(JSON.stringify(lines))}; other=1`;
    expect(parseCookieCart(readCookie(header, "vpf_cart"))).toEqual(lines);
    for (const value of ["{", "[]x", JSON.stringify([{ variant_id: "no-such-variant", quantity: 1 }]), "%E0%A4%A"]) {
      expect(parseCookieCart(readCookie(`vpf_cart=${value}`, "vpf_cart"))).toEqual([]);
    }
    const twice = [lines[0], lines[0]];
    expect(parseCookieCart(JSON.stringify(twice))).toEqual([]);
    expect(parseCookieCart(JSON.stringify([{ variant_id: SIZE_A.id, quantity: 0 }]))).toEqual([]);
  });

  it("adds the variant the product page's own choice field names, and adds to a line it already holds", () => {
    const choice = { [readChoiceParam(SIZED)]: slugifyChoice(SIZE_C.title) };
    const first = applyCartForm([], readForm({ add: SIZED.id, quantity: "1", ...choice }));
    expect(first).toEqual({ lines: [{ variant_id: SIZE_C.id, quantity: 1 }], notice: "added" });
    const second = applyCartForm(first.lines, readForm({ add: SIZED.id, quantity: "2", ...choice }));
    expect(second.lines).toEqual([{ variant_id: SIZE_C.id, quantity: 3 }]);
  });

  it("caps a quantity at the stock and says so; 0 drops the line; an unknown product changes nothing", () => {
    const stock = readAvailableStock(SIZE_A);
    const start: CookieCartLine[] = [{ variant_id: SIZE_A.id, quantity: 1 }];
    const set = applyCartForm(start, readForm({ intent: "set", variant_id: SIZE_A.id, quantity: String(stock + 5) }));
    expect(set).toEqual({ lines: [{ variant_id: SIZE_A.id, quantity: stock }], notice: "limited" });
    const added = applyCartForm(set.lines, readForm({ add: SIZED.id, quantity: "1" }));
    expect(added).toEqual({ lines: set.lines, notice: "limited" });
    const zero = applyCartForm(start, readForm({ intent: "set", variant_id: SIZE_A.id, quantity: "0" }));
    expect(zero).toEqual({ lines: [], notice: "removed" });
    expect(applyCartForm(start, readForm({ add: "no-such-product" }))).toEqual({ lines: start, notice: "unavailable" });
  });

  it("refuses a line that would make the cookie larger than it may be, keeping the cart as it was", () => {
    const start: CookieCartLine[] = [{ variant_id: SIZE_A.id, quantity: 1 }];
    const limit = encodeCookieCart(start).length;
    const form = readForm({ add: SIZED.id, [readChoiceParam(SIZED)]: slugifyChoice(SIZE_C.title) });
    expect(applyCartForm(start, form, limit)).toEqual({ lines: start, notice: "full" });
    expect(applyCartForm(start, form, MAX_CART_COOKIE_BYTES).notice).toBe("added");
  });

  it("refuses a form this site never sends", () => {
    for (const fields of [{}, { intent: "pay" }, { intent: "set", variant_id: SIZE_A.id, quantity: "-1" }]) {
      expect(v.safeParse(CartFormSchema, readCartFormFields(fields)).success).toBe(false);
    }
  });

  it("prices each line from the catalogue, never from the cookie", () => {
    const cart = readCookieCartState([{ variant_id: SIZE_A.id, quantity: 2 }]);
    expect(cart.items[0]?.variant.price_in_cents).toBe(SIZE_A.price_in_cents);
  });
});
