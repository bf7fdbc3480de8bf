/**
 * A small publication made for the search tests, unlike the sample content: each query below names the articles a
 * reader asking it wants, and other articles mention its words only in passing, or words that merely start alike.
 */
import { categories } from "../../content/categories";
import type { SearchableArticle } from "../../app/lib/article-search";
import type { Article } from "../../content/article-schema";
import { buildContentFiles } from "../../content/build/content-output";
import { type ContentStore, openContentStore } from "../../content/content-store.server";

/** A fixture article: what the blog list needs and a body in HTML. */
export type FixtureArticle = SearchableArticle & { html: string };

const FILLER =
  "Money decisions rest on habits more than on tips. Write the plan down, read it again next month, and change " +
  "one thing at a time so you can tell what helped.";

function makeArticle(
  slug: string,
  title: string,
  excerpt: string,
  tags: string[],
  paragraphs: string[],
  publishedAt: string,
  categorySlug = categories[0]!.slug,
): FixtureArticle {
  const html = [...paragraphs, FILLER].map((text) => `<p>${text}</p>`).join("\n");
  return { slug, title, excerpt, tags, categorySlug, publishedAt, html };
}

/** The publication, oldest first. */
export const fixtureArticles: FixtureArticle[] = [
  makeArticle(
    "cash-cushion",
    "Build an emergency fund in six steps",
    "Three to six months of expenses set aside keeps a lost job from becoming a debt.",
    ["emergency fund", "saving"],
    [
      "An emergency fund is money kept for the bills you did not plan: a repair, a doctor, a gap between jobs.",
      "Start the emergency fund with one month of expenses, then grow it. Keep the emergency fund apart from spending.",
      "How much should you save? Three months of costs is a floor; six is safer for a single income.",
    ],
    "2026-01-05",
  ),
  makeArticle(
    "rainy-day-account",
    "Where to keep your rainy-day cash",
    "High-yield savings or a money market account: where an emergency fund earns and stays at hand.",
    ["banking", "saving"],
    ["Your emergency fund must be reachable in a day and safe from the market's swings. Compare the rates."],
    "2026-01-12",
  ),
  makeArticle(
    "tracker-funds",
    "Index funds explained",
    "Owning the whole market for a low fee, and why most pickers trail it.",
    ["index funds", "investing"],
    [
      "An index fund holds every share of an index. Index funds charge little and trade rarely.",
      "Before buying index funds, have an emergency fund, so a bad month never forces a sale.",
    ],
    "2026-01-19",
    categories[1]!.slug,
  ),
  makeArticle(
    "split-the-pay",
    "The 50/30/20 budget",
    "Needs, wants and savings: a budget in three numbers.",
    ["budget", "spending"],
    [
      "Half of the pay goes to needs, a third to wants, a fifth to savings. A budget works when it is simple.",
      "The savings part may feed an emergency fund or a pension.",
    ],
    "2026-01-26",
  ),
  makeArticle(
    "machine-traders",
    "Can AI trade for you?",
    "What trading bots built on AI models can and cannot do with your money.",
    ["AI", "trading"],
    ["AI models read prices faster than people, yet AI does not know the future. Test any bot on paper first."],
    "2026-02-02",
    categories[4]!.slug,
  ),
  makeArticle(
    "set-targets",
    "Aim higher: setting money goals",
    "Goals you can measure and a date to reach them.",
    ["goals"],
    ["Aim for a number and a date. A goal left in the air never gets funded, so aim small and aim often."],
    "2026-02-09",
  ),
  makeArticle(
    "points-travel",
    "Air miles and travel points",
    "When a travel card pays for itself and when its fee eats the points.",
    ["travel", "credit cards"],
    ["Air miles reward the flyer who pays the card in full. Air travel bought on credit with interest costs more."],
    "2026-02-16",
  ),
  makeArticle(
    "cold-storage",
    "Choosing a crypto wallet",
    "Hot or cold, custodial or not: keeping your coins yours.",
    ["crypto", "security"],
    ["A crypto wallet holds the keys, not the coins. A hardware wallet keeps the keys offline; write the seed down."],
    "2026-02-23",
    categories[3]!.slug,
  ),
  makeArticle(
    "halving-cycle",
    "What the bitcoin halving means",
    "Every four years the reward for new blocks is cut in half.",
    ["crypto", "bitcoin"],
    ["The bitcoin halving cuts new supply. Whether the price follows is a story, not a law."],
    "2026-03-02",
    categories[3]!.slug,
  ),
  makeArticle(
    "money-back",
    "Getting a refund on a bad purchase",
    "Your rights when a product fails and the seller stalls.",
    ["consumer rights"],
    ["Ask for a refund in writing, keep the receipt, and know the return window."],
    "2026-03-09",
  ),
  makeArticle(
    "payout-shares",
    "Dividend investing for beginners",
    "Shares that pay you to hold them, and the trap of chasing yield.",
    ["dividends", "investing"],
    ["A dividend is a share of the profit paid in cash. A high yield often warns of a cut."],
    "2026-03-16",
    categories[1]!.slug,
  ),
  makeArticle(
    "weekend-work",
    "Side income ideas that last",
    "Work that fits beside a job and still pays in a year.",
    ["side income", "enterprising"],
    ["A side income grows from a skill someone pays for. Start with one client."],
    "2026-03-23",
    categories[5]!.slug,
  ),
  makeArticle(
    "rental-yield",
    "Passive income from a rented flat",
    "Rent, repairs and voids: what a buy-to-let really pays once the work is counted.",
    ["property", "passive income"],
    ["Passive income is rarely passive: a rented flat needs a manager or your evenings. Count the voids."],
    "2026-03-30",
    categories[1]!.slug,
  ),
  makeArticle(
    "exchange-floor",
    "How the stock market sets a price",
    "Buyers, sellers and the order book behind every quote you see.",
    ["stock market", "investing"],
    ["A stock trades where a buyer and a seller agree. The stock market is an auction that never closes."],
    "2026-04-06",
    categories[1]!.slug,
  ),
  makeArticle(
    "habit-loop",
    "Habits you stick with",
    "Small routines that last longer than big resolutions.",
    ["habits"],
    ["Pick one habit and stick with it for a month. Markets of self-help sell the rest."],
    "2026-04-13",
    categories[7]!.slug,
  ),
];

