/**
 * Shared end-to-end fixtures:
 * - `await flags.set(partial)` writes the flags (defaults plus `partial`) to
 *   the e2e server's local KV, as an operator would, through one wrangler
 *   platform proxy per Playwright worker (the same local storage the server
 *   reads: milliseconds a write instead of a wrangler process each time).
 *   Each worker starts on the defaults and every test ends on them.
 * - With `E2E_WORKERS` above 1, each worker serves the site from its own
 *   `wrangler dev` with its own KV state (see playwright.config.ts), and
 *   `baseURL` points at it.
 * - `gotoHydrated(page, url)` opens a page and waits until React has hydrated
 *   it (`data-hydrated` on `<html>`, set by the shell). Before that, buttons
 *   do nothing and forms submit natively (rule 6.5), so every test that
 *   clicks, types or presses keys opens its page with it.
 * - Every test fails if any page it opened (the `page` fixture, pages from
 *   `context.newPage()`, popups, and pages of contexts made with
 *   `browser.newContext()` or `browser.newPage()`) logged an error (other than
 *   the expected 404 status of a 404 page, or what `expectedConsole` allows)
 *   or a hydration warning, or threw.
 */
import {
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
  type Response,
  test as base,
  expect,
} from "@playwright/test";
import { spawn } from "node:child_process";
import path from "node:path";
import { getPlatformProxy } from "wrangler";
import { DEFAULT_FLAGS, type Flags } from "../../core/flags-schema.ts";
import { E2E_PERSIST_DIR, E2E_PORT, E2E_SERVER_EXTRA_ARGS, E2E_WORKERS } from "../../playwright.config.ts";
import { prepareArchive, writeArchiveMarkdown } from "../support/archive-fixture.ts";
import { ROOT, TETHER_SCRIPT, WRANGLER_BIN, WRANGLER_ENV, buildDevServerArgs } from "../../scripts/wrangler.ts";

/** The KV key holding the flags JSON (rule 1.2). */
const FLAGS_KEY = "flags";

/** How long hydration may take on a loaded two-core machine, in ms. */
const HYDRATION_TIMEOUT_MS = 15_000;

/**
 * Opens `url` in `page` and resolves once the page is hydrated: the shell has
 * set `data-hydrated` on `<html>`, and the code of the sections that load
 * after the first paint (footer, 404 body, newsletter prompt), which the
 * first render has requested by then, has arrived and been run.
 *
 * @returns the navigation's response (as `page.goto`).
 * @throws the assertion error when the page does not hydrate in time.
 */
