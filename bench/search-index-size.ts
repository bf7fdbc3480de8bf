/**
 * Measures the articles' search index for a generated publication (decision 020): its size as the bundle carries
 * it, raw and gzipped, and the time to build it, to load it in a fresh isolate and to answer a query.
 * Run: `npx jiti bench/search-index-size.ts [articles]` (default 5000); the words are drawn from a fixed seed.
 */
import { gzipSync } from "node:zlib";
import { createSearchIndex, loadSearchIndex, searchDocuments, toArticleDocument } from "../content/search-engine.ts";

const count = Number(process.argv[2] ?? 5000);
let seed = 42;
/** A small linear congruential generator, so every run measures the same publication. */
function draw(max: number): number {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % max;
}
// 4,000 made-up words with a skewed use, as in prose: a few common, most rare.
const vocabulary = Array.from({ length: 4000 }, (_, at) => `w${at.toString(36)}${"aeiou"[at % 5]}rd`);
const word = () => vocabulary[Math.floor(vocabulary.length * (draw(1000) / 1000) ** 3)]!;
const sentence = (words: number) => Array.from({ length: words }, word).join(" ");

const articles = Array.from({ length: count }, (_, at) => ({
  slug: `article-${at}`,
  title: sentence(7),
  excerpt: sentence(25),
  tags: [word(), word(), word()],
  html: Array.from({ length: 12 }, () => `<p>${sentence(100)}</p>`).join("\n"),
}));

let started = performance.now();
const json = JSON.stringify(createSearchIndex(articles.map(toArticleDocument)));
const buildMs = performance.now() - started;
started = performance.now();
const index = loadSearchIndex(json);
const loadMs = performance.now() - started;
started = performance.now();
const hits = searchDocuments(index, `${vocabulary[3]} ${vocabulary[40]}`, () => true).length;
const queryMs = performance.now() - started;
console.log(
  JSON.stringify({
    articles: count,
    wordsPerArticle: 7 + 25 + 3 + 1200,
    indexBytes: json.length,
    indexGzipBytes: gzipSync(json).length,
    buildMs: Math.round(buildMs),
    loadMs: Math.round(loadMs),
    queryMs: Number(queryMs.toFixed(1)),
    hits,
  }),
);
