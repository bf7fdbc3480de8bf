/**
 * A generated publication for the scale bench (bench/README.md, scale): `count` articles of realistic Markdown over
 * the nine categories and about 60 tags, published over ten years, and weekly newsletter issues. The same `count`
 * always gives the same publication, so figures from two runs compare.
 */
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { categories } from "../content/categories.ts";

/** Days the generated archive spans, ending yesterday. */
const ARCHIVE_DAYS = 3650;

const TOPICS = [
  "an emergency fund",
  "index funds",
  "a Roth IRA",
  "a 401k match",
  "dollar-cost averaging",
  "side income",
  "a monthly budget",
  "credit card debt",
  "a high-yield savings account",
  "bitcoin custody",
  "stablecoins",
  "position sizing",
  "a trading journal",
  "AI assistants",
  "spreadsheet automation",
  "a freelance rate",
  "compound interest",
  "inflation",
  "bond ladders",
  "dividend stocks",
  "a down payment",
  "student loans",
  "insurance",
  "tax-loss harvesting",
  "a sinking fund",
  "financial independence",
  "a net worth tracker",
  "rebalancing",
  "a cash buffer",
  "a small business",
] as const;

const TAGS = [
  "budgeting", "saving", "investing", "index funds", "etf", "retirement", "roth ira", "401k", "taxes", "debt",
  "credit", "mortgage", "housing", "insurance", "emergency fund", "side income", "freelancing", "career", "salary",
  "negotiation", "crypto", "bitcoin", "ethereum", "self-custody", "defi", "stablecoins", "trading", "risk",
  "psychology", "journaling", "options", "forex", "ai", "automation", "productivity", "spreadsheets", "tools",
  "habits", "mindset", "goals", "fire", "early retirement", "dividends", "bonds", "real estate", "inflation",
  "interest rates", "banking", "cash flow", "net worth", "family", "kids", "college", "estate planning",
  "giving", "minimalism", "travel", "business", "entrepreneurship", "value",
] as const;

const OPENERS = [
  "Most people meet",
  "Sooner or later you will have to think about",
  "Few money topics cause as much worry as",
  "It is easy to overthink",
  "Readers ask us about",
] as const;

/** The publication's vocabulary: money, markets, work and tools. */
export const WORDS = (
  "money plan cost month year rate return risk saving spending account balance budget goal habit income expense " +
  "market share fund portfolio interest fee tax bill cash card loan payment price value progress freedom time " +
  "decision rule number list step choice trade position stop loss gain week day future family home work career " +
  "skill client project tool model prompt spreadsheet report review check target limit buffer reserve growth " +
  "yield dividend bond stock index asset wallet key exchange network ledger chain custody backup recovery phrase"
).split(" ");

