/** Home (rule 2.11). */
import { readContentStore } from "../../server/content.server";
import { Link } from "react-router";
import { findCategory } from "../../content/categories";
import { ArticleGrid } from "../components/article-card";
import { Feather, Gem, Target } from "lucide-react";
import { CtaBlock } from "../components/cta-band";
import { buttonClassName } from "../components/ui/button";
import { ContentWidth } from "../components/ui/content-width";
import { listLatestArticles } from "../lib/articles.server";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/home";
import { useFrameData } from "../lib/frame-data";

export async function loader() {
  return { latest: await listLatestArticles(readContentStore()) };
}

export const meta: Route.MetaFunction = (args) => buildMeta(args, { path: "/" });

const PILLARS = [
  {
    slug: "value",
    icon: Gem,
    text: "Create something useful. Learn what things are truly worth, and price your time accordingly.",
  },
  {
    slug: "progress",
    icon: Target,
    text: "Small, disciplined steps that compound: productivity, habits and steady improvement.",
  },
  { slug: "freedom", icon: Feather, text: "Financial independence: the room to choose how you spend your days." },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { flags, nav } = useFrameData();
  return (
    <>
      <ContentWidth as="section" className="pt-16 pb-20 text-center sm:pt-24">
        <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase dark:text-brand-400">
          Value · Progress · Freedom
        </p>
        <h1 className="mx-auto mt-4 max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">
          Build Wealth with Clarity, Not Hype
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
          Practical, honest guides on personal finance, investing, trading, crypto, AI and productivity. Create value,
          make progress, achieve freedom.
        </p>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <Link to="/blog" prefetch="intent" className={buttonClassName({ size: "xl" })}>
            Explore Blog
          </Link>
          {nav.newsletter && (
            <Link to="/newsletter" prefetch="intent" className={buttonClassName({ variant: "secondary", size: "xl" })}>
              Join Newsletter
            </Link>
          )}
        </div>
      </ContentWidth>

      <ContentWidth as="section" aria-labelledby="philosophy-heading">
        <h2 id="philosophy-heading" className="text-center text-2xl font-bold tracking-tight sm:text-3xl">
          Our Philosophy
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {PILLARS.map((pillar) => {
            const category = findCategory(pillar.slug);
            if (!category) return null;
            return (
              <li key={pillar.slug}>
                <Link
                  to={category.href}
                  prefetch="intent"
                  className="block h-full rounded-2xl border border-slate-200 p-6 transition-colors hover:border-brand-500 dark:border-slate-800"
                >
                  <pillar.icon aria-hidden="true" className="size-8 text-brand-700 dark:text-brand-400" />
                  <h3 className="mt-4 text-xl font-semibold">{category.title}</h3>
                  <p className="mt-2 text-slate-600 dark:text-slate-300">{pillar.text}</p>
                </Link>
              </li>
            );
          })}
        </ul>
      </ContentWidth>

      <ContentWidth as="section" aria-labelledby="latest-heading" className="mt-20">
        <div className="flex items-end justify-between gap-4">
          <h2 id="latest-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Latest Articles
          </h2>
          <Link
            to="/blog"
            prefetch="intent"
            className="font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-400"
          >
            View All Articles
          </Link>
        </div>
        <div className="mt-8" data-testid="latest-articles">
          <ArticleGrid articles={loaderData.latest} headingLevel={3} eagerFirst={false} />
        </div>
      </ContentWidth>

      {flags.cta && <CtaBlock />}
    </>
  );
}
