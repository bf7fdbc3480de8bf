/**
 * The newsletter's double opt-in and unsubscribe (rule 6.8), in Chromium against the `d1` forms server
 * (tests/support/e2e-forms-server.ts): the reader signs up, opens the link of the confirmation mail wrangler wrote,
 * and leaves through the same mail's unsubscribe link. Two form posts (the sign-up and "send the link again"): the
 * forms' rate limit counts every post from 127.0.0.1 (tests/e2e/forms-d1.spec.ts makes three; five a minute pass).
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { SITE_NAME } from "../../content/site.ts";
import { E2E_FORMS_PORT } from "../support/e2e-forms.ts";
import { expect, gotoHydrated, test } from "./fixtures";

// A reader far from UTC, so the time the next link can go is seen in their own zone.
test.use({ baseURL: `http://127.0.0.1:${E2E_FORMS_PORT}`, timezoneId: "Asia/Tokyo" });

/** Where wrangler writes the text part of each mail a local `send_email` binding sends. */
const SENT_MAIL_DIR = path.resolve("build", "server", ".wrangler", "tmp", "email");

/** The text part of the mail that names `email`, if wrangler has written it. */
function findMailTo(email: string): string | undefined {
  if (!existsSync(SENT_MAIL_DIR)) return undefined;
  return readdirSync(SENT_MAIL_DIR, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".txt"))
    .map((file) => readFileSync(path.join(SENT_MAIL_DIR, file), "utf8"))
    .find((text) => text.includes(email));
}

/** The first line of `text` that is a link to `pathname`. */
function findLink(text: string, pathname: string): string {
  const link = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .find((line) => /^https?:\/\//.test(line) && new URL(line).pathname === pathname);
  if (!link) throw new Error(`no ${pathname} link in the mail:\n${text}`);
  return link;
}

test("sign up, confirm from the mail, then unsubscribe from its link", async ({ page }) => {
  const email = `reader-${Date.now().toString(36)}@vpf.test`;
  await gotoHydrated(page, "/newsletter");
  const form = page.locator("main form").first();
  await form.getByRole("textbox").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome to ${SITE_NAME}!`);
  // The address is pending until its link is opened: the page says so, and to which address.
  await expect(page.getByText("One step left: a mail is on its way to")).toContainText(email);
  // Pressed at once, inside the hour: no second mail, and the page says when the next link can go.
  await page.getByRole("button", { name: "send the link again" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Link Is on Its Way");
  await expect(page.getByText("The next link can go at")).toContainText(/\d\d:\d\d GMT\+9/);

  await expect.poll(() => findMailTo(email), { message: "the confirmation mail was written" }).toBeDefined();
  const mail = findMailTo(email)!;
  const confirmUrl = findLink(mail, "/newsletter/confirm");
  const unsubscribeUrl = findLink(mail, "/newsletter/unsubscribe");

  // A mail gateway's link scanner fetches the link every way it can: none of it confirms.
  const scanned = new URL(confirmUrl);
  const asData = `${scanned.origin}/newsletter/confirm.data${scanned.search}`;
  for (const fetched of [page.request.head(confirmUrl), page.request.get(confirmUrl), page.request.get(asData)]) {
    expect((await fetched).status()).toBe(200);
  }
  await page.goto(confirmUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm Your Subscription");
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're Subscribed!");
  await page.goto(confirmUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Already Confirmed");

  await page.goto(unsubscribeUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Unsubscribe from ${SITE_NAME}?`);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're Unsubscribed");
  await expect(page).toHaveURL(/\/newsletter\/unsubscribe\?token=/);
  // The old confirmation link now says the reader left, and offers to sign up again.
  await page.goto(confirmUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You Have Unsubscribed");
  await expect(page.getByRole("link", { name: "Sign Up Again" })).toHaveAttribute("href", "/newsletter");
});
