/** The route table keeps the test pages out of every build for a deployed environment (`app/routes.ts`). */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterEach, describe, expect, it, vi } from "vitest";

/** Every route module the table names, nested ones included. */
function listFiles(entries: readonly RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [entry.file, ...listFiles(entry.children ?? [])]);
}

async function readRouteFiles(cloudflareEnv: string | undefined): Promise<string[]> {
  vi.stubEnv("CLOUDFLARE_ENV", cloudflareEnv);
  vi.resetModules();
  return listFiles((await import("./routes")).default);
}

describe("the route table", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("has the test pages in a local build only", async () => {
    expect((await readRouteFiles(undefined)).filter((file) => file.startsWith("test-routes/"))).not.toEqual([]);
    for (const env of ["production", "staging"]) {
      expect((await readRouteFiles(env)).filter((file) => file.startsWith("test-routes/"))).toEqual([]);
    }
  });
});
