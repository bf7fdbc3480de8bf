/**
 * When a page's JavaScript starts (rule 10.2): the worker's HTMLRewriter
 * drops React Router's module preloads, holds every script of `<body>` that
 * carries the response's nonce inert (rule 8.1) and adds the nonce'd starter,
 * a module script, that after the largest paint preloads those modules all at
 * once and runs the held scripts.
 */
import { describe, expect, it, vi } from "vitest";
import { startModulesAfterHero } from "../../worker/html-rewrites";
import { readScriptNonce, request } from "./helpers";
import { ARTICLE_PATH, PRODUCT_PATH } from "./content-items";

describe("modules start after the largest paint", () => {
  it("a page carries no module preload, no script that runs before the starter in <body>, and the starter, all nonce'd", async () => {
    for (const path of ["/", ARTICLE_PATH, PRODUCT_PATH]) {
      // The query string keeps the answer a render with a nonce, never a page-cache hit (those are named by hash).
      const response = await request(`${path}?render=1`);
      const nonce = readScriptNonce(response.headers.get("content-security-policy"));
      const html = await response.text();
      expect(html, path).not.toMatch(/<link[^>]*rel="modulepreload"/);
      // Only the starter is a module script that runs.
      expect(html.slice(0, html.lastIndexOf("<script")), path).not.toMatch(/<script[^>]*type="module"/);
      const inert = [...html.matchAll(/<script[^>]*type="vpf\/module"[^>]*>/g)];
      expect(inert, path).toHaveLength(1);
      expect(inert[0]?.[0], path).toContain(`nonce="${nonce}"`);
      // A data block may not carry async (HTML's script element rules).
      expect(inert[0]?.[0], path).not.toMatch(/\basync\b/);
      // The router's classic scripts (its context, the hydration data) are held too: none holds up the parser.
      const body = html.slice(html.indexOf("<body"), html.lastIndexOf("<script"));
      const bodyTypes = [...body.matchAll(/<script\b([^>]*)>/g)].map(
        ([, attributes]) => /type="([^"]*)"/.exec(attributes!)?.[1],
      );
      expect(bodyTypes, path).toContain("vpf/script");
      // Every held script is one the render wrote with the response's nonce.
      for (const [held] of body.matchAll(/<script\b[^>]*type="vpf\/(?:script|module)"[^>]*>/g)) {
        expect(held, path).toContain(`nonce="${nonce}"`);
      }
      expect(
        bodyTypes.filter((type) => !["vpf/script", "vpf/module", "application/ld+json"].includes(type ?? "")),
        path,
      ).toEqual([]);
      expect(html.slice(html.indexOf("<body")), path).toMatch(
        /<script nonce="[^"]+" type="vpf\/script">window\.__reactRouterContext/,
      );
      const tail = html.slice(html.lastIndexOf("<script"));
      expect(tail, path).toMatch(new RegExp(`^<script type="module" nonce="${nonce.replace(/[+/=]/g, "\\$&")}">`));
      expect(tail, path).toContain('img[fetchpriority="high"]');
      expect(tail, path).toMatch(/<\/script><\/body>/);
      // Every module the page imports first is preloaded at once when the starter runs, not found level by level.
      // The starter's arguments close the script: the modules, the held scripts' types, then the nonce it revives.
      const closing = `,{"classic":"vpf/script","module":"vpf/module"},${JSON.stringify(nonce)})})();</script>`;
      expect(tail, path).toContain(closing);
      const modules = JSON.parse(/\((\[[^\]]*\])$/.exec(tail.slice(0, tail.indexOf(closing)))?.[1] ?? "[]") as string[];
      expect(modules.length, path).toBeGreaterThan(2);
      for (const href of modules) expect(href, path).toMatch(/^\/assets\/[\w.-]+\.js$/);
      const entry = /import\("([^"]+)"\)/.exec(html.slice(html.indexOf('type="vpf/module"')))?.[1];
      expect(modules, path).toContain(entry);
    }
  });

  it("holds only the scripts written with the response's nonce and refuses those that arrive already held (rule 8.1)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const page = [
        `<html><head><script nonce="N1">theme()</script></head><body>`,
        `<script>plain()</script><script type="module">module()</script><script nonce="N2">guessed()</script>`,
        `<script type="vpf/module" nonce="N1">forged()</script><script nonce="N1" type="application/ld+json">{}</script>`,
        `<script nonce="N1">context()</script><script nonce="N1" type="module" async>entry()</script></body></html>`,
      ].join("");
      const html = await startModulesAfterHero(
        new Response(page, { headers: { "content-type": "text/html" } }),
        "N1",
        "/a-page",
      ).text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, text]) => [
        text,
        attributes!.trim(),
      ]);
      expect(scripts.slice(0, -1)).toEqual([
        ["theme()", 'nonce="N1"'],
        ["plain()", ""],
        ["module()", 'type="module"'],
        ["guessed()", 'nonce="N2"'],
        ["forged()", 'type="vpf/refused" nonce="N1"'],
        ["{}", 'nonce="N1" type="application/ld+json"'],
        ["context()", 'nonce="N1" type="vpf/script"'],
        ["entry()", 'nonce="N1" type="vpf/module"'],
      ]);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(JSON.parse(String(warn.mock.calls[0]?.[0]))).toMatchObject({
        event: "csp.violation",
        document: "/a-page",
      });
    } finally {
      warn.mockRestore();
    }
  });

  it("answers that are not HTML pass untouched", async () => {
    const feed = await request("/rss.xml");
    expect(await feed.text()).not.toMatch(/vpf\/(module|script)/);
  });
});
