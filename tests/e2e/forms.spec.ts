import type { Page } from "@playwright/test";
import { READER_COUNT_CLAIM, SITE_NAME } from "../../content/site.ts";
import { SEND_TIME_WORDS } from "../../core/newsletter-schedule.ts";
import { expect, gotoHydrated, gotoHydratedWithStoppedClock, test, waitForHydration } from "./fixtures";

const toast = (page: Page) => page.getByTestId("toast");
const promptName = `Get One Practical Idea Every ${SEND_TIME_WORDS.weekday}`;
const welcome = `Welcome to ${SITE_NAME}!`;

/**
 * Records the text of every toast that appears (each new toast is a new list
 * item in the notification region), so a test can count what a visitor saw.
 */
async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { toastsShown: string[] }).toastsShown = shown;
    const isRegion = (node: Element | null) => /^Notifications/.test(node?.getAttribute("aria-label") ?? "");
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          const items = [...(node.matches("li") ? [node] : []), ...node.querySelectorAll("li")];
          for (const item of items) {
            if (isRegion(item.closest("[role=region]"))) shown.push(item.textContent ?? "");
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { toastsShown: string[] }).toastsShown);
}

/** The simulated submit's wait (rule 6.3), in ms; tests pass it on the page's clock, not the wall's. */
const SIMULATED_WAIT_MS = 2000;

/** Every POST the page makes from now on (simulated forms make none: rule 6.3). */
function recordPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (sent) => {
    if (sent.method() === "POST") posts.push(sent.url());
  });
  return posts;
}

test.describe("newsletter", () => {
  test("a sign-up goes through 'Subscribing...' to the Welcome confirmation", async ({ page }) => {
    await gotoHydratedWithStoppedClock(page, "/newsletter");
    if (READER_COUNT_CLAIM) await expect(page.getByText(`${READER_COUNT_CLAIM} readers`).first()).toBeVisible();
    await expect(page.getByRole("img", { name: /Rated \d out of 5/ })).toHaveCount(3);
    const form = page.locator("main form").first();
    const posts = recordPosts(page);
    await form.getByRole("textbox").fill("reader@example.com");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("button", { name: "Subscribing..." })).toBeDisabled();
    // Seen while the clock stood still; it runs again for the toasts' region, which loads on a timer.
    await page.clock.resume();
    await page.clock.fastForward(SIMULATED_WAIT_MS);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(welcome);
    expect(posts, "the simulated sign-up sends nothing").toEqual([]);
    await expect(toast(page)).toContainText(welcome);
    await expect(toast(page)).toContainText(
      "You've successfully subscribed to our newsletter. Check your email for confirmation!",
    );
  });

  test("a bad e-mail gives 'Invalid Email' and the field is a required e-mail input", async ({ page }) => {
    await gotoHydrated(page, "/newsletter");
    const input = page.locator("main form").first().getByRole("textbox");
    await expect(input).toHaveAttribute("type", "email");
    await expect(input).toHaveAttribute("required", "");
    await input.fill("reader@example");
    await input.press("Enter");
    await expect(toast(page)).toContainText("Invalid Email");
    await expect(toast(page)).toContainText("Please enter a valid email address.");
    await expect(input).toHaveAttribute("aria-invalid", "true");
  });

  test("a second submit while subscribing is ignored: one submission, one confirmation", async ({ page }) => {
    const readToasts = await recordToasts(page);
    await gotoHydratedWithStoppedClock(page, "/newsletter");
    const form = page.locator("main form").first();
    await form.getByRole("textbox").fill("reader@example.com");
    await form.getByRole("textbox").press("Enter");
    await form.getByRole("textbox").press("Enter");
    await expect(form.getByRole("button", { name: "Subscribing..." })).toBeDisabled();
    // Seen while the clock stood still; it runs again for the toasts' region, which loads on a timer.
    await page.clock.resume();
    await page.clock.fastForward(SIMULATED_WAIT_MS);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(welcome);
    await expect(toast(page)).toContainText(welcome);
    // Had the second Enter started a submission, it would confirm one wait after it: pass that too.
    await page.clock.fastForward(SIMULATED_WAIT_MS);
    const welcomes = (await readToasts()).filter((text) => text.includes(welcome));
    expect(welcomes, "confirmations shown").toHaveLength(1);
  });

  test("the prompt on the blog uses the same form", async ({ page }) => {
    await gotoHydratedWithStoppedClock(page, "/blog");
    const prompt = page.getByRole("region", { name: promptName });
    // The prompt's code loads after the page's; wait until it has taken over the form.
    await expect(prompt.locator("form")).toHaveAttribute("data-ready", "true");
    await prompt.getByRole("textbox").fill("reader@example.com");
    await prompt.getByRole("button", { name: "Subscribe" }).click();
    await expect(prompt.getByRole("button", { name: "Subscribing..." })).toBeVisible();
    // The wait starts only once /newsletter's route module has arrived, which can be after this point: let the
    // clock run so a wait that starts late still ends.
    await page.clock.resume();
    await page.clock.fastForward(SIMULATED_WAIT_MS);
    await expect(prompt.getByText(`You're subscribed. See you on ${SEND_TIME_WORDS.weekday}!`)).toBeVisible();
  });
});

