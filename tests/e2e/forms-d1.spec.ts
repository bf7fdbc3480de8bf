/**
 * Forms that deliver (rule 6.6), in Chromium against the second e2e server
 * (`FORMS_MODE=d1`, tests/support/e2e-forms-server.ts): the visitor sees the
 * spec's states and toasts letter for letter, the operator finds the row in
 * D1 with `npm run submissions` (which can also delete it) and the owner's
 * copy where wrangler keeps locally sent mail; the other checks read the
 * database's SQLite file itself, which costs no wrangler start. At most
 * five posts in the whole file: the forms' rate limit counts 5 a minute per
 * address, and every post here comes from 127.0.0.1.
 */
import type { Page } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { SITE_NAME } from "../../content/site.ts";
import { E2E_FORMS_PERSIST_DIR, E2E_FORMS_PORT } from "../support/e2e-forms.ts";
import { expect, gotoHydrated, test } from "./fixtures";

test.use({ baseURL: `http://127.0.0.1:${E2E_FORMS_PORT}` });

const toast = (page: Page) => page.getByTestId("toast");
/** A run-unique address, so rows from an earlier run never satisfy a check. */
const unique = (name: string) => `${name}-${Date.now().toString(36)}@vpf.test`;

/** Runs the operator command on the forms server's local database and returns its standard output. */
function runSubmissions(...args: string[]): string {
  const result = spawnSync(process.execPath, ["scripts/submissions.ts", ...args], {
    encoding: "utf8",
    env: { ...process.env, VPF_PERSIST_DIR: E2E_FORMS_PERSIST_DIR },
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

/** The rows `sql` selects from the forms server's D1 database, read from the SQLite file the local server keeps. */
function queryFormsDb(sql: string, ...params: string[]): unknown[] {
  const dir = path.join(E2E_FORMS_PERSIST_DIR, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  expect(file, `a D1 database under ${dir}`).toBeDefined();
  const db = new DatabaseSync(path.join(dir, file!), { readOnly: true });
  try {
    return db.prepare(sql).all(...params);
  } finally {
    db.close();
  }
}

/**
 * Holds each post to a page's action on its way to the real server until the
 * returned function is called (a slow network), so the in-between state can
 * be seen however long the test takes to look: a local D1 write otherwise
 * ends within a frame.
 */
async function holdFormPosts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/*.data", async (route) => {
    if (route.request().method() === "POST") await released;
    await route.continue();
  });
  return release;
}

/** Where wrangler writes the text of each mail a local `send_email` binding sends (one folder per session). */
const SENT_MAIL_DIR = path.resolve("build", "server", ".wrangler", "tmp", "email");

/** The text of every mail sent locally so far. */
function readSentMail(): string[] {
  if (!existsSync(SENT_MAIL_DIR)) return [];
  return readdirSync(SENT_MAIL_DIR, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".txt"))
    .map((file) => readFileSync(path.join(SENT_MAIL_DIR, file), "utf8"));
}

test("a contact message goes through 'Sending...' to 'Message Sent!' and is kept in D1", async ({ page }) => {
  const email = unique("ada");
  await gotoHydrated(page, "/contact");
  await expect(page.getByText("JavaScript is off")).toHaveCount(0);
  await page.getByLabel("Name *").fill("Ada Lovelace");
  await page.getByLabel("Email *").fill(email);
  await page.getByLabel("Subject").fill("Index funds, again");
  await page.getByLabel("Message *").fill("Which article should I read first?");
  const release = await holdFormPosts(page);
  const posted = page.waitForResponse((response) => response.url().endsWith("/contact.data"));
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
  release();
  expect((await posted).status()).toBe(200);
  await expect(toast(page)).toContainText("Message Sent!");
  await expect(toast(page)).toContainText("Thanks for getting in touch. We'll reply within two working days.");
  await expect(page.getByLabel("Email *")).toHaveValue("");

  // The owner's copy (FORMS_NOTICE): wrangler keeps the mail it would send to the binding's one address.
  await expect
    .poll(() => readSentMail().find((text) => text.includes(email)), { message: "the owner's copy was written" })
    .toContain("Which article should I read first?");

  const csv = runSubmissions("export", "--csv");
  expect(csv.split("\r\n")[0]).toBe('"kind","created_at","email","name","subject","message","status","status_at"');
  expect(csv).toContain(`"contact",`);
  expect(csv).toContain(`,"${email}","Ada Lovelace","Index funds, again","Which article should I read first?"`);

  runSubmissions("delete", "--email", email.toUpperCase());
  expect(queryFormsDb("SELECT 1 FROM contact_messages WHERE email = ?", email)).toEqual([]);
});

test("a newsletter sign-up shows 'Subscribing...', then the Welcome page, and is kept once", async ({ page }) => {
  const email = unique("grace");
  await gotoHydrated(page, "/newsletter");
  const form = page.locator("main form").first();
  const release = await holdFormPosts(page);
  await form.getByRole("textbox").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByRole("button", { name: "Subscribing..." })).toBeDisabled();
  release();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome to ${SITE_NAME}!`);
  await expect(toast(page)).toContainText(
    "You've successfully subscribed to our newsletter. Check your email for confirmation!",
  );
  expect(queryFormsDb("SELECT status FROM newsletter_signups WHERE email = ?", email)).toEqual([{ status: "pending" }]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact form posts to its page, is kept, and the page says 'Message Sent!'", async ({ page }) => {
    const email = unique("katherine");
    await page.goto("/contact");
    await page.getByLabel("Name *").fill("Katherine Johnson");
    await page.getByLabel("Email *").fill(email);
    await page.getByLabel("Message *").fill("Sent without JavaScript.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    const notice = page.getByTestId("form-posted");
    await expect(notice).toContainText("Message Sent!");
    await expect(notice).toContainText("Thanks for getting in touch. We'll reply within two working days.");
    await expect(page.getByText(email)).toHaveCount(0);
    const kept = queryFormsDb("SELECT name, subject FROM contact_messages WHERE email = ?", email);
    expect(kept).toEqual([{ name: "Katherine Johnson", subject: "" }]);
  });
});
