/**
 * Every page, as the worker sends it to a browser (after its HTMLRewriter
 * changes), is valid HTML according to the W3C Nu HTML checker (`vnu.jar`):
 * each page the sitemap lists, each product page the store links to, the
 * holding page, the plain order page and the 404 page. The pages are written
 * to a temporary folder and checked by one Java process (one start of the
 * JVM, a few seconds, instead of one per page). Errors fail the test, one line
 * each; warnings and notes do not.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { JAVA_BIN, JAVA_INSTALL_COMMAND, VNU_JAR } from "../../scripts/java.ts";
import { expect, test } from "./fixtures";
import { BROWSER_UA, listSitePages } from "./page-helpers";

/** One message of the checker's JSON output (`--format json`). */
interface CheckerMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Fetches `pagePath` as a browser and returns its HTML, checking status and type first. */
async function fetchPage(request: APIRequestContext, pagePath: string, status = 200): Promise<string> {
  const response = await request.get(pagePath, { headers: { "user-agent": BROWSER_UA }, maxRedirects: 0 });
  expect(response.status(), pagePath).toBe(status);
  expect(response.headers()["content-type"], pagePath).toMatch(/^text\/html/);
  const html = await response.text();
  expect(html.trimEnd(), `${pagePath} should be complete`).toMatch(/<\/html>$/);
  return html;
}

/**
 * Runs `vnu.jar` once over `files` and returns its messages.
 *
 * @throws Error when Java cannot start or the checker prints no JSON.
 */
function runChecker(files: string[]): Promise<CheckerMessage[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(JAVA_BIN, ["-jar", VNU_JAR, "--format", "json", "--stdout", ...files], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", (error) =>
      reject(new Error(`cannot run ${JAVA_BIN} (${error.message}); install Java with: ${JAVA_INSTALL_COMMAND}`)),
    );
    // The checker exits 1 when it found errors; its JSON tells which.
    child.on("close", (code) => {
      try {
        resolve((JSON.parse(stdout) as { messages: CheckerMessage[] }).messages);
      } catch {
        reject(new Error(`vnu.jar exited ${code} without JSON:\n${stderr || stdout}`));
      }
    });
  });
}

test("every page is valid HTML (W3C Nu HTML checker)", async ({ request }) => {
  test.setTimeout(180_000);

  const htmlOfPage = new Map<string, string>();
  for (const [pagePath, status] of await listSitePages(request)) {
    htmlOfPage.set(pagePath, await fetchPage(request, pagePath, status));
  }

  const folder = await mkdtemp(path.join(os.tmpdir(), "vpf-html-validity-"));
  try {
    const pageOfFile = new Map<string, string>();
    for (const [index, [pagePath, html]] of [...htmlOfPage].entries()) {
      const file = path.join(folder, `${String(index).padStart(3, "0")}.html`);
      await writeFile(file, html);
      pageOfFile.set(path.basename(file), pagePath);
    }

    const messages = await runChecker([...pageOfFile.keys()].map((name) => path.join(folder, name)));
    const pageOf = (message: CheckerMessage) =>
      message.url ? (pageOfFile.get(path.basename(new URL(message.url).pathname)) ?? message.url) : "(checker)";
    // Warnings come as `info` with subType `warning`: reported by the checker, not failures here.
    const errors = messages
      .filter((message) => message.type !== "info")
      .map((message) => `${pageOf(message)}:${message.lastLine ?? "?"}: ${message.message}`);
    expect(errors, `HTML errors in ${htmlOfPage.size} pages`).toEqual([]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
