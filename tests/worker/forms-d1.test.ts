/**
 * Forms that deliver (rules 6.6, 6.7), inside workerd with `FORMS_MODE=d1`
 * and a real local D1 database: what an operator finds in `FORMS_DB` and
 * what a visitor (or an attacker) gets back, from a hydrated form's post
 * (the page's `.data` action request) and from a script-less post to the page.
 */
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readEmailKey } from "../../core/email-address";
import { MAX_FORM_BODY_BYTES } from "../../core/form-contract";
import { SITE_NAME } from "../../content/site";
import { CLEANUP_CRON } from "../../core/newsletter-schedule";
import { readFormsDb } from "./forms-db";
import { putFlags, putRawFlags, request, requestWithEnv } from "./helpers";
import { createDrivenRateLimiter, type DrivenRateLimiter } from "./rate-limits";

const ORIGIN = "https://vpf.test";
const DAY_MS = 86_400_000;

let nextIp = 1;
/** A fresh client address per call, so one test's posts never count against another's rate limit. */
function freshIp(): string {
  nextIp += 1;
  return `198.51.100.${nextIp}`;
}

/** A hydrated page's post of `fields`, from a fresh address unless `headers` name one. */
function actionPost(fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit {
  return {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
      origin: ORIGIN,
      "cf-connecting-ip": freshIp(),
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  };
}

/** Posts a form to its page's action as the hydrated page's fetcher does (`/contact.data`). */
function postAction(page: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return request(`${page}.data`, actionPost(fields, headers));
}

/** Posts a sign-up from `ip` as `postAction` does, counted by `limiter` in place of the local binding. */
async function postSignup(limiter: DrivenRateLimiter, email: string, ip: string): Promise<Response> {
  return requestWithEnv("/newsletter.data", actionPost({ email }, { "cf-connecting-ip": ip }), {
    FORMS_RATE_LIMITER: limiter,
  });
}

/** Posts a URL-encoded form to a page, as a browser without JavaScript does. */
function postForm(path: string, fields: Record<string, string>): Promise<Response> {
  return request(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, "cf-connecting-ip": freshIp() },
    body: new URLSearchParams(fields).toString(),
  });
}

interface MessageRow {
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: number;
}

function findMessages(email: string): Promise<MessageRow[]> {
  return readFormsDb()
    .prepare("SELECT * FROM contact_messages WHERE email = ?")
    .bind(email)
    .all<MessageRow>()
    .then((result) => result.results);
}

function countSignups(email: string): Promise<number> {
  return readFormsDb()
    .prepare("SELECT COUNT(*) AS n FROM newsletter_signups WHERE email_key = ?")
    .bind(readEmailKey(email))
    .first<number>("n")
    .then((n) => n ?? 0);
}

afterEach(() => putRawFlags(null));