export async function gotoHydrated(page: Page, url: string): Promise<Response | null> {
  const pendingScripts = new Set<Request>();
  let settled = () => {};
  const onRequest = (request: Request) => {
    if (request.resourceType() === "script") pendingScripts.add(request);
  };
  const onDone = (request: Request) => {
    pendingScripts.delete(request);
    if (pendingScripts.size === 0) settled();
  };
  page.on("request", onRequest);
  page.on("requestfinished", onDone);
  page.on("requestfailed", onDone);
  try {
    const response = await page.goto(url);
    await waitForHydration(page);
    // Event-driven rather than polled: a poll's back-off would add its interval to every page a test opens.
    const loaded = new Promise<void>((resolve) => {
      settled = resolve;
      if (pendingScripts.size === 0) resolve();
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${url}: scripts still loading`)), HYDRATION_TIMEOUT_MS);
    });
    await Promise.race([loaded, late]).finally(() => clearTimeout(timer));
    // One frame and one task for React to hydrate what just arrived.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    return response;
  } finally {
    page.off("request", onRequest);
    page.off("requestfinished", onDone);
    page.off("requestfailed", onDone);
  }
}

/**
 * Past any load within a test's time limit (`playwright.config.ts`), in ms: where a stopped clock jumps to, so
 * the jump never goes back in time.
 */
const CLOCK_STOP_AHEAD_MS = 60_000;

/**
 * Installs a clock on the page that runs as the wall's until `stopClock`; call it before the page opens.
 *
 * @returns the moment it started (ms since the epoch), for `stopClock`.
 */
export async function installClock(page: Page): Promise<number> {
  const startedAt = Date.now();
  await page.clock.install({ time: startedAt });
  return startedAt;
}

/**
 * Stops the page's clock a minute after `startedAt`: a simulated form's wait, a toast's life or a search's quiet
 * time then end only when the test moves the clock (`page.clock.fastForward`, or `resume`), however slowly the host
 * runs. Code React loads lazily (the toasts' region) waits on a timer to show, so resume the clock before expecting it.
 */
export async function stopClock(page: Page, startedAt: number): Promise<void> {
  await page.clock.pauseAt(startedAt + CLOCK_STOP_AHEAD_MS);
}

/** Opens `url` as `gotoHydrated` does, then stops the page's clock (`stopClock`). */
export async function gotoHydratedWithStoppedClock(page: Page, url: string): Promise<Response | null> {
  const startedAt = await installClock(page);
  const response = await gotoHydrated(page, url);
  await stopClock(page, startedAt);
  return response;
}

/** Holds every script of the site until the returned function is called, as a slow connection would. */
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^?]+\.js(?:\?.*)?$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Resolves once the open page is parsed and styled: its stylesheets applied and its fonts in. A forced press aims at
 * where an element is laid out, and a page still without its styles lays it out elsewhere (an unstyled button is a
 * small box that moves once the stylesheet lands), so a visitor's tap is made on the painted page.
 */
export async function waitForStyledPage(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.readyState !== "loading" &&
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet) &&
      document.fonts.status === "loaded",
  );
}

/** Resolves once the shell of the open page has hydrated (after a reload or a native form submit). */
export async function waitForHydration(page: Page): Promise<void> {
  // Checked on every animation frame in the page, not on the back-off of a locator assertion.
  await page
    // Polled from the moment a navigation starts, so the next document may not have its root element yet.
    .waitForFunction(() => document.documentElement?.dataset.hydrated === "true", undefined, {
      timeout: HYDRATION_TIMEOUT_MS,
    })
    .catch((error: unknown) => {
      throw new Error(`the page should hydrate within ${HYDRATION_TIMEOUT_MS} ms`, { cause: error });
    });
}

/** Writes a complete set of flags to the e2e server's KV (skipped when it is what this worker last wrote). */
interface FlagsWriter {
  write(flags: Flags): Promise<void>;
}

/** The server a worker's tests talk to. */
interface E2eServer {
  url: string;
  persistDir: string;
}

interface WorkerFixtures {
  e2eServer: E2eServer;
  flagsWriter: FlagsWriter;
  /**
   * The built worker over the generated archive (`tests/support/archive-fixture.ts`: articles with a wide table and
   * hostile markup, later list pages), started on first use; its base URL.
   */
  archiveServer: string;
}

/** The first archive server's port; each Playwright worker takes the next two (server and inspector). */
const E2E_ARCHIVE_PORT = E2E_PORT + 40;

/** Time a `wrangler dev` may take to answer, in ms (as the config's single server). */
const SERVER_START_TIMEOUT_MS = 90_000;

/**
 * Starts `wrangler dev` for one worker (`config`, the built one unless given) in its own process group, tethered to this process (`scripts/tether.ts`), and resolves
 * once `/please-hold` answers; `stop` ends the whole group (workerd included).
 *
 * @throws Error when the server does not answer within `SERVER_START_TIMEOUT_MS`.
 */
async function startServer(port: number, persistDir: string, config?: string): Promise<{ stop: () => void }> {
  // Tethered: the server ends with this test worker, even one killed outright.
  const child = spawn(
    process.execPath,
    [
      TETHER_SCRIPT,
      WRANGLER_BIN,
      ...buildDevServerArgs({ port, inspectorPort: port + 1, persistDir, extra: E2E_SERVER_EXTRA_ARGS, config }),
    ],
    { cwd: ROOT, env: WRANGLER_ENV, detached: true, stdio: "ignore" },
  );
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
  };
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/please-hold`);
      if (response.ok) return { stop };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      stop();
      throw new Error(`wrangler dev on port ${port} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface Fixtures {
  flags: { set: (changes: Partial<Flags>) => Promise<void> };
  /** `gotoHydrated` as a fixture. */
  gotoHydrated: typeof gotoHydrated;
  /** Console messages a test expects (e.g. the failed load of a deliberate 409), or `null`. */
  expectedConsole: RegExp | null;
  consoleProblems: string[];
}

type NewContext = Browser["newContext"];
type NewPage = Browser["newPage"];

export const test = base.extend<Fixtures, WorkerFixtures>({
  e2eServer: [
    async ({}, use, workerInfo) => {
      if (E2E_WORKERS === 1) {
        await use({ url: `http://127.0.0.1:${E2E_PORT}`, persistDir: E2E_PERSIST_DIR });
        return;
      }
      const port = E2E_PORT + 2 * workerInfo.parallelIndex;
      const persistDir = path.resolve(".wrangler", `e2e-state-${workerInfo.parallelIndex}`);
      const server = await startServer(port, persistDir);
      try {
        await use({ url: `http://127.0.0.1:${port}`, persistDir });
      } finally {
        server.stop();
      }
    },
    { scope: "worker", auto: true, timeout: SERVER_START_TIMEOUT_MS + 10_000 },
  ],
  archiveServer: [
    async ({}, use, workerInfo) => {
      // Each Playwright worker writes its own copy: the worker tests' archive may be written at the same time.
      const name = `archive-e2e-${workerInfo.parallelIndex}`;
      const root = path.resolve(".wrangler", name);
      writeArchiveMarkdown(root);
      const config = prepareArchive(ROOT, root, `wrangler.${name}.json`);
      const port = E2E_ARCHIVE_PORT + 2 * workerInfo.parallelIndex;
      const server = await startServer(port, path.join(root, "state"), config);
      try {
        await use(`http://127.0.0.1:${port}`);
      } finally {
        server.stop();
      }
    },
    { scope: "worker", timeout: SERVER_START_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ e2eServer }, use) => {
    await use(e2eServer.url);
  },
  flagsWriter: [
    async ({ e2eServer }, use) => {
      const proxy = await getPlatformProxy<{ FLAGS: { put(key: string, value: string): Promise<void> } }>({
        configPath: "build/server/wrangler.json",
        persist: { path: path.join(e2eServer.persistDir, "v3") },
      });
      let last: string | null = null;
      const writer: FlagsWriter = {
        async write(flags) {
          const value = JSON.stringify(flags);
          if (value === last) return;
          await proxy.env.FLAGS.put(FLAGS_KEY, value);
          last = value;
        },
      };
      await writer.write(DEFAULT_FLAGS);
      await use(writer);
      await proxy.dispose();
    },
    { scope: "worker", auto: true },
  ],
  flags: async ({ flagsWriter }, use) => {
    await flagsWriter.write(DEFAULT_FLAGS);
    await use({ set: (changes) => flagsWriter.write({ ...DEFAULT_FLAGS, ...changes }) });
    await flagsWriter.write(DEFAULT_FLAGS);
  },
  gotoHydrated: async ({}, use) => {
    await use(gotoHydrated);
  },
  expectedConsole: [null, { option: true }],
  consoleProblems: [
    async ({ browser, context, expectedConsole }, use) => {
      const problems: string[] = [];
      const watched = new WeakSet<Page>();
      const watchPage = (page: Page) => {
        if (watched.has(page)) return;
        watched.add(page);
        page.on("console", (message) => {
          const text = message.text();
          // A 404 page's own status is expected; Chromium logs it as a failed load.
          if (/status of 404 \(Not Found\)/.test(text)) return;
          if (expectedConsole?.test(text)) return;
          if (message.type() === "error" || /hydrat/i.test(text)) problems.push(`${message.type()}: ${text}`);
        });
        page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      };
      const watchContext = (watchedContext: BrowserContext) => {
        watchedContext.pages().forEach(watchPage);
        watchedContext.on("page", watchPage);
      };
      watchContext(context);

      // Contexts and pages a test makes itself are watched too, for this test only.
      const ownNewContext = Object.prototype.hasOwnProperty.call(browser, "newContext");
      const ownNewPage = Object.prototype.hasOwnProperty.call(browser, "newPage");
      const newContext: NewContext = browser.newContext.bind(browser);
      const newPage: NewPage = browser.newPage.bind(browser);
      browser.newContext = async (...args: Parameters<NewContext>) => {
        const created = await newContext(...args);
        watchContext(created);
        return created;
      };
      browser.newPage = async (...args: Parameters<NewPage>) => {
        const created = await newPage(...args);
        watchContext(created.context());
        return created;
      };
      try {
        await use(problems);
      } finally {
        if (ownNewContext) browser.newContext = newContext;
        else delete (browser as Partial<Browser>).newContext;
        if (ownNewPage) browser.newPage = newPage;
        else delete (browser as Partial<Browser>).newPage;
      }
      expect(problems, "browser console errors or hydration warnings").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
