/**
 * Answers given before a body is read (rule 5.2): each one reads or
 * cancels the rest of the upload first, so none of them ever reaches the
 * client as a 5xx, however often it is repeated.
 */
import { describe, expect, it } from "vitest";
import { request, requestWithEnv } from "./helpers";
import { createDrivenRateLimiter } from "./rate-limits";

const BIG = "x".repeat(64 * 1024);

describe("early answers", () => {
  it("an oversized checkout answers 413, 50 times in a row", async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 50; i++) {
      const response = await request("/api/checkout", {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": `198.18.0.${i}` },
        body: JSON.stringify({ items: [], pad: BIG }),
      });
      statuses.add(response.status);
      await response.arrayBuffer();
    }
    expect([...statuses]).toEqual([413]);
  });

  it("an oversized checkout without Content-Length answers 413 too", async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 4; i++) controller.enqueue(new TextEncoder().encode(BIG));
        controller.close();
      },
    });
    const response = await request("/api/checkout", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": "198.18.1.1" },
      body,
      // @ts-expect-error: a streamed request body needs the half-duplex option in fetch's spec.
      duplex: "half",
    });
    expect(response.status).toBe(413);
  });

  it("a rate-limited client gets 429 past its 10 a minute, never 5xx", async () => {
    // The limiter's clock stands a second before its window's end and moves only when this test moves it.
    const limiter = await createDrivenRateLimiter("CHECKOUT_RATE_LIMITER");
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const response = await requestWithEnv(
        "/api/checkout",
        {
          method: "POST",
          headers: { "content-type": "application/json", "cf-connecting-ip": "198.18.2.2" },
          body: JSON.stringify({ items: [], pad: "y".repeat(8 * 1024) }),
        },
        { CHECKOUT_RATE_LIMITER: limiter },
      );
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses.slice(0, limiter.budget).filter((status) => status === 429)).toEqual([]);
    expect(statuses.slice(limiter.budget)).toEqual(Array(60 - limiter.budget).fill(429));
    expect(statuses.every((status) => status < 500)).toBe(true);
  });
});