describe("a hydrated form's post to its page keeps the submission in D1", () => {
  it("a contact message is kept with its name, e-mail, subject, message and time", async () => {
    const before = Date.now();
    const response = await postAction("/contact", {
      name: " Ada Lovelace ",
      email: "ada@vpf.test",
      subject: "Index funds",
      message: "Which index fund article should I read first?",
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Message Sent!");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const [row, ...others] = await findMessages("ada@vpf.test");
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      name: "Ada Lovelace",
      subject: "Index funds",
      message: "Which index fund article should I read first?",
    });
    expect(row?.created_at).toBeGreaterThanOrEqual(before);
    expect(row?.created_at).toBeLessThanOrEqual(Date.now());
  });

  it("a second sign-up with the same address, in any letter case, is a success and keeps one row", async () => {
    const first = await postAction("/newsletter", { email: "grace@vpf.test" });
    const second = await postAction("/newsletter", { email: " Grace@VPF.test " });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await countSignups("grace@vpf.test")).toBe(1);
  });

  it("every spelling of one address (case beyond ASCII, NFC/NFD, full-width) keeps one row, as first written", async () => {
    const spellings = ["ÄBC@vpf.test", "äbc@vpf.test", "A\u0308BC@VPF.test", "a\u0308bc@vpf.test", " Äbc@vpf.test "];
    for (const email of spellings) expect((await postAction("/newsletter", { email })).status).toBe(200);
    expect((await postAction("/newsletter", { email: "ｗｉｄｅ@vpf.test" })).status).toBe(200);
    expect((await postAction("/newsletter", { email: "WIDE@vpf.test" })).status).toBe(200);
    const rows = await readFormsDb()
      .prepare("SELECT email FROM newsletter_signups WHERE email_key IN (?, ?) ORDER BY id")
      .bind(readEmailKey("äbc@vpf.test"), readEmailKey("wide@vpf.test"))
      .all<{ email: string }>();
    expect(rows.results.map((row) => row.email)).toEqual(["ÄBC@vpf.test", "wide@vpf.test"]);
  });

  it("refuses display names, lists, controls and zero-width or bidi characters in an address, keeping nothing", async () => {
    for (const email of [
      '"VPF-Billing"<evil@attacker.test>',
      "a@b.co,owner",
      "nul\u0000@vpf.test",
      "nel\u0085@vpf.test",
      "zero\u200bwidth@vpf.test",
      "bidi\u202e@vpf.test",
    ]) {
      const contact = await postAction("/contact", { name: "N", email, message: "M" });
      expect(contact.status).toBe(400);
      expect(await contact.text()).toContain("Invalid Email");
      expect((await postAction("/newsletter", { email })).status).toBe(400);
    }
    const kept = await readFormsDb()
      .prepare("SELECT COUNT(*) AS n FROM newsletter_signups WHERE email LIKE '%attacker%' OR email LIKE '%owner%'")
      .first<number>("n");
    expect(kept).toBe(0);
  });

  it("keeps a name or subject with line breaks as one line", async () => {
    const response = await postAction("/contact", {
      name: "Mallory\r\nFrom: ceo@vpf.test",
      email: "mallory@vpf.test",
      subject: "Hi\nSubject: Invoice",
      message: "M",
    });
    expect(response.status).toBe(200);
    expect(await findMessages("mallory@vpf.test")).toMatchObject([
      { name: "Mallory From: ceo@vpf.test", subject: "Hi Subject: Invoice" },
    ]);
  });

  it("a refused form gets 400 with the validation toast's words, never its values, and keeps nothing", async () => {
    const response = await postAction("/contact", { name: "", email: "not-an-address", message: "  " });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).toContain("Missing Information");
    expect(text).not.toContain("not-an-address");
    expect(await findMessages("not-an-address")).toEqual([]);

    const signup = await postAction("/newsletter", { email: "a@b" });
    expect(signup.status).toBe(400);
    expect(await signup.text()).toContain("Invalid Email");
  });

  it("a body over 8 KiB gets 413 and the next post on the connection still succeeds", async () => {
    const big = await postAction("/contact", {
      name: "Big",
      email: "big@vpf.test",
      message: "x".repeat(MAX_FORM_BODY_BYTES),
    });
    expect(big.status).toBe(413);
    expect(await findMessages("big@vpf.test")).toEqual([]);
    const next = await postAction("/newsletter", { email: "after-big@vpf.test" });
    expect(next.status).toBe(200);
  });

  it("past 5 posts a minute from one address the sixth gets 429 with Retry-After", async () => {
    // The limiter's clock stands a second before its window's end and moves only when this test moves it.
    const limiter = await createDrivenRateLimiter("FORMS_RATE_LIMITER");
    expect([limiter.budget, limiter.periodMs], "5 posts a minute").toEqual([5, 60_000]);
    const ip = freshIp();
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let index = 0; index < 6; index++) {
      last = await postSignup(limiter, `burst-${index}@vpf.test`, ip);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last?.headers.get("retry-after")).toBe("60");
    expect(await countSignups("burst-5@vpf.test")).toBe(0);
  });

  it("a limiter that fails lets the sign-up through and is logged, as every endpoint's (rule 8.6)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const response = await requestWithEnv(
        "/newsletter.data",
        {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            origin: ORIGIN,
            "cf-connecting-ip": freshIp(),
          },
          body: new URLSearchParams({ email: "limiter-down@vpf.test" }).toString(),
        },
        { FORMS_RATE_LIMITER: { limit: () => Promise.reject(new Error("limiter down")) } as unknown as RateLimit },
      );
      expect(response.status).toBe(200);
      expect(await countSignups("limiter-down@vpf.test")).toBe(1);
      expect(warn.mock.calls.map((call) => String(call[0])).join()).toContain("ratelimit.failed");
    } finally {
      warn.mockRestore();
    }
  });

  it("one IPv6 /64 shares one budget, whatever address of it each post comes from", async () => {
    const limiter = await createDrivenRateLimiter("FORMS_RATE_LIMITER");
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) {
      const ip = index % 2 === 0 ? `2001:db8:6:4::${index + 1}` : `2001:DB8:6:4:${index}:${index}:0:1`;
      statuses.push((await postSignup(limiter, `v6-${index}@vpf.test`, ip)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const mapped = [1, 2, 3, 4, 5, 6].map((index) => (index % 2 === 0 ? "::ffff:192.0.2.9" : "192.0.2.9"));
    const mappedStatuses: number[] = [];
    for (const [index, ip] of mapped.entries()) {
      mappedStatuses.push((await postSignup(limiter, `v4m-${index}@vpf.test`, ip)).status);
    }
    expect(mappedStatuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await postSignup(limiter, "v6-other@vpf.test", "2001:db8:6:5::1")).status, "another /64").toBe(200);
  });

  it("another site's page, a tool without Origin, or another content type is refused", async () => {
    const body = { email: "csrf@vpf.test" };
    expect((await postAction("/newsletter", body, { origin: "https://evil.test" })).status).toBe(403);
    const noOrigin = await request("/newsletter.data", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": freshIp() },
      body: new URLSearchParams(body).toString(),
    });
    expect(noOrigin.status).toBe(403);
    const sameSite = await request("/newsletter.data", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": "same-origin",
        "cf-connecting-ip": freshIp(),
      },
      body: new URLSearchParams({ email: "fetch-metadata@vpf.test" }).toString(),
    });
    expect(sameSite.status).toBe(200);
    expect((await postAction("/newsletter", body, { "content-type": "text/plain" })).status).toBe(415);
    expect(await countSignups("csrf@vpf.test")).toBe(0);
  });

  it("a closed feature answers 404 and keeps nothing", async () => {
    await putFlags({ contact: false, newsletter: false });
    expect((await postAction("/contact", { name: "A", email: "off@vpf.test", message: "B" })).status).toBe(404);
    expect((await postAction("/newsletter", { email: "off@vpf.test" })).status).toBe(404);
    expect(await countSignups("off@vpf.test")).toBe(0);
  });
});

