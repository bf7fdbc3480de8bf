/**
 * The W3C Nu HTML checker (`vnu.jar`) over many pages in one Java process (one start of the JVM, a few seconds,
 * instead of one per page): its errors, one line each; warnings and notes are left out.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { JAVA_BIN, JAVA_INSTALL_COMMAND, VNU_JAR } from "../support/java.ts";

/** One message of the checker's JSON output (`--format json`). */
interface CheckerMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
}

/**
 * Checks each page's HTML (`Map` of page path → document) and returns the errors as `path:line: message`.
 *
 * @throws Error when Java cannot start or the checker prints no JSON.
 */
export async function listNuErrors(htmlOfPage: ReadonlyMap<string, string>): Promise<string[]> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "vpf-html-validity-"));
  try {
    const pageOfFile = new Map<string, string>();
    for (const [index, [pagePath, html]] of [...htmlOfPage].entries()) {
      const name = `${String(index).padStart(3, "0")}.html`;
      await writeFile(path.join(folder, name), html);
      pageOfFile.set(name, pagePath);
    }
    const messages = await runChecker([...pageOfFile.keys()].map((name) => path.join(folder, name)));
    const pageOf = (message: CheckerMessage) =>
      message.url ? (pageOfFile.get(path.basename(new URL(message.url).pathname)) ?? message.url) : "(checker)";
    // Warnings come as `info` with subType `warning`: reported by the checker, not failures here.
    return messages
      .filter((message) => message.type !== "info")
      .map((message) => `${pageOf(message)}:${message.lastLine ?? "?"}: ${message.message}`);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

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
