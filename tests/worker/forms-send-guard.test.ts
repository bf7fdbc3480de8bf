/**
 * The operator's send guard (rule 6.8): an issue whose send time is still to come is refused with `not_due` and a
 * hint, unless the operator asks for it now. The clock is moved to just before the newest issue's send time.
 */
import { env } from "cloudflare:test";
import issues from "virtual:vpf/newsletters";
import { afterEach, describe, expect, it, vi } from "vitest";
import { request, requestWithEnv } from "./helpers";

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

describe("a newsletter that lacks a setting", () => {
  it("tells the token's holder so, and is not there for anyone else", async () => {
    const send = (headers: Record<string, string>) =>
      requestWithEnv(
        "/api/newsletter/send",
        {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body: JSON.stringify({ slug: issues[0]!.slug }),
        },
        { MAILGUN_DOMAIN: "" },
      );
    const holder = await send({ authorization });
    expect(holder.status).toBe(404);
    expect(await holder.json()).toMatchObject({ error: "newsletter_unconfigured" });
    const stranger = await send({});
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toMatchObject({ error: "not_found" });
  });
});

describe("an issue the build does not have", () => {
  it("is refused with unknown_issue, for a send and a test alike", async () => {
    for (const body of [{ slug: "not-in-this-build" }, { slug: "not-in-this-build", test: "me@vpf.test" }]) {
      const answer = await postSend(body);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({
        error: "unknown_issue",
        message: `This site's build has no issue named "not-in-this-build".`,
      });
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