describe("without JavaScript the pages store the same way and answer with the spec's words", () => {
  it("/contact keeps the message and says 'Message Sent!' without echoing what was typed", async () => {
    const response = await postForm("/contact", {
      name: "Katherine Johnson",
      email: "katherine@vpf.test",
      subject: "",
      message: "Orbital mechanics for budgets?",
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Message Sent!");
    expect(html).toContain("Thanks for getting in touch. We&#x27;ll reply within two working days.");
    for (const typed of ["Katherine Johnson", "katherine@vpf.test", "Orbital mechanics"])
      expect(html).not.toContain(typed);
    expect(await findMessages("katherine@vpf.test")).toHaveLength(1);
  });

  it("an incomplete /contact post gets 400 and 'Missing Information'; a bad address 'Invalid Email'", async () => {
    const missing = await postForm("/contact", { name: "", email: "x@vpf.test", subject: "", message: "" });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Missing Information");
    const invalid = await postForm("/contact", { name: "N", email: "nope", subject: "", message: "M" });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("Invalid Email");
  });

  it("/newsletter keeps the sign-up and shows the Welcome confirmation", async () => {
    const response = await postForm("/newsletter", { email: "dorothy@vpf.test" });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`Welcome to ${SITE_NAME}!`);
    expect(html).not.toContain("dorothy@vpf.test");
    expect(await countSignups("dorothy@vpf.test")).toBe(1);
  });
});

describe("a database failure is a 503 with the spec's failure words", () => {
  it("with the table gone the action answers 503 and the page 'Subscription Failed'", async () => {
    await readFormsDb().exec("ALTER TABLE newsletter_signups RENAME TO newsletter_signups_away");
    try {
      const hydrated = await postAction("/newsletter", { email: "down@vpf.test" });
      expect(hydrated.status).toBe(503);
      expect(await hydrated.text()).toContain("Subscription Failed");
      const page = await postForm("/newsletter", { email: "down@vpf.test" });
      expect(page.status).toBe(503);
      const html = await page.text();
      expect(html).toContain("Subscription Failed");
      expect(html).toContain("Something went wrong. Please try again later.");
    } finally {
      await readFormsDb().exec("ALTER TABLE newsletter_signups_away RENAME TO newsletter_signups");
    }
  });
});

/** The built worker's module (its `scheduled` export runs the daily clean-up). */
interface BuiltWorker {
  scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void>;
}
const BUILT_WORKER_PATH = "../../build/server/index.js";

describe("the daily Cron Trigger deletes contact messages past FORMS_RETENTION_DAYS (rule 6.7)", () => {
  it("keeps a message 89 days old and deletes one 91 days old", async () => {
    const now = Date.UTC(2026, 10, 24, 3, 17);
    const insert = readFormsDb().prepare(
      "INSERT INTO contact_messages (name, email, email_key, subject, message, created_at) VALUES ('R', ?1, ?1, '', 'M', ?2)",
    );
    await readFormsDb().batch([
      insert.bind("recent@vpf.test", now - 89 * DAY_MS),
      insert.bind("expired@vpf.test", now - 91 * DAY_MS),
    ]);
    const worker = ((await import(/* @vite-ignore */ BUILT_WORKER_PATH)) as { default: BuiltWorker }).default;
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: CLEANUP_CRON }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await findMessages("recent@vpf.test")).toHaveLength(1);
    expect(await findMessages("expired@vpf.test")).toEqual([]);
  });
});

describe("the privacy page states what d1 mode keeps", () => {
  it("names the database, the retention in days and the owner's copy", async () => {
    const html = await (await request("/privacy")).text();
    expect(html).toContain("It is deleted automatically 90 days after you sent it.");
    expect(html).toContain("A copy of each message is also e-mailed to our own inbox");
    expect(html).not.toContain("does not send your message anywhere");
  });
});
