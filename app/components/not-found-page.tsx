/** The 404 page (rules 2.2, 3.5); its helper cards come from the registry's `popular` links, so closed pages never show. */
import { ArrowLeft, BookOpen, House, Info, LayoutGrid, type LucideIcon } from "lucide-react";
import { clsx } from "clsx";
import { Link, useNavigate } from "react-router";
import { FOOTER_CATEGORY_SLUGS, findCategory } from "../../content/categories";
import { SITE_LONG_NAME, SITE_NAME } from "../../content/site";
import { useFrameData } from "../lib/frame-data";
import { Button, buttonClassName } from "./ui/button";

/** What a helper card says about a page of the page registry's `popular` list. */
const CARD_TEXT: Record<string, { title: string; text: string; icon: LucideIcon }> = {
  "/blog": {
    title: "Read the Blog",
    text: "Fresh articles on money, markets and the habits that build freedom.",
    icon: BookOpen,
  },
  "/categories": {
    title: "Browse Categories",
    text: "From personal finance to AI: find the topic you came for.",
    icon: LayoutGrid,
  },
  "/about": { title: `About ${SITE_NAME}`, text: `Learn what ${SITE_LONG_NAME} stands for.`, icon: Info },
};

/** The 404 page body. */
export function NotFoundPage() {
  const navigate = useNavigate();
  const cards = useFrameData().nav.popular.map((link) => ({
    to: link.to,
    ...(CARD_TEXT[link.to] ?? { title: link.label, text: `Go to ${link.label}.`, icon: BookOpen }),
  }));
  const popular = FOOTER_CATEGORY_SLUGS.map((slug) => findCategory(slug)).filter((c) => c !== undefined);

  return (
    <div className="mx-auto max-w-4xl px-4 py-16 sm:px-6 sm:py-24">
      <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase dark:text-brand-400">Error 404</p>
      <h1 className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">Page Not Found</h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
        The page you are looking for does not exist, has moved, or is not available right now.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/" className={clsx(buttonClassName({ size: "lg" }), "inline-flex items-center gap-2")}>
          <House aria-hidden="true" className="size-4" />
          Go to Homepage
        </Link>
        <Button
          variant="secondary"
          size="lg"
          onClick={() => navigate(-1)}
          className="needs-js inline-flex items-center gap-2"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Go Back
        </Button>
      </div>

      <ul className="mt-12 grid gap-4 sm:grid-cols-3">
        {cards.map((card) => (
          <li key={card.to}>
            <Link
              to={card.to}
              className="block h-full rounded-2xl border border-slate-200 p-5 transition-colors hover:border-brand-500 hover:bg-brand-50/50 dark:border-slate-800 dark:hover:bg-slate-900"
            >
              <card.icon aria-hidden="true" className="size-6 text-brand-700 dark:text-brand-400" />
              <h2 className="mt-3 font-semibold">{card.title}</h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{card.text}</p>
            </Link>
          </li>
        ))}
      </ul>

      <section aria-labelledby="popular-heading" className="mt-12">
        <h2 id="popular-heading" className="text-lg font-semibold">
          Popular Content
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {popular.map((category) => (
            <li key={category.slug}>
              <Link
                to={category.href}
                className="inline-block rounded-full bg-slate-100 px-4 py-2 text-sm font-medium hover:bg-slate-200 dark:bg-slate-800 dark:hover:bg-slate-700"
              >
                {category.title}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
