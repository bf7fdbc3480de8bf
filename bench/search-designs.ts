/**
 * Compares designs for the articles' search at archive sizes an isolate cannot hold whole (bench/README.md, search
 * designs). One generated archive (seeded; a Zipf-distributed vocabulary of 40,000 words under 120 common English and
 * finance ones, bodies of about 950 words with section headings), three designs over the same documents:
 *
 * - `whole`: today's MiniSearch index, one JSON file read and loaded by an isolate's first search (decision 020);
 * - `shards`: the same index split by the first two letters of each term, one file per pair beside a file of the
 *   documents' field lengths; a query reads the files of its words only;
 * - `fts5`: SQLite's FTS5 (what D1 runs) with BM25 weights as the site's boosts; the query runs in the database,
 *   outside the isolate, so its time there is not the isolate's CPU.
 *
 * Node 24 runs V8 as workerd does (another release), so the JavaScript figures stand for an isolate's CPU; heap is
 * V8's used heap
 * after a forced collection. Run: `node --expose-gc --max-old-space-size=12000 bench/search-designs.ts [articles]`
 * (default 5000; 50,000 takes about 2.5 minutes and 3.3 GB).
 */
import { DatabaseSync } from "node:sqlite";
import { gzipSync } from "node:zlib";
import MiniSearch from "minisearch";
import { WORDS, createRandom } from "./scale-publication.ts";
import {
  FIELD_BOOSTS,
  INDEX_OPTIONS,
  type SearchDocument,
  createSearchIndex,
  loadSearchIndex,
  readQueryWords,
  searchDocuments,
  toArticleDocument,
} from "../content/search-engine.ts";

const count = Number(process.argv[2] ?? 5000);
const collect = () => (globalThis as { gc?: () => void }).gc?.();
const heapMb = () => {
  collect();
  collect();
  return process.memoryUsage().heapUsed / 1048576;
};

const random = createRandom(58);

// English's commonest words, then the scale bench's vocabulary, before the made-up ones.
const COMMON = [
  ..."the of and to a in is it you that for on with as are be this your can or at by not from have more if an".split(" "),
  ...WORDS,
];
const ONSETS = "b c d f g h j k l m n p r s t v w z br cl dr fl gr pl pr sh st th tr".split(" ");
const NUCLEI = "a e i o u ai ea ou".split(" ");
const CODAS = ["", "", "n", "r", "s", "t", "l", "nd", "st"];
const made = new Set(COMMON);
while (made.size < COMMON.length + 40_000) {
  const syllables = 2 + Math.floor(random() * 3);
  let word = "";
  for (let at = 0; at < syllables; at++) {
    word += ONSETS[Math.floor(random() * ONSETS.length)]! + NUCLEI[Math.floor(random() * NUCLEI.length)]!;
  }
  made.add(word + CODAS[Math.floor(random() * CODAS.length)]!);
}
const vocabulary = [...made];
// Zipf's law (s = 1.2): the cumulative weights, searched by bisection.
const cumulative: number[] = [];
vocabulary.reduce((sum, _, rank) => (cumulative[rank] = sum + 1 / (rank + 1) ** 1.2), 0);
const total = cumulative.at(-1)!;
function drawWord(): string {
  const target = random() * total;
  let [low, high] = [0, cumulative.length - 1];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cumulative[middle]! < target) low = middle + 1;
    else high = middle;
  }
  return vocabulary[low]!;
}
const sentence = (words: number) => Array.from({ length: words }, drawWord).join(" ");
const TAGS = Array.from({ length: 60 }, (_, at) => vocabulary[COMMON.length + at * 7]!);

function* generateDocuments(): Generator<SearchDocument> {
  for (let at = 0; at < count; at++) {
    const sections = Array.from(
      { length: 5 },
      () => `<h2>${sentence(4)}</h2><p>${sentence(95)}</p><p>${sentence(95)}</p>`,
    );
    yield toArticleDocument({
      slug: `article-${at}-${vocabulary[COMMON.length + (at % 997)]}`,
      title: sentence(7),
      excerpt: sentence(25),
      tags: [0, 1, 2].map(() => TAGS[Math.floor(random() * TAGS.length)]!),
      html: sections.join("\n"),
    });
  }
}