/** Queries and the articles a reader asking each wants (by slug). */
export const fixtureQueries: ReadonlyArray<{ query: string; relevant: readonly string[] }> = [
  { query: "emergency fund", relevant: ["cash-cushion", "rainy-day-account"] },
  { query: "ai", relevant: ["machine-traders"] },
  { query: "crypto wallet", relevant: ["cold-storage"] },
  { query: "index funds", relevant: ["tracker-funds"] },
  { query: "bitcoin", relevant: ["halving-cycle"] },
  { query: "dividends", relevant: ["payout-shares"] },
  { query: "budget", relevant: ["split-the-pay"] },
  { query: "refund", relevant: ["money-back"] },
  { query: "air miles", relevant: ["points-travel"] },
  { query: "saving", relevant: ["cash-cushion", "rainy-day-account"] },
  // Questions and slips a reader types: stop words, a half-typed word, a word no article has beside one many have.
  { query: "how much should I save", relevant: ["cash-cushion"] },
  { query: "emergency fnd", relevant: ["cash-cushion", "rainy-day-account"] },
  { query: "passive income", relevant: ["rental-yield"] },
  { query: "stock market", relevant: ["exchange-floor"] },
  { query: "bitcoin wallet seed phrase", relevant: ["cold-storage"] },
];

/** The fixture as the build's articles: what a content file holds beyond the list's fields. */
function toArticle(article: FixtureArticle, position: number): Article {
  const category = categories.find((candidate) => candidate.slug === article.categorySlug)!;
  return {
    ...article,
    tags: [...article.tags],
    id: String(position + 1),
    author: "Fixture Author",
    category: category.title,
    readTime: "2 min read",
    wordCount: 300,
    image: `/images/articles/${article.slug}.webp`,
    imageAlt: `Cover of ${article.title}`,
  };
}

/**
 * A content store over the fixture's files, written by the build's own writer (`buildContentFiles`), so a test asks
 * the site's own search (`searchPublishedArticles`) rather than a copy of it.
 */
export function openSearchFixtureStore(): ContentStore {
  const newestFirst = fixtureArticles.map(toArticle).reverse();
  const files = buildContentFiles(newestFirst, []);
  return openContentStore({
    fetch: async (request) => {
      const file = files.get(new URL(request.url).pathname);
      return file === undefined ? new Response("Not Found", { status: 404 }) : new Response(file);
    },
  });
}