/** A small, seeded pseudo-random generator (mulberry32): the same seed always gives the same publication. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Random = () => number;

const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/** A sentence of 12 to 22 words, starting with a capital and ending with a full stop. */
function writeSentence(random: Random, topic: string): string {
  const length = 12 + Math.floor(random() * 11);
  const words = Array.from({ length }, () => pick(random, WORDS));
  words.splice(Math.floor(random() * length), 0, topic);
  const text = words.join(" ");
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

function writeParagraph(random: Random, topic: string): string {
  return Array.from({ length: 3 + Math.floor(random() * 3) }, () => writeSentence(random, topic)).join(" ");
}

/** An article body of about 1,000 to 1,400 words: sections with h2s, some h3s, a list in some. */
function writeBody(random: Random, topic: string): string {
  const parts = [`${pick(random, OPENERS)} ${topic}. ${writeParagraph(random, topic)}`, writeParagraph(random, topic)];
  const sections = 4 + Math.floor(random() * 3);
  for (let section = 1; section <= sections; section++) {
    parts.push(`## Step ${section}: ${pick(random, WORDS)} and ${pick(random, WORDS)} for ${topic}`);
    parts.push(writeParagraph(random, topic), writeParagraph(random, topic));
    if (random() < 0.4) {
      parts.push(`### A closer look at the ${pick(random, WORDS)}`, writeParagraph(random, topic));
    }
    if (random() < 0.5) {
      parts.push(Array.from({ length: 4 }, () => `- ${writeSentence(random, topic)}`).join("\n"));
    }
  }
  return parts.join("\n\n");
}

/** `YYYY-MM-DD` of the day `daysAgo` before `now`, in UTC. */
function formatDaysAgo(now: Date, daysAgo: number): string {
  return new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

const quote = (text: string) => JSON.stringify(text);

/** The photo every generated article names with `sharedCover` (a copy of one of the checkout's own). */
const SHARED_COVER = "bench-shared-cover";

/**
 * Replaces the articles and newsletter issues under `root/content` with a generated publication of `count`
 * articles and `issueCount` weekly issues, the newest published yesterday (`now` is the run's day). With
 * `sharedCover`, every article names one photo, so the build encodes one cover instead of drawing one per article
 * (each still gets its own link preview): the worker's figures are the same, the build's omit cover encoding.
 */
export function writePublication(
  root: string,
  count: number,
  issueCount: number,
  { now = new Date(), sharedCover = false }: { now?: Date; sharedCover?: boolean } = {},
): void {
  const random = createRandom(count);
  const articlesDir = path.join(root, "content", "articles");
  const issuesDir = path.join(root, "content", "newsletters");
  for (const dir of [articlesDir, issuesDir]) {
    for (const name of readdirSync(dir)) if (name.endsWith(".md")) rmSync(path.join(dir, name));
    mkdirSync(dir, { recursive: true });
  }
  if (sharedCover) {
    const photos = path.join(root, "content", "images", "articles");
    const photo = readdirSync(photos).sort()[0]!;
    copyFileSync(path.join(photos, photo), path.join(photos, `${SHARED_COVER}${path.extname(photo)}`));
  }
  for (let index = 0; index < count; index++) {
    const topic = pick(random, TOPICS);
    const category = pick(random, categories);
    const slug = `${topic.replace(/^an? /, "").replace(/[^a-z0-9]+/gi, "-").toLowerCase()}-${index + 1}`;
    const tags = [...new Set(Array.from({ length: 1 + Math.floor(random() * 5) }, () => pick(random, TAGS)))];
    const published = formatDaysAgo(now, 1 + Math.floor((ARCHIVE_DAYS * (count - index - 1)) / Math.max(1, count)));
    const front = [
      "---",
      `id: "${index + 1}"`,
      `slug: ${quote(slug)}`,
      `title: ${quote(`How to Think About ${topic.replace(/^an? /, "")}, Part ${index + 1}`)}`,
      `excerpt: ${quote(`A practical look at ${topic}: what it costs, what it gives back, and the one step to take this week.`)}`,
      `author: "VPF Team"`,
      `publishedAt: "${published}"`,
      `category: ${quote(category.title)}`,
      `tags: [${tags.map(quote).join(", ")}]`,
      ...(sharedCover ? [`image: "/images/articles/${SHARED_COVER}.webp"`] : []),
      "---",
    ];
    writeFileSync(path.join(articlesDir, `${slug}.md`), `${front.join("\n")}\n\n${writeBody(random, topic)}\n`);
  }
  for (let index = 0; index < issueCount; index++) {
    const topic = pick(random, TOPICS);
    const sendDate = `${formatDaysAgo(now, 7 * (index + 1))}T07:00:00Z`;
    const front = [
      "---",
      `title: ${quote(`Issue ${issueCount - index}: ${topic.replace(/^an? /, "")}`)}`,
      `preheader: ${quote(`One practical idea about ${topic}, and one step to take before next Sunday.`)}`,
      `sendDate: "${sendDate}"`,
      "---",
    ];
    const body = [writeParagraph(random, topic), writeParagraph(random, topic), writeParagraph(random, topic)];
    writeFileSync(path.join(issuesDir, `issue-${issueCount - index}.md`), `${front.join("\n")}\n\n${body.join("\n\n")}\n`);
  }
}
