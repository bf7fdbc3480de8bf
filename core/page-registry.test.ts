import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_FLAGS } from "./flags";
import {
  findRequiredFlag,
  isPathOpen,
  listAllowedMethods,
  listLinks,
  SITE_PAGES,
  findSitePage,
  isCacheablePage,
  listSitemapPaths,
  readPagePath,
  readRoutePattern,
  listRoutePatterns,
} from "./page-registry";

const APP = path.resolve(import.meta.dirname, "../app");

describe("the page registry", () => {
  it("names every route module, and only existing ones, once each", () => {
    const modules = readdirSync(path.join(APP, "routes"))
      .filter((file) => /\.tsx?$/.test(file) && file !== "shell.tsx")
      .map((file) => `routes/${file}`)
      .sort();
    expect(SITE_PAGES.map((page) => page.file).sort()).toEqual(modules);
    expect(new Set(SITE_PAGES.map((page) => page.pattern)).size).toBe(SITE_PAGES.length);
  });

  it("takes POST exactly where the route module has an action, or a worker route answers it", () => {
    for (const page of SITE_PAGES) {
      const source = readFileSync(path.join(APP, page.file), "utf8");
      const hasAction = /export (?:async )?function action\b|export const action\b/.test(source);
      expect(page.methods.includes("POST") && !page.postedToWorker, page.file).toBe(hasAction);
      if (page.postedToWorker) expect(page.methods, page.file).toContain("POST");
    }
    // tests/worker/cart-form.test.ts holds the worker's answer to `/cart`'s posts.
  });

  it("matches like the router: static before parameters, the 404 page last", () => {
    expect(findSitePage("/blog").file).toBe("routes/blog.tsx");
    expect(findSitePage("/blog/some-slug").file).toBe("routes/blog-article.tsx");
    expect(findSitePage("/product/any-product").flag).toBe("store");
    expect(findSitePage("/blog/a/b").file).toBe("routes/not-found.tsx");
    expect(findSitePage("/sandbox/checkout").file).toBe("routes/not-found.tsx");
    expect(isCacheablePage("/about")).toBe(true);
    expect(isCacheablePage("/nowhere")).toBe(false);
    expect(isCacheablePage("/rss.xml")).toBe(false);
    expect(isCacheablePage("/blog", "?page=2"), "a list's later page").toBe(true);
    expect(isCacheablePage("/tags/:tag", "?page=12")).toBe(true);
    for (const search of ["?q=fund", "?page=2&q=fund", "?page=02", "?page=1.5", "?category=ai"]) {
      expect(isCacheablePage("/blog", search), search).toBe(false);
    }
    expect(isCacheablePage("/about", "?page=2"), "a page that is not a list").toBe(false);
    expect(findSitePage("/newsletter/rss.xml").file).toBe("routes/newsletter-rss.ts");
    expect(findSitePage("/newsletter/issues/some-issue").file).toBe("routes/newsletter-issue.tsx");
  });
});

describe("findRequiredFlag", () => {
  it.each([
    ["/store", "store"],
    ["/store.data", "store"],
    ["/product/tee", "store"],
    ["/product/tee.data", "store"],
    ["/api/checkout", "store"],
    ["/contact", "contact"],
    ["/contact.data", "contact"],
    ["/newsletter", "newsletter"],
    ["/newsletter.data", "newsletter"],
    ["/newsletter/issues", "newsletter"],
    ["/newsletter/issues/some-issue", "newsletter"],
    ["/newsletter/issues/some-issue.data", "newsletter"],
    ["/newsletter/rss.xml", "newsletter"],
  ])("%s needs %s", (path, flag) => {
    expect(findRequiredFlag(path)).toBe(flag);
  });

  it.each(["/", "/_root.data", "/blog", "/stores", "/storefront", "/products", "/product", "/contact-us", "/about"])(
    "%s is open to everyone",
    (path) => {
      expect(findRequiredFlag(path)).toBeNull();
    },
  );
});

describe("isPathOpen", () => {
  it("closes a page only when its flag is off", () => {
    expect(isPathOpen("/store", DEFAULT_FLAGS)).toBe(true);
    expect(isPathOpen("/store", { ...DEFAULT_FLAGS, store: false })).toBe(false);
    expect(isPathOpen("/product/any-product.data", { ...DEFAULT_FLAGS, store: false })).toBe(false);
    expect(isPathOpen("/contact", { ...DEFAULT_FLAGS, store: false })).toBe(true);
  });
});

describe("navigation lists", () => {
  it("gives the header in order and drops pages whose flag is off", () => {
    expect(listLinks("header", DEFAULT_FLAGS).map((link) => link.label)).toEqual([
      "Home",
      "Store",
      "Blog",
      "Categories",
      "About",
      "Contact",
    ]);
    expect(listLinks("header", { ...DEFAULT_FLAGS, store: false, contact: false }).map((link) => link.to)).toEqual([
      "/",
      "/blog",
      "/categories",
      "/about",
    ]);
  });

  it("puts the disclaimer first in the legal column", () => {
    expect(listLinks("footer-legal", DEFAULT_FLAGS)[0]).toEqual({ label: "Disclaimer", to: "/disclaimer" });
  });

  it("lists gated pages in the sitemap only while their flag is on", () => {
    expect(listSitemapPaths(DEFAULT_FLAGS)).toEqual(expect.arrayContaining(["/store", "/newsletter", "/contact"]));
    const off = listSitemapPaths({ ...DEFAULT_FLAGS, store: false, newsletter: false, contact: false });
    expect(off).not.toEqual(expect.arrayContaining(["/store"]));
    expect(off.filter((path) => ["/store", "/newsletter", "/contact"].includes(path))).toEqual([]);
  });
});

describe("readPagePath and methods", () => {
  it("maps data requests to their page", () => {
    expect(readPagePath("/_root.data")).toBe("/");
    expect(readPagePath("/blog/some-slug.data")).toBe("/blog/some-slug");
    expect(readPagePath("/blog")).toBe("/blog");
  });

  it("allows POST only on pages with a form action", () => {
    expect(listAllowedMethods("/contact")).toEqual(["GET", "HEAD", "POST"]);
    expect(listAllowedMethods("/about")).toEqual(["GET", "HEAD"]);
    expect(listAllowedMethods("/nowhere")).toEqual(["GET", "HEAD"]);
  });
});

describe("route patterns (field data, rule 8.5)", () => {
  it("names a page by React Router's pattern, never its URL", () => {
    expect(readRoutePattern("/")).toBe("/");
    expect(readRoutePattern("/blog")).toBe("/blog");
    expect(readRoutePattern("/blog/how-to-save")).toBe("/blog/:slug");
    expect(readRoutePattern("/product/any-product.data")).toBe("/product/:id");
    expect(readRoutePattern("/no/such/page")).toBe("/*");
  });

  it("lists one pattern per registry entry, the ones routes.ts hands React Router", () => {
    expect(listRoutePatterns()).toEqual(SITE_PAGES.map((page) => `/${page.pattern}`));
    expect(listRoutePatterns()).toContain("/categories/:slug");
  });
});