// Twenty queries a reader might type: ten of one word, ten of two, from common to rare words (ranks 40 to 20,000).
const queryRandom = createRandom(7);
const rankWord = () => vocabulary[Math.floor(40 * 500 ** queryRandom())]!;
const QUERIES = [
  ...Array.from({ length: 10 }, rankWord),
  ...Array.from({ length: 10 }, () => `${rankWord()} ${rankWord()}`),
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;
const round = (value: number) => Math.round(value * 10) / 10;
const time = <T>(run: () => T): [T, number] => {
  const started = performance.now();
  const value = run();
  return [value, performance.now() - started];
};
/** Query times in ms over `QUERIES`: the median and the 95th percentile. */
function timeQueries(run: (query: string) => unknown): { median: number; p95: number } {
  const times = QUERIES.map((query) => time(() => run(query))[1]);
  return { median: round(median(times)), p95: round(p95(times)) };
}

const started = performance.now();
const documents = [...generateDocuments()];
console.error(`generated ${count} articles in ${Math.round(performance.now() - started)} ms`);

// Design 1: the whole index.
const wholeJson = JSON.stringify(createSearchIndex(documents));
console.error(`whole index: ${wholeJson.length} bytes`);
const heapBeforeWhole = heapMb();
const [whole, wholeLoadMs] = time(() => loadSearchIndex(wholeJson));
const wholeHeap = heapMb() - heapBeforeWhole;
const wholeFirst = time(() => searchDocuments(whole, QUERIES[0]!, () => true, { partial: true }))[1];
const wholeWarm = timeQueries((query) => searchDocuments(whole, query, () => true, { partial: true }));
const wholeFigures = {
  bytes: wholeJson.length,
  gzipBytes: gzipSync(wholeJson).length,
  firstSearchMs: round(wholeLoadMs + wholeFirst),
  heapMb: round(wholeHeap),
  warmMs: wholeWarm,
};

// Design 2: term shards, keyed by a term's first two letters, beside one file of the documents' field lengths.
const { index: entries, ...meta } = JSON.parse(wholeJson) as { index: Array<[string, unknown]> } & Record<
  string,
  unknown
>;
const shards = new Map<string, Array<[string, unknown]>>();
for (const entry of entries) {
  const key = entry[0].slice(0, 2);
  if (!shards.has(key)) shards.set(key, []);
  shards.get(key)!.push(entry);
}
const shardFiles = new Map([...shards].map(([key, list]) => [key, JSON.stringify(list)]));
const metaFile = JSON.stringify(meta);
const shardSizes = [...shardFiles.values()].map((file) => file.length);
let shardBytesRead = 0;
const heapBeforeShards = heapMb();
/** An isolate's kept state: the documents' file once, then each pair's file as a query first needs it. */
const [shardIndex, metaLoadMs] = time(() =>
  MiniSearch.loadJSON<SearchDocument>(JSON.stringify({ ...meta, index: [] }), INDEX_OPTIONS),
);
shardBytesRead += metaFile.length;
const loadedKeys = new Set<string>();
function searchShards(query: string) {
  for (const word of readQueryWords(query)) {
    const key = word.slice(0, 2);
    if (loadedKeys.has(key) || !shardFiles.has(key)) continue;
    loadedKeys.add(key);
    const file = shardFiles.get(key)!;
    shardBytesRead += file.length;
    // MiniSearch's own loader walks the same shape; its private map takes the parsed terms.
    const part = MiniSearch.loadJS<SearchDocument>(
      { ...meta, documentIds: {}, fieldLength: {}, storedFields: {}, index: JSON.parse(file) } as never,
      INDEX_OPTIONS,
    );
    for (const [term, data] of (part as unknown as { _index: Map<string, unknown> })._index) {
      (shardIndex as unknown as { _index: { set(term: string, data: unknown): void } })._index.set(term, data);
    }
  }
  return searchDocuments(shardIndex, query, () => true, { partial: true });
}
const shardFirst = time(() => searchShards(QUERIES[0]!))[1];
const firstBytes = shardBytesRead;
const shardWarm = timeQueries(searchShards);
const shardFigures = {
  files: shardFiles.size + 1,
  metaBytes: metaFile.length,
  largestShardBytes: Math.max(...shardSizes),
  medianShardBytes: median(shardSizes),
  firstSearchBytesRead: firstBytes,
  firstSearchMs: round(metaLoadMs + shardFirst),
  bytesReadAfter20: shardBytesRead,
  heapMbAfter20: round(heapMb() - heapBeforeShards),
  // Warm: every query's shards already kept (the second pass over the same twenty).
  warmMs: timeQueries(searchShards),
  firstPassMs: shardWarm,
};

// Design 3: FTS5 in SQLite, the engine D1 runs.
const database = new DatabaseSync(":memory:");
database.exec(
  "CREATE VIRTUAL TABLE articles USING fts5(slug UNINDEXED, title, summary, headings, body, " +
    "tokenize = 'unicode61 remove_diacritics 2')",
);
database.exec("CREATE VIRTUAL TABLE words USING fts5vocab(articles, row)");
const insert = database.prepare("INSERT INTO articles VALUES (?, ?, ?, ?, ?)");
const [, ftsLoadMs] = time(() => {
  database.exec("BEGIN");
  for (const document of documents) {
    insert.run(document.id, document.title, document.summary, document.headings ?? "", document.body);
  }
  database.exec("COMMIT");
});
const ftsBytes = (
  database.prepare("SELECT page_count * page_size AS bytes FROM pragma_page_count(), pragma_page_size()").get() as {
    bytes: number;
  }
).bytes;
const boosts = `${FIELD_BOOSTS.title}, ${FIELD_BOOSTS.summary}, ${FIELD_BOOSTS.headings}, ${FIELD_BOOSTS.body}`;
const page = database.prepare(
  `SELECT slug, bm25(articles, 0, ${boosts}) AS score FROM articles WHERE articles MATCH ? ORDER BY score LIMIT 24`,
);
const countAll = database.prepare("SELECT count(*) AS found FROM articles WHERE articles MATCH ?");
const known = database.prepare("SELECT 1 FROM words WHERE term >= ? AND term < ? LIMIT 1");
const LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789";
/** The words one letter away from `word` (dropped, added or changed) that some article holds. */
function findNeighbours(word: string): string[] {
  const variants = new Set<string>();
  for (let at = 0; at <= word.length; at++) {
    if (at < word.length) variants.add(word.slice(0, at) + word.slice(at + 1));
    for (const letter of LETTERS) {
      variants.add(word.slice(0, at) + letter + word.slice(at));
      if (at < word.length) variants.add(word.slice(0, at) + letter + word.slice(at + 1));
    }
  }
  variants.delete(word);
  const list = [...variants];
  const found = database
    .prepare(`SELECT term FROM words WHERE term IN (${list.map(() => "?").join(",")})`)
    .all(...list) as Array<{ term: string }>;
  return found.map((row) => row.term);
}
/** The FTS5 query for the site's rule: every word, a prefix from three letters, a typo as its known neighbours. */
function toMatch(query: string): string {
  return readQueryWords(query)
    .map((word) => {
      const folded = word.replace(/"/g, "");
      if (folded.length < 3) return `"${folded}"`;
      if (folded.length < 5 || known.get(folded, `${folded}\uffff`)) return `"${folded}"*`;
      const neighbours = findNeighbours(folded);
      return neighbours.length === 0 ? `"${folded}"` : `(${neighbours.map((term) => `"${term}"`).join(" OR ")})`;
    })
    .join(" AND ");
}
const ftsQuery = (query: string) => {
  const match = toMatch(query);
  return { found: (countAll.get(match) as { found: number }).found, page: page.all(match) };
};
// A word of the archive with its fourth letter changed: the typo path (neighbours looked up in the vocabulary).
const typoSource = vocabulary[600]!;
const typo = typoSource.slice(0, 3) + (typoSource[3] === "x" ? "q" : "x") + typoSource.slice(4);
const ftsFirst = time(() => ftsQuery(QUERIES[0]!))[1];
const ftsFigures = {
  databaseBytes: ftsBytes,
  loadMs: Math.round(ftsLoadMs),
  firstSearchMsInDatabase: round(ftsFirst),
  warmMsInDatabase: timeQueries(ftsQuery),
  matchesOfFirst: ftsQuery(QUERIES[0]!).found,
  typo: { query: typo, corrected: toMatch(typo), ms: round(time(() => ftsQuery(typo))[1]) },
};
const typoWhole = time(() => searchDocuments(whole, typo, () => true, { partial: true }));
const typoShards = time(() => searchShards(typo));

console.log(
  JSON.stringify(
    {
      articles: count,
      queries: QUERIES,
      typo,
      typoMs: { whole: round(typoWhole[1]), shards: round(typoShards[1]) },
      typoHits: { whole: typoWhole[0].hits.length, shards: typoShards[0].hits.length },
      whole: wholeFigures,
      shards: shardFigures,
      fts5: ftsFigures,
    },
    null,
    2,
  ),
);
