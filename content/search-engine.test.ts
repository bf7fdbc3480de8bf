import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MAX_SEARCH_TERMS,
  createSearchIndex,
  foldWord,
  loadSearchIndex,
  makeSnippet,
  readPlainText,
  readQueryWords,
  searchDocuments,
} from "./search-engine";

const index = createSearchIndex([
  { id: "title", title: "Index funds", summary: "A long game", body: "Fees and taxes matter" },
  { id: "body", title: "Pensions", summary: "Later money", body: "A pension may hold index funds too" },
  { id: "accent", title: "Épargne", summary: "", body: "Café savings" },
]);
const ids = (query: string, visible: (id: string) => boolean = () => true) =>
  searchDocuments(index, query, visible).hits.map((hit) => hit.id);

describe("searchDocuments", () => {
  it("needs every word, and ranks a word in the title over one in the body", () => {
    expect(ids("index funds")).toEqual(["title", "body"]);
    expect(ids("index crypto")).toEqual([]);
    expect(ids("  ")).toEqual([]);
  });

  it("ignores case and accents", () => {
    expect(ids("EPARGNE cafe")).toEqual(["accent"]);
  });

  it("keeps only what is visible", () => {
    expect(ids("index", (id) => id !== "title")).toEqual(["body"]);
  });

  it("counts no more than MAX_SEARCH_TERMS words, so a word beyond them cannot empty the results", () => {
    const words = Array.from({ length: MAX_SEARCH_TERMS }, (_, at) => `word${at}`);
    const many = createSearchIndex([{ id: "many", title: "", summary: "", body: words.join(" ") }]);
    const found = searchDocuments(many, [...words, "crypto"].join(" "), () => true);
    expect(found.hits.map((hit) => hit.id)).toEqual(["many"]);
    expect(searchDocuments(many, [...words.slice(1), "crypto"].join(" "), () => true).hits).toEqual([]);
  });

  it("answers the same from an index serialised at build time", () => {
    const loaded = loadSearchIndex(JSON.stringify(index));
    expect(searchDocuments(loaded, "fund", () => true)).toEqual(searchDocuments(index, "fund", () => true));
  });

  it("drops stop words and one-letter words, unless nothing else is left", () => {
    expect(readQueryWords("How much should I save?")).toEqual(["much", "save"]);
    expect(readQueryWords("I")).toEqual(["i"]);
    expect(readQueryWords("a 5 year plan")).toEqual(["5", "year", "plan"]);
    expect(ids("what are index funds")).toEqual(ids("index funds"));
  });

  it("with `partial`, gives the items holding the most words when none holds every one, and says so", () => {
    const some = searchDocuments(index, "index funds crypto", () => true, { partial: true });
    expect(some.everyWord).toBe(false);
    expect(some.hits.map((hit) => hit.id)).toEqual(["title", "body"]);
    expect(searchDocuments(index, "index crypto zzz", () => true, { partial: true }).hits.map((hit) => hit.id)).toEqual(
      ["title", "body"],
    );
    const every = searchDocuments(index, "index funds", () => true, { partial: true });
    expect(every.everyWord).toBe(true);
    expect(searchDocuments(index, "index crypto", () => true).hits, "without `partial`").toEqual([]);
  });

  it("forgives a typo only in a word no item holds: a word that is there never matches its neighbours", () => {
    const words = createSearchIndex([
      { id: "stick", title: "", summary: "", body: "Pick a plan and stick with it" },
      { id: "stock", title: "", summary: "", body: "A stock is a share of a company" },
    ]);
    const found = (query: string) => searchDocuments(words, query, () => true).hits;
    expect(found("stock").map((hit) => hit.id)).toEqual(["stock"]);
    expect(
      found("stuck")
        .map((hit) => hit.id)
        .toSorted(),
      "a typo finds both neighbours",
    ).toEqual(["stick", "stock"]);
    expect(found("stock company")[0]!.terms.toSorted()).toEqual(["company", "stock"]);
  });
});

describe("foldWord", () => {
  it("drops case and accents", () => {
    expect(foldWord("ÉpArgne")).toBe("epargne");
  });

  // fast-check's 100 runs: the three string kinds each get about 33, which covers the ASCII path and its exits.
  it("folds any text as the full Unicode fold does, through its plain-ASCII path too", () => {
    const fullFold = (word: string) => word.normalize("NFKD").replace(/\p{M}/gu, "").toLocaleLowerCase("en-US");
    fc.assert(
      fc.property(
        fc.oneof(
          ...(["grapheme-ascii", "grapheme", "binary"] as const).map((unit) => fc.string({ unit, maxLength: 24 })),
        ),
        (word) => {
          expect(foldWord(word)).toBe(fullFold(word));
        },
      ),
    );
  });
});

describe("readPlainText", () => {
  it("reads HTML as its text, tags and entities left out, each block on a line of its own", () => {
    expect(readPlainText('<h2 id="x">Rock &amp; Roll</h2>\n<p>it&#39;s <a href="/y">here</a></p><p>Next</p>')).toBe(
      "Rock & Roll\nit's here\nNext",
    );
    expect(readPlainText("<p>long-term index <strong>investing</strong>, suits you</p>")).toBe(
      "long-term index investing, suits you",
    );
  });
});

describe("makeSnippet", () => {
  it("marks the matched words, whatever their case, and keeps the text between them", () => {
    expect(makeSnippet("An Emergency fund helps.", ["emergency", "fund"])).toEqual([
      { text: "An ", mark: false },
      { text: "Emergency", mark: true },
      { text: " ", mark: false },
      { text: "fund", mark: true },
      { text: " helps.", mark: false },
    ]);
  });

  it("cuts a long text around the passage holding the most words, with an ellipsis at each cut", () => {
    const filler = Array.from({ length: 60 }, (_, at) => `w${at}`).join(" ");
    const parts = makeSnippet(`fund ${filler} emergency fund ${filler}`, ["emergency", "fund"]);
    expect(parts[0]).toEqual({ text: "…", mark: false });
    expect(parts.at(-1)).toEqual({ text: "…", mark: false });
    expect(parts.filter((part) => part.mark).map((part) => part.text)).toEqual(["emergency", "fund"]);
  });

  it("keeps a heading apart from the text after it", () => {
    const text = readPlainText("<h2>How much to save</h2><p>Save three months of costs before you invest.</p>");
    const heading = makeSnippet(text, ["much"]);
    expect(heading.map((part) => part.text).join("")).toBe("How much to save");
    const paragraph = makeSnippet(text, ["months"]);
    expect(paragraph.map((part) => part.text).join("")).toBe("Save three months of costs before you invest.");
  });

  it("gives nothing when no word matched", () => {
    expect(makeSnippet("Nothing here", ["fund"])).toEqual([]);
  });
});
