/**
 * `POST /cart`, the cart of a browser without JavaScript (rule 4.13): each change answers 303 back to `/cart` with
 * the cookie rewritten, Checkout goes to the commerce API with the same checks as `POST /api/checkout`, another
 * site's form is refused, and `/success` with a receipt we signed spends the cookie cart.
 */
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { type OrderReceipt, RECEIPT_PARAM } from "../../core/order-receipt";
import { importSigningKey, signToken } from "../../core/signed-token";
import { readChoiceParam, slugifyChoice } from "../../core/product-choice";
import { SIZED, SIZE_B, formatDollars, readUnitPrice } from "../support/catalogue";
import { putFlags, putRawFlags, request, requestWithEnv } from "./helpers";

const ORIGIN = "https://vpf.test";
const SIGNING_SECRET = (env as unknown as Record<string, string>).ORDER_SIGNING_KEY ?? "";

/** A form post from our own pages, with `cookie` as the browser holds it. */
function postForm(fields: Record<string, string>, cookie = "", origin = ORIGIN): RequestInit {
  return {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin, cookie },
    body: new URLSearchParams(fields).toString(),
  };
}

/** The `name=value` of the answer's cart cookie, to send back, and its attributes. */
function readCartCookie(response: Response): { pair: string; attributes: string } {
  const header = response.headers.getSetCookie().find((line) => line.startsWith("vpf_cart=")) ?? "";
  const [pair = "", ...attributes] = header.split(";");
  return { pair, attributes: attributes.join(";") };
}

const addSizeB = { add: SIZED.id, quantity: "2", [readChoiceParam(SIZED)]: slugifyChoice(SIZE_B.title) };

afterEach(() => putRawFlags(null));

describe("POST /cart", () => {
  it("adds the chosen size, keeps it in an HttpOnly cookie and shows it on /cart, never cached", async () => {
    const added = await request("/cart", postForm(addSizeB));
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe("/cart?notice=added");
    const cookie = readCartCookie(added);
    expect(cookie.attributes).toMatch(/HttpOnly/);
    expect(cookie.attributes).toMatch(/SameSite=Lax/);
    expect(cookie.attributes).toMatch(/Secure/);

    const page = await request("/cart?notice=added", { headers: { cookie: cookie.pair } });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toMatch(/no-store|private/);
    const html = await page.text();
    expect(html).toContain("Added to your cart.");
    expect(html).toContain(formatDollars(2 * readUnitPrice(SIZE_B)));
  });

  it("checks out what the cookie holds and leaves for the commerce page, Cancel leading back to /cart", async () => {
    const { pair } = readCartCookie(await request("/cart", postForm(addSizeB)));
    const response = await requestWithEnv("/cart", postForm({ intent: "checkout" }, pair), {
      STORE_ID: "ok-cart-form",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("https://checkout.vpf.test/c/ok-cart-form");
    const upstream = (await (await fetch(`${inject("commerceUrl")}/__last/ok-cart-form`)).json()) as {
      body: { items: unknown; cancelUrl: string };
    };
    expect(upstream.body.items).toEqual([{ variant_id: SIZE_B.id, quantity: 2 }]);
    expect(upstream.body.cancelUrl).toBe(`${ORIGIN}/cart`);
  });

  it("an empty cart's Checkout says so on /cart without calling the commerce API", async () => {
    const response = await request("/cart", postForm({ intent: "checkout" }));
    expect(response.headers.get("location")).toBe("/cart?notice=empty");
  });

  it("refuses another site's form with 403 and a form this site never sends with 400, keeping the cookie", async () => {
    const { pair } = readCartCookie(await request("/cart", postForm(addSizeB)));
    const crossSite = await request("/cart", postForm({ intent: "checkout" }, pair, "https://evil.test"));
    expect(crossSite.status).toBe(403);
    const bad = await request("/cart", postForm({ intent: "pay" }, pair));
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("This cart form is not one this site sends.");
    expect(readCartCookie(bad).pair).toBe("");
  });

  it("with the store closed, the post changes nothing and /cart is the 404 page", async () => {
    await putFlags({ store: false });
    const response = await request("/cart", postForm(addSizeB));
    expect(response.headers.get("location")).toBe("/cart");
    expect(readCartCookie(response).pair).toBe("");
    expect((await request("/cart")).status).toBe(404);
  });
});

describe("/success and the cookie cart", () => {
  async function signReceipt(): Promise<string> {
    const receipt: OrderReceipt = { reference: "VPF-0A1B2C3D", issuedAt: Date.now(), lines: [], totalCents: 0 };
    return signToken(await importSigningKey(SIGNING_SECRET), receipt);
  }

  it("a receipt we signed spends the cookie cart; a hand-made link leaves it", async () => {
    const { pair } = readCartCookie(await request("/cart", postForm(addSizeB)));
    const paid = await request(`/success?${RECEIPT_PARAM}=${await signReceipt()}`, { headers: { cookie: pair } });
    expect(readCartCookie(paid).pair).toBe("vpf_cart=");
    const handMade = await request(`/success?${RECEIPT_PARAM}=made-up.token`, { headers: { cookie: pair } });
    expect(readCartCookie(handMade).pair).toBe("");
  });
});
