/**
 * When a page's JavaScript starts (rule 10.2): the worker's HTMLRewriter
 * drops React Router's module preloads, keeps its module script inert and
 * adds the nonce'd starter that, after the largest paint, preloads those
 * modules all at once and runs it.
 */
import { describe, expect, it } from "vitest";
import { readScriptNonce, request } from "./helpers";
import { ARTICLE_PATH, PRODUCT_PATH } from "./content-items";

describe("modules start after the largest paint", () => {
  it("a page carries no module preload, one inert module script and the starter, all nonce'd", async () => {
    for (const path of ["/", ARTICLE_PATH, PRODUCT_PATH]) {
      // The query string keeps the answer a render with a nonce, never a page-cache hit (those are named by hash).
      const response = await request(`${path}?render=1`);
      const nonce = readScriptNonce(response.headers.get("content-security-policy"));
      const html = await response.text();
      expect(html, path).not.toMatch(/<link[^>]*rel="modulepreload"/);
      expect(html, path).not.toMatch(/<script[^>]*type="module"/);
      const inert = [...html.matchAll(/<script[^>]*type="vpf\/module"[^>]*>/g)];
      expect(inert, path).toHaveLength(1);
      expect(inert[0]?.[0], path).toContain(`nonce="${nonce}"`);
      // A data block may not carry async (HTML's script element rules).
      expect(inert[0]?.[0], path).not.toMatch(/\basync\b/);
      const tail = html.slice(html.lastIndexOf("<script"));
      expect(tail, path).toMatch(new RegExp(`^<script nonce="${nonce.replace(/[+/=]/g, "\\$&")}">`));
      expect(tail, path).toContain('img[fetchpriority="high"]');
      expect(tail, path).toMatch(/<\/script><\/body>/);
      // Every module the page imports first is preloaded at once when the starter runs, not found level by level.
      // The starter's arguments close the script: the modules, then the inert type.
      const modules = JSON.parse(
        /\((\[[^\]]*\]),"vpf\/module"\)\}\)\(\);<\/script>/.exec(tail)?.[1] ?? "[]",
      ) as string[];
      expect(modules.length, path).toBeGreaterThan(2);
      for (const href of modules) expect(href, path).toMatch(/^\/assets\/[\w.-]+\.js$/);
      const entry = /import\("([^"]+)"\)/.exec(html.slice(html.indexOf('type="vpf/module"')))?.[1];
      expect(modules, path).toContain(entry);
    }
  });

  it("answers that are not HTML pass untouched", async () => {
    const feed = await request("/rss.xml");
    expect(await feed.text()).not.toContain("vpf/module");
  });
});
