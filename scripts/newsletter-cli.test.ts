import { describe, expect, it } from "vitest";
import { findNextCronRunMs } from "../core/newsletter-schedule.ts";
import {
  LOCAL_SEND_TOKEN,
  buildStatusSql,
  type SendRow,
  buildPreviewLinks,
  describeSendAnswer,
  findIssue,
  formatNewsletterStatus,
  parseNewsletterArgs,
  resolveSendTarget,
} from "./newsletter-cli.ts";

describe("npm run newsletter arguments (NewsletterArgsSchema)", () => {
  it("reads status, preview SLUG and send SLUG, locally unless --remote", () => {
    expect(parseNewsletterArgs(["status"])).toEqual({ command: "status", remote: false });
    expect(parseNewsletterArgs(["status", "--remote"])).toEqual({ command: "status", remote: true });
    expect(parseNewsletterArgs(["preview", "2026-11-29-first-issue"])).toEqual({
      command: "preview",
      slug: "2026-11-29-first-issue",
    });
    expect(parseNewsletterArgs(["send", "first-issue"])).toEqual({
      command: "send",
      slug: "first-issue",
      remote: false,
      now: false,
      resendUnknown: false,
    });
    expect(parseNewsletterArgs(["send", "--remote", "first-issue"])).toEqual({
      command: "send",
      slug: "first-issue",
      remote: true,
      now: false,
      resendUnknown: false,
    });
    expect(parseNewsletterArgs(["send", "first-issue", "--now"])).toMatchObject({ slug: "first-issue", now: true });
    expect(() => parseNewsletterArgs(["status", "--now"])).toThrow(/Unknown argument "--now"/);
    expect(parseNewsletterArgs(["send", "first-issue", "--url", "http://127.0.0.1:9000"])).toMatchObject({
      url: "http://127.0.0.1:9000",
    });
    expect(parseNewsletterArgs(["send", "first-issue", "--url=http://127.0.0.1:9000"])).toMatchObject({
      url: "http://127.0.0.1:9000",
    });
    expect(parseNewsletterArgs(["send", "first-issue", "--test", "me@vpf.test"])).toMatchObject({
      test: "me@vpf.test",
    });
    expect(() => parseNewsletterArgs(["send", "first-issue", "--test", "me"])).toThrow(
      /--test needs an e-mail address/,
    );
    expect(() => parseNewsletterArgs(["send", "first-issue", "--test=me@vpf.test", "--now"])).toThrow(
      /--now and --test exclude each other/,
    );
    expect(parseNewsletterArgs(["send", "first-issue", "--resend-unknown"])).toMatchObject({ resendUnknown: true });
    expect(() => parseNewsletterArgs(["send", "first-issue", "--resend-unknown", "--test=me@vpf.test"])).toThrow(
      /--resend-unknown and --test exclude each other/,
    );
    expect(() => parseNewsletterArgs(["status", "--resend-unknown"])).toThrow(/Unknown argument "--resend-unknown"/);
  });

  it("refuses a missing or unknown command, a missing or odd slug, stray arguments and --url with --remote", () => {
    expect(() => parseNewsletterArgs([])).toThrow(/Unknown command "undefined"[\s\S]*Usage/);
    expect(() => parseNewsletterArgs(["publish", "x"])).toThrow(/Unknown command "publish"/);
    expect(() => parseNewsletterArgs(["send"])).toThrow(/^send needs the issue's SLUG\.\nUsage/);
    expect(() => parseNewsletterArgs(["preview"])).toThrow(/preview needs the issue's SLUG/);
    expect(() => parseNewsletterArgs(["send", "../etc/passwd"])).toThrow(/SLUG must be kebab-case/);
    expect(() => parseNewsletterArgs(["send", "First Issue"])).toThrow(/SLUG must be kebab-case/);
    expect(() => parseNewsletterArgs(["send", "a", "b"])).toThrow(/Unknown argument "b"/);
    expect(() => parseNewsletterArgs(["status", "a"])).toThrow(/Unknown argument "a"/);
    expect(() => parseNewsletterArgs(["preview", "a", "--remote"])).toThrow(/Unknown argument "--remote"/);
    expect(() => parseNewsletterArgs(["send", "a", "--url", "127.0.0.1"])).toThrow(/--url must be a URL/);
    expect(() => parseNewsletterArgs(["send", "a", "--remote", "--url", "http://x.test"])).toThrow(
      /^--url and --remote exclude each other/,
    );
  });
});

describe("where send posts", () => {
  it("locally: 127.0.0.1 on PORT (else 8787) or --url, with the local token unless one is set", () => {
    expect(resolveSendTarget({ remote: false }, {})).toEqual({
      endpoint: "http://127.0.0.1:8787/api/newsletter/send",
      token: LOCAL_SEND_TOKEN,
    });
    expect(resolveSendTarget({ remote: false }, { PORT: "8790", NEWSLETTER_SEND_TOKEN: "t0k" })).toEqual({
      endpoint: "http://127.0.0.1:8790/api/newsletter/send",
      token: "t0k",
    });
    expect(resolveSendTarget({ remote: false, url: "http://127.0.0.1:9000/" }, { PORT: "8790" }).endpoint).toBe(
      "http://127.0.0.1:9000/api/newsletter/send",
    );
    expect(LOCAL_SEND_TOKEN).toBe("local-send-token");
  });

  it("remotely: SITE_URL and NEWSLETTER_SEND_TOKEN, each refused with its own message when missing", () => {
    const env = { SITE_URL: "https://vpf.example/", NEWSLETTER_SEND_TOKEN: "s3cret" };
    expect(resolveSendTarget({ remote: true }, env)).toEqual({
      endpoint: "https://vpf.example/api/newsletter/send",
      token: "s3cret",
    });
    expect(() => resolveSendTarget({ remote: true }, { NEWSLETTER_SEND_TOKEN: "s3cret" })).toThrow(
      /send --remote needs SITE_URL/,
    );
    expect(() => resolveSendTarget({ remote: true }, { ...env, SITE_URL: "http://vpf.example" })).toThrow(
      /needs SITE_URL, the deployed site's https origin \(got "http:\/\/vpf.example"\)/,
    );
    expect(() => resolveSendTarget({ remote: true }, { SITE_URL: env.SITE_URL })).toThrow(
      /send --remote needs NEWSLETTER_SEND_TOKEN[\s\S]*wrangler secret put NEWSLETTER_SEND_TOKEN/,
    );
    // The local default never goes to the deployed site.
    expect(() => resolveSendTarget({ remote: true }, { SITE_URL: env.SITE_URL, NEWSLETTER_SEND_TOKEN: " " })).toThrow(
      /NEWSLETTER_SEND_TOKEN/,
    );
  });
});

describe("what send prints", () => {
  /** A local send of an issue the content holds. */
  const LOCAL = { slug: "first-issue", remote: false, inContent: true };

  it("the recipients and batches of a started send", () => {
    expect(describeSendAnswer(202, '{"slug":"first-issue","recipients":250,"batches":3}', LOCAL)).toEqual({
      ok: true,
      text: expect.stringMatching(/^Sending "first-issue": 250 recipient\(s\) in 3 batch\(es\) queued\./),
    });
  });

  it("the error envelope, with what the status usually means", () => {
    const again = describeSendAnswer(409, '{"error":"already_sent","message":"first-issue started 2026-11-29"}', LOCAL);
    expect(again.ok).toBe(false);
    expect(again.text).toContain("Refused (HTTP 409) already_sent: first-issue started 2026-11-29");
    expect(again.text).toContain("a send goes to each reader once");
    const missing = describeSendAnswer(404, '{"error":"not_found"}', LOCAL);
    expect(missing.text).toMatch(/^Refused \(HTTP 404\) not_found\n/);
    expect(missing.text).toContain("the site has no NEWSLETTER_SEND_TOKEN set");
  });

  it("for a site whose forms are simulated, that one cause and how to start the server that sends", () => {
    const body = JSON.stringify({
      error: "forms_simulated",
      message: 'Forms are simulated on this site (FORMS_MODE "simulated").',
    });
    const local = describeSendAnswer(404, body, LOCAL);
    expect(local.ok).toBe(false);
    expect(local.text).toBe(
      'Refused (HTTP 404) forms_simulated: Forms are simulated on this site (FORMS_MODE "simulated").\n' +
        "  (start the server with `FORMS_MODE=d1 npm start`)",
    );
    expect(describeSendAnswer(404, body, { ...LOCAL, remote: true }).text).toContain(
      'set FORMS_MODE to "d1" for the deployed site',
    );
  });

  it("for an issue the server's build lacks: restart npm start if the file is there, else check the slug", () => {
    const body = JSON.stringify({
      error: "unknown_issue",
      message: 'This site\'s build has no issue named "first-issue".',
    });
    const added = describeSendAnswer(404, body, LOCAL).text;
    expect(added).toContain("content/newsletters/first-issue.md is not in the running server's build");
    expect(added).toContain("stop the server (Ctrl+C) and run `FORMS_MODE=d1 npm start` again, which rebuilds");
    expect(describeSendAnswer(404, body, { ...LOCAL, remote: true }).text).toContain(
      "the deployed build was made before content/newsletters/first-issue.md: run npm run deploy",
    );
    const typo = describeSendAnswer(404, body, { ...LOCAL, inContent: false }).text;
    expect(typo).toContain("there is no content/newsletters/first-issue.md: check the slug");
    expect(typo).not.toContain("npm start");
  });

  it("the start of a body that is not the worker's JSON, hidden characters visible", () => {
    const page = describeSendAnswer(404, `<!DOCTYPE html>${"x".repeat(500)}`, LOCAL);
    expect(page.ok).toBe(false);
    expect(page.text).toContain("unexpected answer: <!DOCTYPE html>");
    expect(page.text.length).toBeLessThan(400);
    expect(describeSendAnswer(500, "", LOCAL).text).toContain("unexpected answer: (empty)");
    expect(describeSendAnswer(400, '{"error":"bad\u001b[2J"}', LOCAL).text).toContain("bad\\u001b[2J");
    expect(describeSendAnswer(200, '{"slug":"first-issue","test":"me@vpf.test"}', LOCAL)).toEqual({
      ok: true,
      text: 'Test of "first-issue" sent to me@vpf.test; nothing was recorded.',
    });
    expect(describeSendAnswer(503, '{"error":"provider_unavailable","message":"down"}', LOCAL).text).toContain(
      "the mail provider could not take the mail now",
    );
    // A 2xx whose body is not a started send is not reported as one.
    expect(describeSendAnswer(200, "<html>", LOCAL).ok).toBe(false);
  });
});

describe("npm run newsletter -- status", () => {
  /** Tuesday 2026-12-01 00:00 UTC: the next cron run is Sunday 2026-12-06 07:00. */
  const now = Date.UTC(2026, 11, 1);
  const send = (fields: Partial<SendRow>): SendRow => ({
    issue_slug: "first-issue",
    started_at: Date.UTC(2026, 10, 29, 7),
    recipients: 3,
    batches: 1,
    trigger: "cron",
    delivered: 3,
    refused: 0,
    failed: 0,
    unknown: 0,
    waiting: 0,
    last_at: Date.UTC(2026, 10, 29, 7, 1),
    ...fields,
  });

  it("asks for the readers per status, each send's readers per outcome and still waiting, and the unknown", () => {
    const [counts, sends, unknown] = buildStatusSql(now).split(";\n");
    expect(counts).toBe("SELECT status, COUNT(*) AS count FROM newsletter_signups GROUP BY status");
    for (const outcome of ["delivered", "refused", "failed"])
      expect(sends).toContain(`d.outcome = '${outcome}') AS ${outcome}`);
    // A claim older than 2 minutes counts as unknown: its consumer stopped after its batch may have gone out.
    const stale = `(d.outcome = 'unknown' OR (d.outcome = 'sending' AND d.at < ${now - 120_000}))`;
    expect(sends).toContain(`${stale}) AS unknown`);
    expect(sends).toContain("ORDER BY s.started_at DESC");
    expect(unknown).toContain(`WHERE ${stale}`);
  });

  it("counts every status, zero included, and says what each send's state asks of the operator", () => {
    const text = formatNewsletterStatus(
      [
        { status: "confirmed", count: 12 },
        { status: "pending", count: 2 },
      ],
      [
        send({ issue_slug: "moving", started_at: now - 60_000, delivered: 1, waiting: 2, last_at: now - 1000 }),
        send({ issue_slug: "stopped", delivered: 1, waiting: 2 }),
        send({ issue_slug: "refusing", delivered: 2, refused: 1 }),
        send({ issue_slug: "failing", delivered: 1, failed: 2 }),
        send({ issue_slug: "cut-off", delivered: 1, unknown: 2 }),
        send({}),
      ],
      [],
      now,
      [
        { issue_slug: "cut-off", email: "a@vpf.test" },
        { issue_slug: "cut-off", email: "b\u202e@vpf.test" },
      ],
    );
    expect(text.split("\n").slice(0, 6)).toEqual([
      "Subscribers:",
      "  pending:      2",
      "  confirmed:    12",
      "  unsubscribed: 0",
      "  bounced:      0",
      "  complained:   0",
    ]);
    const line = (slug: string) => text.split("\n").find((entry) => entry.startsWith(`  ${slug} `));
    expect(line("moving")).toMatch(
      /delivered 1 {2}refused 0 {2}failed 0 {2}unknown 0 {2}in progress: 2 reader\(s\) not yet mailed$/,
    );
    expect(line("stopped")).toMatch(
      /incomplete: 2 reader\(s\) not yet mailed; run send again \(npm run newsletter -- send stopped\)$/,
    );
    expect(line("refusing")).toMatch(/delivered 2 {2}refused 1 {2}failed 0 {2}unknown 0 {2}done$/);
    expect(line("failing")).toMatch(/done with failures: run send again to retry the 2 failed$/);
    expect(line("cut-off")).toMatch(
      /unknown 2 {2}done; 2 cut off, not mailed again: check them in the provider's log, then npm run newsletter -- send cut-off --resend-unknown mails them$/,
    );
    const lines = text.split("\n");
    expect(lines.slice(lines.indexOf(line("cut-off")!) + 1, lines.indexOf(line("cut-off")!) + 3)).toEqual([
      "    unknown: a@vpf.test",
      "    unknown: b\\u202e@vpf.test",
    ]);
    expect(line("first-issue")).toBe(
      "  first-issue  started 2026-11-29T07:00:00.000Z (cron)  recipients 3  delivered 3  refused 0  failed 0  unknown 0  done",
    );
    expect(text.indexOf("moving")).toBeLessThan(text.indexOf("first-issue"));
    expect(text).toContain("Issues not sent yet: none");
  });

  it("lists the issues no send has started, by send date, against the cron's next run and its window", () => {
    const text = formatNewsletterStatus(
      [],
      [send({})],
      [
        { slug: "third-issue", title: "Third", sendAt: "2026-12-13T07:00:00Z" },
        { slug: "old-issue", title: "Old", sendAt: "2026-11-22T07:00:00Z" },
        { slug: "late-issue", title: "Late", sendAt: "2026-11-30T07:00:00Z" },
      ],
      now,
    );
    expect(text).toContain("Sent issues (newest first):");
    const waiting = text.slice(text.indexOf("Issues not sent yet")).split("\n");
    expect(waiting).toEqual([
      "Issues not sent yet (by send date):",
      '  old-issue  send date 2026-11-22T07:00:00Z  "Old"  (too old for the cron, which sends an issue within 7 days of its date: send by hand)',
      `  late-issue  send date 2026-11-30T07:00:00Z  "Late"  (due: the run of ${new Date(findNextCronRunMs(now)).toISOString()} sends it)`,
      '  third-issue  send date 2026-12-13T07:00:00Z  "Third"',
    ]);
  });

  it("writes a crafted slug or status visibly and shows no send as none", () => {
    const text = formatNewsletterStatus(
      [{ status: "odd\u001b[2J", count: 1 }],
      [send({ issue_slug: "x\u202e" })],
      [],
      now,
    );
    expect(text).toContain("odd\\u001b[2J:");
    expect(text).toContain("x\\u202e");
    expect(formatNewsletterStatus([], [], [], now)).toContain("Sent issues: none");
  });
});

describe("npm run newsletter -- preview", () => {
  it("links to the local site, or SITE_URL, with an unsubscribe token the site refuses", () => {
    expect(buildPreviewLinks("first-issue", undefined)).toEqual({
      siteUrl: "http://localhost:8787",
      webViewUrl: "http://localhost:8787/newsletter/issues/first-issue",
      unsubscribeUrl: "http://localhost:8787/newsletter/unsubscribe?token=PREVIEW",
    });
    expect(buildPreviewLinks("first-issue", "https://vpf.example/").unsubscribeUrl).toBe(
      "https://vpf.example/newsletter/unsubscribe?token=PREVIEW",
    );
  });

  it("finds the issue by slug or names the ones there are", () => {
    const issues = [{ slug: "a" }, { slug: "b" }];
    expect(findIssue(issues, "b")).toBe(issues[1]);
    expect(() => findIssue(issues, "c")).toThrow('No issue "c" in content/newsletters/ (known: a, b).');
    expect(() => findIssue([], "c")).toThrow("(known: none)");
  });
});
