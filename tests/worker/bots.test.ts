/**
 * Search engines and link previews get the whole page in one response (rule
 * 3.6): every section a visitor sees is in the HTML, and every section React
 * sent after the shell is filled in from that same response, whether the page
 * was rendered for the crawler or comes from the render cache after a
 * browser's visit. (Through `SELF` the body arrives re-chunked, so when the
 * bytes were sent cannot be told apart; this checks what was sent.)
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SEND_TIME_WORDS } from "../../core/newsletter-schedule";
import { ARTICLE, ARTICLE_PATH } from "./content-items";

const BOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** Fetches `path` as `userAgent` and returns the status and HTML. */
async function fetchPage(path: string, userAgent: string): Promise<{ status: number; html: string }> {
  const response = await SELF.fetch(`https://vpf.test${path}`, {
    headers: { "user-agent": userAgent },
    redirect: "manual",
  });
  return { status: response.status, html: await response.text() };
}

/**
 * Sections React sent later in the same response: each `<template id="B:n">`
 * placeholder must be filled by `$RC("B:n","S:n")` from a `<div hidden id="S:n">`
 * in this very response, so nothing is left for a later request.
 */
function readUnfilledBoundaries(html: string): string[] {
  const placeholders = [...html.matchAll(/<template id="B:(\d+)">/g)].map((match) => match[1] ?? "");
  return placeholders.filter(
    (n) => !html.includes(`<div hidden id="S:${n}">`) || !html.includes(`$RC("B:${n}","S:${n}")`),
  );
}

const PAGES: Array<{ path: string; status: number; texts: string[] }> = [
  {
    path: ARTICLE_PATH,
    status: 200,
    // The article's title and its body's last heading, however the owner wrote them, then what follows the body.
    texts: [
      ...[...ARTICLE.html.matchAll(/<h[23] id="([^"]+)"/g)].slice(-1).map((match) => `id="${match[1]}"`),
      "<h1",
      `Get One Practical Idea Every ${SEND_TIME_WORDS.weekday}`,
      "Create value, make progress, achieve freedom.",
    ],
  },
  {
    path: "/",
    status: 200,
    texts: [
      "Build Wealth with Clarity, Not Hype",
      "Start Your Journey to Financial Freedom",
      "Create value, make progress, achieve freedom.",
    ],
  },
  {
    path: "/no-such-page",
    status: 404,
    texts: ["Page Not Found", "Go Back", "Create value, make progress, achieve freedom."],
  },
];

describe("bots", () => {
  for (const { path, status, texts } of PAGES) {
    it(`a crawler gets all of ${path} in one response, before and after a browser asked for it`, async () => {
      for (const userAgent of [BOT_UA, BROWSER_UA, BOT_UA]) {
        const { status: got, html } = await fetchPage(path, userAgent);
        expect(got, userAgent).toBe(status);
        expect(html.trimEnd(), userAgent).toMatch(/<\/html>$/);
        expect(readUnfilledBoundaries(html), userAgent).toEqual([]);
        for (const text of texts) expect(html, `${userAgent}: ${text}`).toContain(text);
        if (status === 200) expect(html, "indexable").not.toMatch(/<meta name="robots" content="noindex"/);
      }
    });
  }
});
