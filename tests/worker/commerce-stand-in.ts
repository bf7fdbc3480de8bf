/**
 * A local HTTP stand-in for the commerce API, started once for the worker
 * tests (Vitest global setup, in Node). It speaks the contract of rule 5.1:
 * `POST /store/{storeId}/checkout` with a JSON body answers `{ url }`. The
 * store id picks a behaviour so each failure can be provoked:
 * `ok-*` → a good answer on the allowed host `checkout.vpf.test`;
 * `fail-500`, `hang` (never answers), `bad-json`, `no-url`,
 * `foreign-url`, `http-url`, `redirect-loop` (307 back to itself, counting
 * each post), `huge` (a 1 MB answer). `GET /__last/{storeId}` returns the last request
 * received for that store, so tests can check the forwarded payload;
 * `GET /__count/{storeId}` how many posts it received.
 */
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  interface ProvidedContext {
    commerceUrl: string;
  }
}

/** How many posts each store id received (for the redirect loop). */
const postsPerStore = new Map<string, number>();

/** The last request seen per store id. */
const lastRequests = new Map<string, { method: string; contentType: string; body: unknown }>();

function startStandIn(): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const count = /^\/__count\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && count?.[1]) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(postsPerStore.get(count[1]) ?? 0));
      return;
    }
    const last = /^\/__last\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && last?.[1]) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(lastRequests.get(last[1]) ?? null));
      return;
    }
    const match = /^\/store\/([^/]+)\/checkout$/.exec(url.pathname);
    if (!match?.[1] || req.method !== "POST") {
      res.writeHead(404).end();
      return;
    }
    const storeId = decodeURIComponent(match[1]);
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    req.on("end", () => {
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // keep the raw text
      }
      lastRequests.set(storeId, { method: req.method ?? "", contentType: req.headers["content-type"] ?? "", body });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(value));
      };
      if (storeId.startsWith("ok")) return json(200, { url: `https://checkout.vpf.test/c/${storeId}` });
      if (storeId === "fail-500") return json(500, { error: "boom" });
      // Held open until the worker gives up and closes the connection.
      if (storeId === "hang") return;
      if (storeId === "bad-json") {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end("{this is not json");
      }
      if (storeId === "no-url") return json(200, { id: "abc" });
      if (storeId === "foreign-url") return json(200, { url: "https://checkout.evil.example/pay" });
      if (storeId === "http-url") return json(200, { url: "http://checkout.vpf.test/c/plain" });
      if (storeId === "redirect-loop") {
        postsPerStore.set(storeId, (postsPerStore.get(storeId) ?? 0) + 1);
        res.writeHead(307, { location: url.pathname });
        return res.end();
      }
      if (storeId === "huge") {
        return json(200, { url: "https://checkout.vpf.test/c/huge", pad: "x".repeat(1024 * 1024) });
      }
      return json(404, { error: "unknown store" });
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** Vitest global setup: starts the stand-in and provides its base URL as `commerceUrl`. */
export default async function setup(project: TestProject) {
  const server = await startStandIn();
  const { port } = server.address() as AddressInfo;
  project.provide("commerceUrl", `http://127.0.0.1:${port}`);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      // A hanging store's connection would otherwise hold the close.
      server.closeAllConnections();
    });
}
