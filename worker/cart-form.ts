/**
 * `POST /cart`: the cart of a browser without JavaScript (rule 4.13, decision 023). Each change is a form post whose
 * answer is a 303 back to `/cart` with the cookie rewritten; Checkout goes through the same checks as
 * `POST /api/checkout` and leaves for the commerce API's page. `/success` with a receipt we signed drops the cookie
 * cart, as the page empties the browser's own.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import * as v from "valibot";
import { SITE_LOCALE } from "../content/site";
import { type CheckoutRequest, CheckoutRequestSchema } from "../core/checkout-contract";
import {
  CART_COOKIE,
  CART_COOKIE_MAX_AGE_S,
  type CartNotice,
  CartFormSchema,
  type CookieCartLine,
  applyCartForm,
  parseCookieCart,
  readCartFormFields,
  readCookieCartState,
} from "../core/cookie-cart";
import { MAX_FORM_BODY_BYTES } from "../core/form-contract";
import { RECEIPT_PARAM } from "../core/order-receipt";
import { openCheckout } from "./checkout";
import { readOrderReceipt } from "../server/signing-key.server";
import { setCachePolicy } from "./response-policy";
import type { WorkerEnv } from "./types";

const LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,3}$/;

/** `/cart?notice=…`: the cart page says what the post did. */
function buildCartUrl(notice: CartNotice): string {
  return `/cart?notice=${notice}`;
}

/** The reader's first language, for the checkout page; the site's own when the header names none we accept. */
function readLocale(acceptLanguage: string | undefined): string {
  const first = acceptLanguage?.split(",")[0]?.split(";")[0]?.trim() ?? "";
  return LANGUAGE_TAG.test(first) ? first : SITE_LOCALE;
}

/** Mount after `csrf()`: a form posted from another site's page never reaches the cart. */
export function cartFormRoutes(): Hono<WorkerEnv> {
  const routes = new Hono<WorkerEnv>();
  routes.post(
    "/cart",
    bodyLimit({ maxSize: MAX_FORM_BODY_BYTES, onError: (c) => c.text("The form is larger than a cart needs.", 413) }),
    async (c) => {
      setCachePolicy(c, "no-store");
      // A closed store answers its 404 page at the address the form came back to (rule 1.5).
      if (!c.var.flags.store) return c.redirect("/cart", 303);
      const body = await c.req.parseBody().catch(() => null);
      const form = body && v.safeParse(CartFormSchema, readCartFormFields(body));
      if (!form?.success) return c.text("This cart form is not one this site sends. Go back and try again.", 400);
      const secure = new URL(c.req.url).protocol === "https:";
      const saved = parseCookieCart(getCookie(c, CART_COOKIE));
      const change = applyCartForm(saved, form.output);
      const writeCookie = (lines: readonly CookieCartLine[]) => {
        if (lines.length === 0) return deleteCookie(c, CART_COOKIE, { path: "/", secure });
        // Hono percent-encodes the value, as `encodeCookieCart` does when `applyCartForm` checks its size.
        setCookie(c, CART_COOKIE, JSON.stringify(lines), {
          path: "/",
          httpOnly: true,
          sameSite: "Lax",
          secure,
          maxAge: CART_COOKIE_MAX_AGE_S,
        });
      };
      writeCookie(change.lines);
      if (form.output.intent !== "checkout") return c.redirect(buildCartUrl(change.notice), 303);

      const cart = readCookieCartState(change.lines);
      if (cart.items.length === 0) return c.redirect(buildCartUrl("empty"), 303);
      const request: CheckoutRequest = {
        items: cart.items.map((item) => ({ variant_id: item.variant.id, quantity: item.quantity })),
        cancelUrl: new URL("/cart", c.req.url).href,
        locale: readLocale(c.req.header("accept-language")),
        // A page without scripts cannot know the reader's zone; the commerce page asks if it needs one.
        timeZone: "UTC",
      };
      const checked = v.safeParse(CheckoutRequestSchema, request);
      const opened = checked.success ? await openCheckout(c, checked.output) : null;
      if (opened && "url" in opened) return c.redirect(opened.url, 303);
      return c.redirect(buildCartUrl("checkout-error"), 303);
    },
  );
  // A receipt we signed says the order went through: the cookie cart is spent, as the browser's is (rule 5.6).
  routes.get("/success", async (c, next) => {
    await next();
    if (getCookie(c, CART_COOKIE) === undefined) return;
    if ((await readOrderReceipt(c.req.query(RECEIPT_PARAM) ?? null, c.var.config)) === null) return;
    c.res = new Response(c.res.body, c.res);
    deleteCookie(c, CART_COOKIE, { path: "/", secure: new URL(c.req.url).protocol === "https:" });
  });
  return routes;
}
