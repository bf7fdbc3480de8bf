/**
 * `node scripts/smoke.ts <url>`: the check of a live site after a deploy (docs/operating.md, "Deploys from git"):
 * the home page and the newest article answer 200 with their page, and `/api/checkout` refuses an empty cart with
 * a 400. Prints one line per check; exits 1 when any fails, so the workflow rolls the deploy back.
 */
import { wantsHelp } from "./cli-args.ts";

/** A browser's User-Agent: bots get a differently buffered page, and the check reads what visitors get. */
const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

/** One check's outcome: what it looked at, and why it failed (`null`: it passed). */
export interface SmokeResult {
  check: string;
  problem: string | null;
}

/**
 * Runs the checks against `origin` (e.g. `https://example.com`) through `fetcher`.
 *
 * @returns one result per check, in order; an article is looked for in `/blog`'s first link to one.
 */
export async function runSmokeChecks(origin: string, fetcher: typeof fetch = fetch): Promise<SmokeResult[]> {
  const results: SmokeResult[] = [];
  const page = async (path: string) => {
    const response = await fetcher(new URL(path, origin), { headers: { "user-agent": BROWSER_UA } });
    const body = await response.text();
    const problem =
      response.status !== 200
        ? `answered ${response.status}`
        : !body.includes("</html>")
          ? "answered without a whole HTML page"
          : null;
    results.push({ check: `GET ${path}`, problem });
    return problem === null ? body : "";
  };
  await page("/");
  const blog = await page("/blog");
  const article = /href="(\/blog\/[a-z0-9-]+)"/.exec(blog)?.[1];
  if (article) await page(article);
  else results.push({ check: "GET an article", problem: "/blog links to no article" });
  const checkout = await fetcher(new URL("/api/checkout", origin), {
    method: "POST",
    headers: { "content-type": "application/json", origin: new URL(origin).origin, "user-agent": BROWSER_UA },
    body: JSON.stringify({ items: [] }),
  });
  await checkout.body?.cancel();
  results.push({
    check: "POST /api/checkout with an empty cart",
    problem: checkout.status === 400 ? null : `answered ${checkout.status}, not 400`,
  });
  return results;
}

if (import.meta.main) {
  const argv = process.argv.slice(2);
  if (wantsHelp(argv) || argv.length !== 1) {
    console.log("Usage: node scripts/smoke.ts <url>   check a live site: home, an article, checkout's refusal");
    process.exit(wantsHelp(argv) ? 0 : 1);
  }
  const results = await runSmokeChecks(argv[0]!).catch((error: unknown) => [
    { check: `reach ${argv[0]}`, problem: String(error) },
  ]);
  for (const { check, problem } of results)
    console.log(`${problem === null ? "✔" : "✖"} ${check}${problem ? `: ${problem}` : ""}`);
  if (results.some((result) => result.problem !== null)) process.exit(1);
}
