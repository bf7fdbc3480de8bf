/**
 * The operator's send guard (rule 6.8): an issue whose send time is still to come is refused with `not_due` and a
 * hint, unless the operator asks for it now. The clock is moved to just before the newest issue's send time.
 */
import { env } from "cloudflare:test";
import issues from "virtual:vpf/newsletters";
import { afterEach, describe, expect, it, vi } from "vitest";
import { request } from "./helpers";

const authorization = `Bearer ${(env as unknown as { NEWSLETTER_SEND_TOKEN: string }).NEWSLETTER_SEND_TOKEN}`;

function postSend(body: Record<string, unknown>): Promise<Response> {
  return request("/api/newsletter/send", {
    method: "POST",
    headers: { "content-type": "application/json", authorization },
    body: JSON.stringify(body),
  });
}

describe("the send endpoint's refusals", () => {
  it("answer a missing, malformed or wrong token in the JSON envelope", async () => {
    const send = (headers: Record<string, string>) =>
      request("/api/newsletter/send", {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify({ slug: issues[0]!.slug }),
      });
    for (const [headers, status, error] of [
      [{}, 401, "unauthorized"],
      [{ authorization: "Basic dXNlcjpwYXNz" }, 400, "invalid_request"],
      [{ authorization: "Bearer wrong-token-value" }, 401, "unauthorized"],
    ] as const) {
      const answer = await send(headers);
      expect(answer.status, JSON.stringify(headers)).toBe(status);
      expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await answer.json()).toMatchObject({ error, message: expect.any(String) });
    }
  });
});

describe("sending an issue before its time", () => {
  afterEach(() => vi.useRealTimers());

  it("is refused with not_due and the way to do it, and goes out with now: true", async () => {
    const newest = issues.at(-1)!;
    vi.useFakeTimers({ toFake: ["Date"], now: Date.parse(newest.sendAt) - 1 });
    const early = await postSend({ slug: newest.slug });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ error: "not_due", message: expect.stringContaining("add --now") });

    const forced = await postSend({ slug: newest.slug, now: true });
    expect(forced.status).toBe(202);
    expect(await forced.json()).toMatchObject({ slug: newest.slug });
  });
});
