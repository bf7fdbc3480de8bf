/**
 * The local commerce sandbox (rule 5.7): a stand-in hosted checkout page, so a purchase can be finished offline.
 * Sessions are signed like receipts (rule 5.8), so the page shows nothing the worker did not check.
 */
import type { Context } from "hono";
import { html } from "hono/html";
import * as v from "valibot";
import { findVariant } from "../../content/products";
import { formatLineName } from "../../core/cart";
import { formatCartTotal, formatPrice, readUnitPrice } from "../../core/prices";
import type { CommercePayload } from "../../core/checkout-contract";
import { signToken, verifyToken } from "../../core/signed-token";
import type { WorkerEnv } from "../types";
import type { Commerce } from "./commerce";
import { setCachePolicy } from "../response-policy";

const SandboxSessionSchema = v.strictObject({
  items: v.pipe(
    v.array(
      v.strictObject({
        variant_id: v.pipe(v.string(), v.maxLength(100)),
        quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
      }),
    ),
    v.maxLength(50),
  ),
  successUrl: v.pipe(v.string(), v.url()),
  cancelUrl: v.pipe(v.string(), v.url()),
});

/** `key` is the worker's receipt key. */
export function createSandboxCommerce(key: CryptoKey): Commerce {
  return {
    async createCheckout(payload: CommercePayload, origin: string): Promise<string> {
      const token = await signToken(key, {
        items: payload.items,
        successUrl: payload.successUrl,
        cancelUrl: payload.cancelUrl,
      });
      return `${origin}/sandbox/checkout?session=${token}`;
    },
    listAllowedHosts: (origin: string) => [new URL(origin).host.toLowerCase()],
  };
}

function renderPage(c: Context<WorkerEnv>, title: string, body: ReturnType<typeof html>) {
  return c.html(
    html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex" />
          <title>${title}</title>
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
          <style>
            body {
              font-family: system-ui, sans-serif;
              margin: 0;
              background: #f1f5f9;
              color: #0f172a;
            }
            main {
              max-width: 36rem;
              margin: 3rem auto;
              background: #fff;
              border-radius: 1rem;
              padding: 2rem;
              box-shadow: 0 10px 30px rgb(0 0 0 / 0.08);
            }
            h1 {
              margin-top: 0;
              font-size: 1.5rem;
            }
            table {
              width: 100%;
              border-collapse: collapse;
              margin: 1.5rem 0;
            }
            th,
            td {
              text-align: left;
              padding: 0.5rem 0;
              border-bottom: 1px solid #e2e8f0;
            }
            td:last-child,
            th:last-child {
              text-align: right;
            }
            .note {
              color: #475569;
              font-size: 0.875rem;
            }
            .actions {
              display: flex;
              gap: 0.75rem;
              margin-top: 1.5rem;
            }
            .actions a {
              padding: 0.75rem 1.25rem;
              border-radius: 999px;
              font-weight: 600;
              text-decoration: none;
            }
            .pay {
              background: #047857;
              color: #fff;
            }
            .cancel {
              border: 1px solid #cbd5e1;
              color: #0f172a;
            }
          </style>
        </head>
        <body>
          <main>${body}</main>
        </body>
      </html>`,
  );
}

/** `GET /sandbox/checkout?session=…`; 400 unless the session is signed and both addresses are on our origin. */
export async function renderSandboxCheckout(c: Context<WorkerEnv>, key: CryptoKey): Promise<Response> {
  {
    const session = await verifyToken(key, c.req.query("session"), SandboxSessionSchema);
    const origin = new URL(c.req.url).origin;
    if (!session || new URL(session.successUrl).origin !== origin || new URL(session.cancelUrl).origin !== origin) {
      c.status(400);
      return renderPage(
        c,
        "Checkout session not found",
        html`<h1>Checkout session not found</h1>
          <p>This checkout link is not valid. <a href="/store">Back to the store</a>.</p>`,
      );
    }
    let total = 0;
    const rows = session.items.map((item) => {
      const found = findVariant(item.variant_id);
      const unit = found ? readUnitPrice(found.variant) : 0;
      total += unit * item.quantity;
      return html`<tr>
        <td>${found ? formatLineName(item.variant_id, found.product.title, found.variant.title) : item.variant_id}</td>
        <td>${item.quantity}</td>
        <td>${formatPrice(unit * item.quantity, found?.variant.currency)}</td>
      </tr>`;
    });
    setCachePolicy(c, "no-store");
    return renderPage(
      c,
      "Sandbox checkout",
      html`<h1>Sandbox checkout</h1>
        <p class="note">A local stand-in for the hosted checkout page. No payment is taken.</p>
        <table>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Qty</th>
              <th scope="col">Price</th>
            </tr>
          </thead>
          <tbody>
            ${rows}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colspan="2">Total</th>
              <td data-testid="sandbox-total">${formatCartTotal(total)}</td>
            </tr>
          </tfoot>
        </table>
        <div class="actions">
          <a class="pay" href="${session.successUrl}">Pay &amp; finish</a>
          <a class="cancel" href="${session.cancelUrl}">Cancel</a>
        </div>`,
    );
  }
}