test("before its code arrives, a prompt posts to /newsletter and the address never reaches a URL", async ({ page }) => {
  // Every script of the first page is held back, as on a slow connection: the prompt is plain HTML.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const scripts = /\/assets\/.+\.js$/;
  await page.route(scripts, async (route) => {
    await held;
    await route.continue().catch(() => {}); // the request may have been cancelled by the navigation
  });
  await page.goto("/blog", { waitUntil: "commit" });
  const prompt = page.getByRole("region", { name: promptName });
  await prompt.getByRole("textbox").fill("reader@example.com");
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  await prompt.getByRole("button", { name: "Subscribe" }).click();
  await page.waitForURL((url) => url.pathname === "/newsletter", { waitUntil: "commit" });
  expect(page.url()).not.toContain("reader");
  release();
  await page.unroute(scripts);
  await waitForHydration(page);
  await expect(page.getByText("Nothing was sent.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(welcome);
  await expect(page.locator("main form").first().getByRole("textbox")).toHaveValue("");
});

test.describe("contact", () => {
  test("a missing field gives 'Missing Information' and marks the field", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await page.getByLabel("Email *").fill("ada@example.com");
    await page.getByLabel("Message *").fill("Hello");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(toast(page)).toContainText("Missing Information");
    await expect(toast(page)).toContainText("Please fill in all required fields.");
    const name = page.getByLabel("Name *");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription("This field is required.");
    await expect(name, "focus moves to the first field in error").toBeFocused();
  });

  test("a bad e-mail gives 'Invalid Email' beside the field too", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    await page.getByLabel("Name *").fill("Ada");
    await page.getByLabel("Email *").fill("ada@example");
    await page.getByLabel("Message *").fill("Hello");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(toast(page)).toContainText("Invalid Email");
    await expect(page.getByLabel("Email *")).toHaveAccessibleDescription("Please enter a valid email address.");
    await expect(page.getByLabel("Email *")).toBeFocused();
  });

  test("a complete message is sent, with 'Sending...' meanwhile; the form clears and the page says it went", async ({
    page,
  }) => {
    await gotoHydratedWithStoppedClock(page, "/contact");
    const posts = recordPosts(page);
    await page.getByLabel("Name *").fill("Ada");
    await page.getByLabel("Email *").fill("ada@example.com");
    await page.getByLabel("Subject").fill("Hello");
    await page.getByLabel("Message *").fill("I enjoyed the article on index funds.");
    await page.getByLabel("Message *").press("Tab");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
    // Seen while the clock stood still; it runs again for the toasts' region, which loads on a timer.
    await page.clock.resume();
    await page.clock.fastForward(SIMULATED_WAIT_MS);
    await expect(toast(page)).toContainText("Message Sent!");
    for (const label of ["Name *", "Email *", "Subject", "Message *"]) {
      await expect(page.getByLabel(label)).toHaveValue("");
    }
    const kept = page.locator("main form").getByRole("status");
    await expect(kept, "the page keeps the success after the toast").toHaveText(
      "Your message was sent. We will reply to ada@example.com.",
    );
    expect(posts, "the simulated message sends nothing").toEqual([]);
  });

  test("the FAQs open and close with the keyboard", async ({ page }) => {
    await gotoHydrated(page, "/contact");
    const question = page.locator("summary", { hasText: "How quickly will you reply?" });
    await question.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("We read every message and usually reply within two working days.")).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.getByText("We read every message and usually reply within two working days.")).toBeHidden();
  });
});
