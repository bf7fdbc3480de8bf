/**
 * `/store` (rule 4.8): the product grid (image, title, price with any sale
 * price beside the struck-through regular one, ribbon text), the empty state
 * 'No products available at the moment.', and an error state with a retry.
 * The 404 page when the store flag is off.
 */
import { Link, isRouteErrorResponse, useRevalidator, useRouteError } from "react-router";
import { PRODUCT_PLACEHOLDER_IMAGE, products } from "../../content/products";
import { DeferredNotFoundPage } from "../components/deferred";
import { PageIntro } from "../components/page-intro";
import { ProductPrice } from "../components/product-price";
import { buildMeta } from "../lib/meta";
import { requireFlag } from "../lib/route-guards.server";
import { useFlags } from "../lib/use-flags";
import type { Route } from "./+types/store";

export function loader({ context }: Route.LoaderArgs) {
  requireFlag(context, "store");
  return { products: [...products] };
}

export const meta: Route.MetaFunction = (args) =>
  buildMeta(args, {
    title: "Store",
    description: "Planners, guides and apparel from VPF for people building their financial freedom.",
    path: "/store",
  });

export default function Store({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro eyebrow="Shop" title="Store">
        <p>Tools and guides for people building their freedom, one practical step at a time.</p>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        {loaderData.products.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center text-lg dark:border-slate-700">
            No products available at the moment.
          </p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.products.map((product) => {
              const first = product.variants[0];
              return (
                <li key={product.id}>
                  <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white transition-shadow hover:shadow-lg dark:border-slate-800 dark:bg-slate-900">
                    <div className="relative">
                      <img
                        src={product.image ?? PRODUCT_PLACEHOLDER_IMAGE}
                        alt=""
                        width={800}
                        height={800}
                        loading="lazy"
                        decoding="async"
                        className="aspect-square w-full bg-slate-100 object-cover"
                      />
                      {product.ribbon_text && (
                        <span className="absolute top-3 left-3 rounded-full bg-slate-900 px-3 py-1 text-xs font-bold tracking-wide text-white uppercase dark:bg-white dark:text-slate-900">
                          {product.ribbon_text}
                        </span>
                      )}
                    </div>
                    <div className="flex flex-1 flex-col gap-2 p-5">
                      <h2 className="text-lg font-bold">
                        <Link
                          to={`/product/${product.id}`}
                          prefetch="intent"
                          className="after:absolute after:inset-0 after:content-[''] group-hover:text-brand-700 dark:group-hover:text-brand-300"
                        >
                          {product.title}
                        </Link>
                      </h2>
                      <p className="flex-1 text-sm text-slate-600 dark:text-slate-300">{product.subtitle}</p>
                      {first && <ProductPrice variant={first} />}
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const flags = useFlags();
  const revalidator = useRevalidator();
  if (isRouteErrorResponse(error) && error.status === 404) return <DeferredNotFoundPage flags={flags} />;
  return (
    <div className="mx-auto max-w-2xl px-6 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight">The store could not be loaded</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">Something went wrong while loading the products.</p>
      <button
        type="button"
        onClick={() => void revalidator.revalidate()}
        disabled={revalidator.state === "loading"}
        className="mt-6 rounded-full bg-brand-700 px-5 py-3 font-semibold text-white disabled:opacity-60 dark:bg-brand-400 dark:text-slate-950"
      >
        {revalidator.state === "loading" ? "Retrying..." : "Retry"}
      </button>
    </div>
  );
}
