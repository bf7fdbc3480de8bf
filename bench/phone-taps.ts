/**
 * Phone taps on a cold product page (rule 10.2): a buyer on a 390×844 touch screen, Slow 4G (150 ms, 1.6 Mbit/s)
 * and a 4× slower CPU taps as soon as Add to Cart shows, at a pace that differs per run (`readTapGapMs`): `--runs`
 * times (20) the third size, +, + and Add to Cart, and as many times the second size and Add to Cart, each in a
 * fresh browser (cold cache). A run is right when the
 * cart then holds exactly that size at that quantity (3, then 1). Prints right and wrong counts, in how many runs
 * the first tap came before hydration, and the host's load; exits non-zero when any run is wrong. Needs a running
 * server: `node bench/phone-taps.ts --base http://127.0.0.1:8787`.
 */
import { loadavg } from "node:os";
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS } from "../scripts/chromium.ts";
import { products } from "../content/products.ts";

// The phone of `bench/common.ts`, repeated so this script runs without the bench's own packages (`bench/npm ci`).
const MOBILE_VIEWPORT = { width: 390, height: 844 };
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 };
const CPU_SLOWDOWN = 4;

/** The value of `--name value` or `--name=value`, else the environment variable `env` when set. */
function readOption(name: string, env?: string): string | undefined {
  const args = process.argv;
  for (let index = 0; index < args.length; index++) {
    if (args[index] === `--${name}`) return args[index + 1];
    if (args[index]!.startsWith(`--${name}=`)) return args[index]!.slice(name.length + 3);
  }
  return env ? process.env[env] || undefined : undefined;
}

function log(message: string): void {
  console.log(`[phone-taps] ${message}`);
}

/** The sized product: the first with a choice of three or more variants. */
const SIZED = products.find((product) => product.options.length > 0 && product.variants.length >= 3);

/** A sequence: the size tapped, how many + taps, and the cart it should leave. */
interface Sequence {
  label: string;
  variantIndex: number;
  plus: number;
}

const SEQUENCES: Sequence[] = [
  { label: "third size, +, +, Add", variantIndex: 2, plus: 2 },
  { label: "second size, Add", variantIndex: 1, plus: 0 },
];

/**
 * The pause between a run's taps, in ms: a buyer's pace, different in each run (100 to 700 ms) so that taps land
 * before, during and after hydration across the runs, as the measured failures did.
 */
function readTapGapMs(run: number): number {
  return 100 + ((run * 157) % 601);
}

/** The longest a run may take, in ms: the page's scripts arrive within seconds even on Slow 4G. */
const RUN_TIMEOUT_MS = 60_000;

async function main(): Promise<void> {
  const base = readOption("base", "BENCH_BASE_URL");
  if (!base || !SIZED) throw new Error("give --base http://host:port of a running server (and a sized product)");
  const runs = Number(readOption("runs") ?? 20);
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: PLAYWRIGHT_CHROMIUM_ARGS });
  let wrong = 0;
  try {
    for (const sequence of SEQUENCES) {
      const variant = SIZED.variants[sequence.variantIndex]!;
      const tally = { right: 0, wrong: 0, early: 0, misses: [] as string[] };
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext({ viewport: MOBILE_VIEWPORT, isMobile: true, hasTouch: true });
        context.setDefaultTimeout(RUN_TIMEOUT_MS);
        try {
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send("Network.enable");
          await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
          await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
          await page.goto(`${base}/product/${SIZED.id}`, { waitUntil: "commit" });
          const add = page.getByRole("button", { name: "Add to Cart", exact: true });
          await add.waitFor();
          if (await page.evaluate(() => document.documentElement.dataset.hydrated !== "true")) tally.early++;
          const gapMs = readTapGapMs(run);
          await page.locator("fieldset label").nth(sequence.variantIndex).tap();
          for (let step = 0; step < sequence.plus; step++) {
            await page.waitForTimeout(gapMs);
            await page.getByRole("button", { name: "Increase quantity", exact: true }).tap({ force: true });
          }
          await page.waitForTimeout(gapMs);
          await add.tap({ force: true });
          await page.waitForFunction(() => performance.getEntriesByName("vpf:replayed").length > 0);
          await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
          const cart = await page.evaluate(() => {
            const saved = JSON.parse(localStorage.getItem("vpf-cart") ?? "{}") as {
              items?: Array<{ variant: { id: string }; quantity: number }>;
            };
            return (saved.items ?? []).map((line) => `${line.variant.id}×${line.quantity}`);
          });
          const expected = `${variant.id}×${sequence.plus + 1}`;
          if (cart.length === 1 && cart[0] === expected) tally.right++;
          else {
            tally.wrong++;
            tally.misses.push(cart.join(", ") || "empty");
          }
        } finally {
          await context.close();
        }
      }
      wrong += tally.wrong;
      const misses = tally.misses.length > 0 ? ` (got ${tally.misses.join("; ")})` : "";
      const early = `first tap before hydration in ${tally.early}`;
      log(`${sequence.label}: ${tally.right} right, ${tally.wrong} wrong of ${runs}; ${early}${misses}`);
    }
  } finally {
    await browser.close();
  }
  log(`load average ${loadavg().map((value) => value.toFixed(2)).join(", ")}`);
  if (wrong > 0) process.exitCode = 1;
}

await main();
