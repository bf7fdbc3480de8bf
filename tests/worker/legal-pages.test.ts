/**
 * Who sells and under which rules (rule 2.9), and the home page's one call-to-action band (rule 3.5), read from the
 * HTML the worker sends: the seller's identity on privacy, terms and shipping, each legal page's date, the governing
 * law, and the regulators of the seller's country. Facts come from `content/legal-identity.ts`, so another seller's
 * own pass too.
 */
import { describe, expect, it } from "vitest";
import { formatLongDate } from "../../app/lib/dates";
import { LEGAL_IDENTITY } from "../../content/legal-identity";
import { REGULATORS } from "../../content/regulators";
import { SEND_TIME_WORDS } from "../../core/newsletter-schedule";
import { decodeText, request } from "./helpers";

/** Text as a reader sees it: React's escapes undone, runs of white space one space. */
function readAsText(html: string): string {
  return decodeText(html).replace(/\s+/g, " ").trim();
}

/** The text of each `selector` of `path`'s page (in document order), and the `href` of the links inside them. */
async function readParts(path: string, selectors: string[]): Promise<Map<string, { text: string; hrefs: string[] }>> {
  const response = await request(path);
  expect(response.status, path).toBe(200);
  const parts = new Map(selectors.map((selector) => [selector, { text: "", hrefs: [] as string[] }]));
  let rewriter = new HTMLRewriter();
  for (const [selector, part] of parts) {
    rewriter = rewriter
      .on(selector, { text: (chunk) => void (part.text += chunk.text) })
      .on(`${selector} a`, { element: (link) => void part.hrefs.push(link.getAttribute("href") ?? "") });
  }
  await rewriter.transform(response).arrayBuffer();
  for (const part of parts.values()) part.text = readAsText(part.text);
  return parts;
}

describe("the seller, on the legal pages", () => {
  for (const path of ["/privacy", "/terms", "/shipping"]) {
    it(`${path} names the seller, its postal address and an e-mail link`, async () => {
      const identity = (await readParts(path, ['[data-testid="legal-identity"]'])).get(
        '[data-testid="legal-identity"]',
      )!;
      expect(identity.text).toContain(LEGAL_IDENTITY.legalName);
      for (const line of LEGAL_IDENTITY.postalAddress) expect(identity.text).toContain(line);
      expect(identity.hrefs.some((href) => href.startsWith("mailto:"))).toBe(true);
    });
  }

  for (const legalPage of ["disclaimer", "privacy", "terms", "shipping"] as const) {
    it(`/${legalPage} says when it last changed`, async () => {
      const updated = (await readParts(`/${legalPage}`, ['[data-testid="legal-updated"]'])).get(
        '[data-testid="legal-updated"]',
      )!;
      expect(updated.text).toBe(`Last updated ${formatLongDate(LEGAL_IDENTITY.updated[legalPage])}.`);
    });
  }

  it("the terms name the governing law", async () => {
    const main = (await readParts("/terms", ["main"])).get("main")!;
    expect(main.text).toContain(`governed by the law of ${LEGAL_IDENTITY.governingLaw}`);
  });

  it("the disclaimer and the privacy page name the regulators of the seller's country", async () => {
    const regulators = REGULATORS[LEGAL_IDENTITY.country];
    const disclaimer = (await readParts("/disclaimer", ["main"])).get("main")!;
    expect(disclaimer.text).toContain(regulators.advice);
    expect(disclaimer.text).toContain(`not registered with or authorised by ${regulators.adviceShort}`);
    const privacy = (await readParts("/privacy", ["main"])).get("main")!;
    expect(privacy.text).toContain(regulators.privacy);
  });
});

describe("the home page's call to action", () => {
  it("is one band, the journey's, not the newsletter's as well", async () => {
    const response = await request("/");
    const bands: string[] = [];
    await new HTMLRewriter()
      .on("section[aria-labelledby] h2", {
        element: () => void bands.push(""),
        text: (chunk) => void (bands[bands.length - 1] += chunk.text),
      })
      .transform(response)
      .arrayBuffer();
    const headings = bands.map(readAsText);
    expect(headings.filter((heading) => heading === "Start Your Journey to Financial Freedom")).toHaveLength(1);
    expect(headings).not.toContain(`Get One Practical Idea Every ${SEND_TIME_WORDS.weekday}`);
  });
});
