/**
 * What a visitor does before hydration counts exactly once (rule 10.2). The
 * page's scripts are held back at the network until the visitor has acted,
 * so the actions land on the painted, not yet hydrated page every time,
 * whatever the machine's speed; then they are released.
 */
import type { Browser, Page } from "@playwright/test";
import fc from "fast-check";
import { HANG_GUARD_MS, readFuzzRuns } from "../fuzz-runs.ts";
import { UNIQUE_TITLE_WORD } from "./content-data";
import { SIZED, SIZE_A, SIZE_B, SIZE_C } from "../support/catalogue";
import { expect, gotoHydrated, holdScripts, test, waitForHydration, waitForStyledPage } from "./fixtures";

/** Marks the properties, which the sweep runs again at full strength (`tests/run.ts`); the other tests run once. */
const PROPERTY_TAG = "@property";

/** The labels of the sizes the presses name, from the catalogue's sized product. */
const SIZE_LABELS = { S: SIZE_A.title, M: SIZE_B.title, L: SIZE_C.title } as const;

async function expectNotHydrated(page: Page): Promise<void> {
  expect(await page.locator("html").getAttribute("data-hydrated")).toBeNull();
}

/** Releases the held scripts and waits until hydration and the replay of what was done before it are over. */
async function releaseAndSettle(page: Page, release: () => void): Promise<void> {
  await expectNotHydrated(page);
  release();
  await waitForHydration(page);
  await page.waitForFunction(() => performance.getEntriesByName("vpf:replayed").length > 0);
}

/** A press on the product page: the first, second or third size, quantity − or +, or Add to Cart. */
type Press = "S" | "M" | "L" | "-" | "+" | "add";

const PRESS_ARBITRARY = fc.constantFrom<Press>("S", "M", "L", "-", "+", "add");

/**
 * Presses as a visitor does. A disabled button takes no press; before
 * hydration a button may only look disabled (`aria-disabled`), and a visitor
 * may press it anyway.
 */
async function press(page: Page, action: Press): Promise<void> {
  if (action === "S" || action === "M" || action === "L") {
    await page.locator("label", { hasText: new RegExp(`^${SIZE_LABELS[action]}$`) }).click();
    return;
  }
  const name = action === "-" ? "Decrease quantity" : action === "+" ? "Increase quantity" : "Add to Cart";
  const button = page.getByRole("button", { name, exact: true });
  if (await button.evaluate((element) => (element as HTMLButtonElement).disabled)) return;
  await button.click({ force: true });
}

/** What a visitor would notice: the cart's lines, the size shown as chosen and the quantity in the box. */
async function readProductState(page: Page) {
  return page.evaluate(() => {
    const cart = JSON.parse(localStorage.getItem("vpf-cart") ?? "{}") as {
      items?: Array<{ variant: { id: string }; quantity: number }>;
    };
    return {
      cart: (cart.items ?? []).map((line) => [line.variant.id, line.quantity]),
      size: document.querySelector<HTMLInputElement>('fieldset input[type="radio"]:checked')?.value ?? null,
      quantity: document.querySelector<HTMLInputElement>("#quantity")?.value ?? null,
    };
  });
}

/**
 * The presses that count when made before hydration: an Add for a size whose Add already waits for the page is not
 * taken (rule 10.2), so a visitor who presses again cannot order the line twice. The page opens on the first size.
 */
function dropRepeatedAdds(presses: readonly Press[]): Press[] {
  let size: Press = "S";
  const waiting = new Set<Press>();
  return presses.filter((action) => {
    if (action === "S" || action === "M" || action === "L") size = action;
    if (action !== "add") return true;
    if (waiting.has(size)) return false;
    waiting.add(size);
    return true;
  });
}

/** The state a sequence of presses leaves on a fresh visit, made before or after hydration. */
async function runPresses(browser: Browser, baseURL: string, presses: Press[], beforeHydration: boolean) {
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    if (beforeHydration) {
      const release = await holdScripts(page);
      await page.goto(`/product/${SIZED.id}`, { waitUntil: "commit" });
      await waitForStyledPage(page);
      for (const action of presses) await press(page, action);
      await releaseAndSettle(page, release);
    } else {
      await gotoHydrated(page, `/product/${SIZED.id}`);
      for (const action of presses) await press(page, action);
      // One task for React to commit the last press.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    }
    return await readProductState(page);
  } finally {
    await context.close();
  }
}

