/**
 * A Suspense boundary that streams after the rest of the page (decision 018, rules 8.1 and 10.2), on the test page
 * `/test/late-section` of local builds: its fallback paints first, the page's scripts wait for the whole page, and
 * the content then takes the fallback's place without moving anything, under the CSP, with the page hydrated. The
 * section's text comes from a server this test runs and answers only when the test says, so nothing here races
 * the wall clock.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";

/** What the section's server answers, once released. */
const SECTION_TEXT = "The late section has arrived.";

/** A server on a free loopback port that holds the one request it expects until `release`. */
interface SectionServer {
  port: number;
  /** Settles when the page's loader has asked for the section. */
  requested: Promise<void>;
  release: (text: string) => void;
  close: () => Promise<void>;
}

async function startSectionServer(): Promise<SectionServer> {
  let onRequest!: (response: ServerResponse) => void;
  const held = new Promise<ServerResponse>((resolve) => (onRequest = resolve));
  const server = createServer((_request, response) => onRequest(response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requested: held.then(() => undefined),
    release: (text) => void held.then((response) => response.end(text)),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** What the page records from its start: CSP violations, and layout shifts with the start of each moved node. */
interface PageRecord {
  violations: string[];
  shifts: string[];
}

async function recordViolationsAndShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record: PageRecord = { violations: [], shifts: [] };
    (window as unknown as { __vpfRecord: PageRecord }).__vpfRecord = record;
    document.addEventListener("securitypolicyviolation", (event) => {
      record.violations.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node }[] })[]) {
        const nodes = entry.sources.map(
          (source) => (source.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? "?",
        );
        record.shifts.push(
          `${entry.value} at ${Math.round(entry.startTime)} ms: ${nodes.join(" | ")} fonts ${document.fonts.status}`,
        );
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The section's box and the top of what follows it, in CSS pixels. */
async function readLayout(page: Page): Promise<{ section: number[]; after: number }> {
  return page.evaluate(() => {
    const section = document.querySelector("[data-late-section]")!.getBoundingClientRect();
    const after = document.querySelector("[data-after-late-section]")!.getBoundingClientRect();
    return { section: [section.x, section.y, section.width, section.height], after: after.y };
  });
}

/** Resolves once the page has rendered two more frames: what was in the document before has been painted. */
async function waitForPaint(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined)))),
  );
}

// `wrangler dev` holds a compressed answer until its end (a deployed worker streams it), so the page asks for none.
test.use({ extraHTTPHeaders: { "accept-encoding": "identity" } });

test("a section streamed late shows its fallback, then its content in the same place, with the page's scripts on", async ({
  page,
  flags,
}) => {
  await flags.set({});
  const server = await startSectionServer();
  try {
    await recordViolationsAndShifts(page);
    // `commit`: the page's `load` comes only once the section has arrived.
    await page.goto(`/test/late-section?port=${server.port}`, { waitUntil: "commit" });
    await server.requested;
    const section = page.locator("[data-late-section]");
    await expect(section).toHaveText("Loading the late section…");
    await waitForPaint(page);
    // The page has painted, yet its scripts are still held: the starter waits for the whole page.
    expect(
      await page.evaluate(() => ({
        held: document.querySelectorAll('body script[type="vpf/script"], body script[type="vpf/module"]').length > 0,
        hydrated: document.documentElement.dataset.hydrated ?? null,
      })),
    ).toEqual({ held: true, hydrated: null });
    const before = await readLayout(page);
    expect(before.section[3]).toBeGreaterThan(0);

    // The web font may swap in late on a busy host and move text by a pixel; that is the font's fallback metrics
    // (the bench's CLS watches it), not the section, so only shifts from the release on count.
    await page.evaluate(async () => {
      await document.fonts.ready;
      (window as unknown as { __vpfRecord: PageRecord }).__vpfRecord.shifts.length = 0;
    });
    server.release(SECTION_TEXT);
    await expect(section).toHaveText(SECTION_TEXT);
    await waitForHydration(page);
    expect(await readLayout(page)).toEqual(before);
    const record = await page.evaluate(() => (window as unknown as { __vpfRecord: PageRecord }).__vpfRecord);
    expect(record).toEqual({ violations: [], shifts: [] });
    // Every held script was brought back, and the hydrated page answers: its theme button switches the theme.
    expect(await page.locator('script[type="vpf/script"], script[type="vpf/module"]').count()).toBe(0);
    const dark = await page.locator("html").evaluate((html) => html.classList.contains("dark"));
    await page
      .getByRole("button", { name: /Switch to (dark|light) theme/ })
      .first()
      .click();
    await expect(page.locator("html")).toHaveClass(dark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
  } finally {
    await server.close();
  }
});
