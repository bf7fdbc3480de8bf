/** `/categories` (rule 3.2): the grid of all nine categories. */
import { categories } from "../../content/categories";
import { CategoryGrid } from "../components/category-grid";
import { PageIntro } from "../components/page-intro";
import { ContentWidth } from "../components/ui/content-width";
import { SITE_NAME } from "../../content/site";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/categories";

export const meta: Route.MetaFunction = (args) =>
  buildMeta(args, {
    title: "Categories",
    description: `Browse every ${SITE_NAME} topic: personal finance, investing, trading, crypto, AI and more.`,
    path: "/categories",
  });

export default function Categories() {
  return (
    <>
      <PageIntro eyebrow="Explore" title="Categories">
        <p>Nine topics, one goal: create value, make progress, achieve freedom.</p>
      </PageIntro>
      <ContentWidth>
        <CategoryGrid categories={categories} headingLevel={2} />
      </ContentWidth>
    </>
  );
}