test(
  "the product page's presses leave the same cart, size and quantity before hydration as after, a repeated Add once",
  { tag: PROPERTY_TAG },
  async ({ browser, baseURL }) => {
    const examples: Press[][] = [
      ["M", "+", "+", "add", "add"],
      ["M", "+", "add"],
      ["+", "-", "-", "add"],
      ["+", "+", "S", "add"],
    ];
    const runs = readFuzzRuns(process.env.BENCH_FUZZ_RUNS, 1);
    // Bounded by its runs: only the hang guard limits its time, so a busy host slows it and never fails it.
    test.setTimeout(HANG_GUARD_MS);
    await fc.assert(
      fc.asyncProperty(fc.array(PRESS_ARBITRARY, { minLength: 1, maxLength: 7 }), async (presses) => {
        const before = await runPresses(browser, baseURL!, presses, true);
        const after = await runPresses(browser, baseURL!, dropRepeatedAdds(presses), false);
        expect(before, `presses ${presses.join(" ")}`).toEqual(after);
      }),
      { numRuns: runs, examples: examples.map((presses) => [presses]) },
    );
  },
);

test("Add to Cart tapped before hydration shows at once that it took the tap; a second tap adds nothing more", async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto(`/product/${SIZED.id}`, { waitUntil: "commit" });
  await waitForStyledPage(page);
  const add = page.getByRole("button", { name: "Add to Cart", exact: true });
  await add.click({ force: true });
  await expect(add, "the press shows before any script of the page runs").toHaveAttribute("data-early-pressed", "");
  await add.click({ force: true });
  await releaseAndSettle(page, release);
  await expect(add).not.toHaveAttribute("data-early-pressed");
  expect((await readProductState(page)).cart).toEqual([[SIZE_A.id, 1]]);
});

test("once added, View cart is the next Tab stop after Add to Cart, and focus stays where it was", async ({ page }) => {
  await gotoHydrated(page, `/product/${SIZED.id}`);
  const add = page.getByRole("button", { name: "Add to Cart", exact: true });
  await add.focus();
  await page.keyboard.press("Enter");
  const viewCart = page.locator("main").getByRole("button", { name: "View cart" });
  await expect(viewCart).toBeVisible();
  await expect(add).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(viewCart).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Shopping Cart" })).toBeVisible();
});

test("the cart button pressed after Add to Cart before hydration opens the cart with that line", async ({ page }) => {
  test.setTimeout(HANG_GUARD_MS);
  const release = await holdScripts(page);
  await page.goto(`/product/${SIZED.id}`, { waitUntil: "commit" });
  await page.locator("label", { hasText: new RegExp(`^${SIZE_C.title}$`) }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.getByTestId("cart-button").click();
  await releaseAndSettle(page, release);

  const drawer = page.getByRole("dialog");
  // The drawer's code is fetched on this first open; on a busy host that alone passed the default 5 s wait, so only
  // the hang guard bounds it: the test fails for a drawer that never opens, not for a slow one.
  await expect(drawer).toBeVisible({ timeout: HANG_GUARD_MS });
  await expect(drawer.getByText(SIZED.title)).toHaveCount(1);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("vpf-cart") ?? "{}") as unknown);
  expect(saved).toMatchObject({ items: [{ variant: { id: SIZE_C.id }, quantity: 1 }] });
});

test("text typed into the four contact fields before hydration stays, and sends", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/contact", { waitUntil: "commit" });
  const typed = {
    name: "Ada Lovelace",
    email: "ada@example.com",
    subject: "Compound interest",
    message: "How often should I rebalance?",
  };
  for (const [field, text] of Object.entries(typed)) await page.locator(`#contact-${field}`).pressSequentially(text);
  await releaseAndSettle(page, release);

  for (const [field, text] of Object.entries(typed)) await expect(page.locator(`#contact-${field}`)).toHaveValue(text);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByTestId("toast").getByText("Message Sent!")).toBeVisible({ timeout: 10_000 });
  await expect(page.locator("#contact-message")).toHaveValue("");
});

