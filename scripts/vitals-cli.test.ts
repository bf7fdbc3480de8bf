import { once } from "node:events";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildVitalsSql, parseVitalsArgs, runVitals } from "./vitals-cli.ts";

/** What the stand-in received, one entry per request. */
const received: Array<{ url: string; authorization: string; sql: string }> = [];

/** The SQL API's JSON answer (`FORMAT JSON`): 64-bit integers as strings, as ClickHouse writes them. */
const ANSWER = {
  meta: [
    { name: "route", type: "String" },
    { name: "metric", type: "String" },
    { name: "p75", type: "Float64" },
    { name: "samples", type: "UInt64" },
  ],
  data: [
    { route: "/", metric: "CLS", p75: 0.0214, samples: "118" },
    { route: "/", metric: "LCP", p75: 1843.5, samples: "120" },
    { route: "/", metric: "TTFB", p75: 310.2, samples: "121" },
    { route: "/blog/:slug", metric: "INP", p75: 152, samples: "40" },
    { route: "/blog/:slug", metric: "LCP", p75: 2210.4, samples: "88" },
  ],
  rows: 5,
  rows_before_limit_at_least: 5,
};

let server: Server;
let baseUrl: string;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const sql = await readBody(request);
    received.push({ url: request.url ?? "", authorization: request.headers.authorization ?? "", sql });
    if (request.headers.authorization !== "Bearer good-token") {
      response.writeHead(401, { "content-type": "text/plain" }).end("Authentication error");
      return;
    }
    if (request.url?.includes("/accounts/odd-shape/")) {
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data: [{ route: 1 }] }));
      return;
    }
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(ANSWER));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/client/v4`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Runs the command; what it printed and its exit code. */
async function run(argv: string[], env: Record<string, string | undefined>) {
  const log: string[] = [];
  const error: string[] = [];
  const code = await runVitals(argv, env, { log: (text) => log.push(text), error: (text) => error.push(text) });
  return { code, log: log.join("\n"), error: error.join("\n") };
}

describe("npm run vitals", () => {
  it("asks the SQL API for the sample-weighted p75 per route and metric, and prints one line per route", async () => {
    received.length = 0;
    const env = {
      CLOUDFLARE_ACCOUNT_ID: "acc123",
      CLOUDFLARE_API_TOKEN: "good-token",
      CLOUDFLARE_API_BASE_URL: baseUrl,
    };
    const { code, log, error } = await run(["--days", "3"], env);
    expect(error).toBe("");
    expect(code).toBe(0);
    expect(received).toEqual([
      {
        url: "/client/v4/accounts/acc123/analytics_engine/sql",
        authorization: "Bearer good-token",
        sql: buildVitalsSql(3),
      },
    ]);
    expect(received[0]!.sql).toContain("quantileWeighted(0.75)(double1, _sample_interval)");
    expect(received[0]!.sql).toContain("INTERVAL '3' DAY");
    expect(log).toBe(
      [
        "p75 per route, last 3 days (vpf_vitals; ms, CLS unitless)",
        "",
        "route        samples   LCP  INP    CLS  FCP  TTFB",
        "/                121  1844    -  0.021    -   310",
        "/blog/:slug       88  2210  152      -    -     -",
      ].join("\n"),
    );
  });

  it("exits 2 with a clear message when a credential is missing, before any request", async () => {
    received.length = 0;
    const { code, error } = await run([], { CLOUDFLARE_API_TOKEN: "good-token", CLOUDFLARE_API_BASE_URL: baseUrl });
    expect(code).toBe(2);
    expect(error).toMatch(/^Set CLOUDFLARE_ACCOUNT_ID to read the field data/);
    expect((await run([], { CLOUDFLARE_API_BASE_URL: baseUrl })).error).toMatch(
      /CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN/,
    );
    expect(received).toEqual([]);
  });

  it("exits 1 naming the API's refusal or an answer of another shape", async () => {
    const refused = await run([], {
      CLOUDFLARE_ACCOUNT_ID: "a",
      CLOUDFLARE_API_TOKEN: "bad",
      CLOUDFLARE_API_BASE_URL: baseUrl,
    });
    expect(refused).toMatchObject({ code: 1, error: expect.stringMatching(/answered 401: Authentication error/) });
    const odd = await run([], {
      CLOUDFLARE_ACCOUNT_ID: "odd-shape",
      CLOUDFLARE_API_TOKEN: "good-token",
      CLOUDFLARE_API_BASE_URL: baseUrl,
    });
    expect(odd).toMatchObject({ code: 1, error: expect.stringMatching(/expected shape \(at data\.0\.route\)/) });
  });

  it("reads --days from 1 to 92, 7 by default, and refuses anything else", () => {
    expect(parseVitalsArgs([])).toEqual({ days: 7 });
    expect(parseVitalsArgs(["--days=30"])).toEqual({ days: 30 });
    for (const argv of [["--days", "0"], ["--days", "93"], ["--days", "7; DROP"], ["--days"], ["--all"]]) {
      expect(() => parseVitalsArgs(argv)).toThrow(/Usage/);
    }
  });
});
