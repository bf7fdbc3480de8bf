/** `/store` (rule 4.8). */
import { isRouteErrorResponse, useRevalidator, useRouteError } from "react-router";
import { products } from "../../content/products";
import { NotFoundPage } from "../components/lazy-not-found-page";
import { PageIntro } from "../components/page-intro";
import { ProductCard } from "../components/product-card";
import { Button } from "../components/ui/button";
import { ContentWidth } from "../components/ui/content-width";
import { SITE_NAME } from "../../content/site";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/store";

export function loader() {
  return { products: [...products] };
}

export const meta: Route.MetaFunction = (args) =>
  buildMeta(args, {
    title: "Store",
    description: `Planners, guides and apparel from ${SITE_NAME} for people building their financial freedom.`,
    path: "/store",
  });

export default function Store({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro eyebrow="Shop" title="Store">
        <p>Tools and guides for people building their freedom, one practical step at a time.</p>
      </PageIntro>
      <ContentWidth>
        {loaderData.products.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center text-lg dark:border-slate-700">
            No products available at the moment.
          </p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.products.map((product, index) => (
              <li key={product.id}>
                <ProductCard product={product} priority={index === 0} />
              </li>
            ))}
          </ul>
        )}
      </ContentWidth>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <div className="mx-auto max-w-2xl px-6 py-24 text-center">
      <h1 className="text-3xl font-bold tracking-tight">The Store Could Not Be Loaded</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">Something went wrong while loading the products.</p>
      <Button
        size="lg"
        disabledLook="working"
        onClick={() => void revalidator.revalidate()}
        disabled={revalidator.state === "loading"}
        className="mt-6"
      >
        {revalidator.state === "loading" ? "Retrying..." : "Retry"}
      </Button>
    </div>
  );
}
