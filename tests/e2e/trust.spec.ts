/**
 * What a visitor must be able to trust (rules 5.2, 5.8): `/success` loads no
 * catalogue, and an upload the site did not need never breaks the visitor's
 * next request on the same connection. (A hand-made `/success` link gets the
 * neutral page: `tests/worker/trust.test.ts`.)
 */
import type { Response } from "@playwright/test";
import http from "node:http";
import { products } from "../support/test-catalogue.ts";
import { expect, gotoHydrated, test } from "./fixtures";

const CATALOGUE_TITLES = products.map((product) => product.title);

test("/success loads no catalogue module, with the store on or off", async ({ page, flags }) => {
  for (const store of [true, false]) {
    await flags.set({ store });
    const scripts: string[] = [];
    const onResponse = async (response: Response) => {
      if (response.request().resourceType() === "script") scripts.push(await response.text());
    };
    page.on("response", onResponse);
    await gotoHydrated(page, "/success");
    page.off("response", onResponse);
    expect(scripts.length, `store ${store}: scripts seen`).toBeGreaterThan(0);
    for (const title of CATALOGUE_TITLES) {
      expect(
        scripts.filter((text) => text.includes(title)),
        `store ${store}: ${title}`,
      ).toEqual([]);
    }
  }
});

test("uploads the site did not need never break the next request on the same connection", async ({ baseURL }) => {
  const { hostname, port } = new URL(baseURL!);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, path: string, body: string, type: string) =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: hostname,
          port,
          method,
          path,
          agent,
          // As a browser on one of our pages sends it: a form from another site is refused before its body matters.
          headers: {
            "content-type": type,
            "content-length": Buffer.byteLength(body),
            origin: new URL(baseURL!).origin,
          },
        },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  const report = JSON.stringify({ "csp-report": { "document-uri": `${baseURL}/`, "violated-directive": "img-src" } });
  const next = () => send("POST", "/api/csp-report", report, "application/csp-report");
  const uploads: Array<[method: string, path: string, body: string, type: string, status: number]> = [
    ["POST", "/newsletter", `email=${"a".repeat(70 * 1024)}`, "application/x-www-form-urlencoded", 200],
    ["POST", "/api/checkout", "x".repeat(2 * 1024 * 1024), "application/json", 413],
    ["POST", "/api/csp-report", "x".repeat(2 * 1024 * 1024), "application/csp-report", 413],
    ["POST", "/sandbox/checkout", "x".repeat(17 * 1024), "text/plain", 405],
    ["GET", "/", "x".repeat(200 * 1024), "text/plain", 200],
  ];
  try {
    for (const [method, path, body, type, status] of uploads) {
      expect(await send(method, path, body, type), `${method} ${path}`).toBe(status);
      expect(await next(), `the POST after ${method} ${path}`).toBe(204);
    }
  } finally {
    agent.destroy();
  }
});
