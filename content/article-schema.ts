/** The shape of a bundled article (rule 3.1), shared by the build step, the server and the tests. */
import * as v from "valibot";
import { categories } from "./categories.ts";

const CATEGORY_TITLES = categories.map((category) => category.title) as [string, ...string[]];

/** Fewest words an article's body may have (rule 3.1). */
export const ARTICLE_MIN_WORDS = 300;

/** Front matter of `content/articles/*.md` (rule 3.1); `image` defaults to the slug's photo, else a drawn cover. */
export const ArticleFrontMatterSchema = v.pipe(
  v.strictObject({
    id: v.pipe(v.string(), v.regex(/^\d+$/, "id must be a number written as a string")),
    slug: v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "slug must be kebab-case")),
    title: v.pipe(v.string(), v.minLength(10), v.maxLength(120)),
    excerpt: v.pipe(v.string(), v.minLength(60), v.maxLength(300)),
    author: v.pipe(v.string(), v.nonEmpty()),
    publishedAt: v.pipe(v.string(), v.isoDate("publishedAt must be a date written YYYY-MM-DD")),
    category: v.picklist(CATEGORY_TITLES, `category must be one of: ${CATEGORY_TITLES.join(", ")}`),
    tags: v.pipe(v.array(v.pipe(v.string(), v.nonEmpty(), v.maxLength(40))), v.minLength(1), v.maxLength(8)),
    image: v.optional(
      v.pipe(
        v.string(),
        v.regex(/^\/images\/articles\/[a-z0-9-]+\.webp$/, "image must be /images/articles/{name}.webp"),
      ),
    ),
    imageAlt: v.optional(v.pipe(v.string(), v.minLength(5))),
    updated: v.optional(v.pipe(v.string(), v.isoDate("updated must be a date written YYYY-MM-DD"))),
    draft: v.optional(v.boolean("draft must be true or false")),
  }),
  v.forward(
    v.check(
      (article) => article.updated === undefined || article.updated >= article.publishedAt,
      "updated must not be before publishedAt",
    ),
    ["updated"],
  ),
);

export type ArticleFrontMatter = v.InferOutput<typeof ArticleFrontMatterSchema>;

/** A table-of-contents entry (rule 3.1): an h2's `id` and plain text, with its h3s in `children` when there are any. */
export interface ArticleHeading {
  id: string;
  text: string;
  children?: Array<{ id: string; text: string }>;
}

/** An article as the site uses it: front matter with its defaults filled in, its category's slug, the body as HTML. */
export interface Article extends ArticleFrontMatter {
  image: string;
  imageAlt: string;
  /** `"{n} min read"`: `countReadMinutes` of the body (content/publication.ts). */
  readTime: string;
  categorySlug: string;
  /** Set by the dev server's preview only, on an article whose publish date is still to come (rule 3.1). */
  scheduled?: true;
  /** Body HTML, rendered at build time from our own Markdown; headings carry ids. */
  html: string;
  wordCount: number;
}

/** An article without its body: feeds, the sitemap and search read these. */
export type ArticleSummary = Omit<Article, "html">;

/** Only what an article card draws (rule 3.5), `CARD_TAG_COUNT` tags at most: loader data is sent twice (rule 10.3). */
export type ArticleCardData = Pick<
  ArticleSummary,
  "slug" | "title" | "excerpt" | "publishedAt" | "readTime" | "category" | "tags" | "image" | "draft" | "scheduled"
>;

/** A link to another article: what the previous and next links draw (rule 3.1). */
export type ArticleLink = Pick<ArticleSummary, "slug" | "title">;