/** The fields a visitor types into on a fresh page: both forms and the blog search. */
const TYPING_FIELDS = [
  { path: "/contact", selector: "#contact-name" },
  { path: "/contact", selector: "#contact-message" },
  // An address has no spaces: the browser strips a trailing one from an e-mail field's value as it is typed.
  { path: "/newsletter", selector: "main input[type=email]", separator: "." },
  { path: "/blog", selector: "#blog-search" },
] as const;

/** CPU slowdown factor while typing across hydration, as Lighthouse's mobile preset applies. */
const CPU_THROTTLING_RATE = 4;

/** Delay between keystrokes typed while the scripts start, in ms: a fast typist. */
const KEY_DELAY_MS = 25;

test(
  "keys typed before, during and after the start of hydration all stay, once and in order",
  { tag: PROPERTY_TAG },
  async ({ browser, baseURL }) => {
    const example = { field: TYPING_FIELDS[1], text: "five six", split: 5 };
    const runs = readFuzzRuns(process.env.BENCH_FUZZ_RUNS, 1);
    // Bounded by its runs: only the hang guard limits its time, so a busy host slows it and never fails it.
    test.setTimeout(HANG_GUARD_MS);
    // The runs and the one example.
    const words = fc.array(fc.constantFrom("five", "six", "early", "bird", "fund", "a", "z"), {
      minLength: 2,
      maxLength: 4,
    });
    const typing = fc
      .record({ field: fc.constantFrom(...TYPING_FIELDS), words, split: fc.nat() })
      .map(({ field, words: list, split }) => ({
        field,
        text: "separator" in field ? `${list.join(field.separator)}@example.com` : list.join(" "),
        split,
      }));
    await fc.assert(
      fc.asyncProperty(typing, async ({ field, text, split }) => {
        const cut = 1 + (split % (text.length - 1));
        const context = await browser.newContext({ baseURL });
        try {
          const page = await context.newPage();
          const session = await context.newCDPSession(page);
          await session.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLING_RATE });
          const release = await holdScripts(page);
          await page.goto(field.path, { waitUntil: "commit" });
          const box = page.locator(field.selector).first();
          await box.pressSequentially(text.slice(0, cut));
          await expectNotHydrated(page);
          release();
          await box.pressSequentially(text.slice(cut), { delay: KEY_DELAY_MS });
          await waitForHydration(page);
          await page.waitForFunction(() => performance.getEntriesByName("vpf:replayed").length > 0);
          await expect(box, `"${text}" typed into ${field.selector}, scripts released after ${cut}`).toHaveValue(text);
        } finally {
          await context.close();
        }
      }),
      { numRuns: runs, examples: [[example]] },
    );
  },
);

test("an address typed into a newsletter form before hydration stays", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/newsletter", { waitUntil: "commit" });
  const fields = page.getByRole("textbox", { name: /email/i });
  await fields.first().pressSequentially("reader@example.com");
  await fields.last().pressSequentially("second@example.com");
  await releaseAndSettle(page, release);
  await expect(fields.first()).toHaveValue("reader@example.com");
  await expect(fields.last()).toHaveValue("second@example.com");
});

test("search text typed before hydration stays in the box and filters once hydrated", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/blog", { waitUntil: "commit" });
  const word = UNIQUE_TITLE_WORD;
  await page.getByLabel("Search articles").fill(word.text);
  await releaseAndSettle(page, release);

  await expect(page.getByLabel("Search articles")).toHaveValue(word.text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(word.text)}`));
  await expect(page.locator("main article").getByRole("heading")).toHaveText([word.article.title]);
});

test("the mobile menu opened before hydration stays open through it", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const release = await holdScripts(page);
  await page.goto("/blog", { waitUntil: "commit" });
  await page.locator("header summary").click();
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  await releaseAndSettle(page, release);

  await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
});

test("the theme toggle pressed before hydration switches the theme at once, and once", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/about", { waitUntil: "commit" });
  // The locator waits for <html> to exist: right after "commit" the document may still be empty.
  const dark = await page.locator("html").evaluate((html) => html.classList.contains("dark"));
  const switched = dark ? /^(?!.*\bdark\b)/ : /\bdark\b/;
  await page.getByRole("button", { name: /theme/i }).first().click();
  await expect(page.locator("html")).toHaveClass(switched);
  await releaseAndSettle(page, release);
  await expect(page.locator("html")).toHaveClass(switched);
  expect(await page.evaluate(() => localStorage.getItem("vpf-theme"))).toBe(dark ? "light" : "dark");
});
