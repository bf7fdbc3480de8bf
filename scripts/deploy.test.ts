import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkDeployConfig } from "../worker/config.ts";
import {
  type DeployBindings,
  SAMPLE_FLAGS_KV_ID,
  findFlagsDeployProblems,
  findNewsletterDeployProblems,
  formatDeployProblems,
} from "./deploy-config.ts";
import { ROOT } from "./wrangler.ts";

describe("npm run deploy -- --dry-run", () => {
  it("refuses the committed production placeholders before building anything", () => {
    const result = spawnSync(process.execPath, [path.join(ROOT, "scripts", "deploy.ts"), "--dry-run"], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('The "production" environment in wrangler.toml cannot be deployed');
    expect(result.stderr).toContain("STORE_ID is empty or a placeholder");
    expect(result.stderr).toContain("LEGAL_IDENTITY is sample data");
    expect(result.stderr).toContain(`FLAGS still names the sample namespace (${SAMPLE_FLAGS_KV_ID})`);
    // Production keeps forms in D1 and sends the newsletter: the database id, sender and site address are placeholders.
    expect(result.stderr).toContain(
      `FORMS_DB's database_id is not a database id ("REPLACE_ME"): run \`npx wrangler d1 create vpf-forms\``,
    );
    expect(result.stderr).toContain('NEWSLETTER_FROM is empty, a placeholder or not an address ("REPLACE_ME")');
    expect(result.stderr).toContain('SITE_URL is empty, a placeholder or not an https origin ("REPLACE_ME")');
    // The committed queues and mail binding are complete, and the send token is no plain var.
    expect(result.stderr).not.toContain("FORMS_DB is not bound");
    expect(result.stderr).not.toContain("NEWSLETTER_QUEUE");
    expect(result.stderr).not.toContain("dead_letter_queue");
    expect(result.stderr).not.toContain("binds no NEWSLETTER_MAIL");
    expect(result.stderr).not.toContain("NEWSLETTER_SEND_TOKEN is in");
    expect(result.stderr).toContain("MAILGUN_DOMAIN is empty, a placeholder or not a domain");
    expect(result.stderr).not.toContain("MAILGUN_API_URL");
    expect(result.stderr).toContain("NEWSLETTER_SEND_TOKEN, MAILGUN_API_KEY and MAILGUN_WEBHOOK_SIGNING_KEY");
  }, 60_000);
});

describe("the staging environment", () => {
  const runScript = (script: string, args: string[]) =>
    spawnSync(process.execPath, [path.join(ROOT, "scripts", script), ...args], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
      timeout: 60_000,
    });

  it("needs only its own flags namespace and the seller: the store is off, so no commerce setting is asked", () => {
    const result = runScript("deploy.ts", ["--env", "staging", "--dry-run"]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('The "staging" environment in wrangler.toml cannot be deployed');
    expect(result.stderr).toContain("[[env.staging.kv_namespaces]]");
    expect(result.stderr).toContain("LEGAL_IDENTITY is sample data");
    const refusals = result.stderr.split("\n").filter((line) => line.startsWith("  - "));
    expect(refusals).toHaveLength(3);
    expect(refusals.join("\n")).not.toMatch(/COMMERCE_|STORE_ID|FORMS_DB|NEWSLETTER/);
  }, 60_000);

  it("refuses to turn the store on while its commerce mode is off, saying what to set", () => {
    const result = runScript("flags.ts", ["set", "store=true", "--env", "staging"]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('COMMERCE_MODE = "off"');
    expect(result.stderr).toContain("[env.staging.vars]");
  }, 60_000);
});

describe("the deploy check of the flags namespace", () => {
  it("lets a namespace of the owner's ship and refuses the sample one or none, with the command that makes one", () => {
    expect(findFlagsDeployProblems([{ binding: "FLAGS", id: "5d3c1b9a7e6f40218c4b2a19f8e7d6c5" }])).toEqual([]);
    for (const namespaces of [
      [{ binding: "FLAGS", id: SAMPLE_FLAGS_KV_ID }],
      [{ binding: "FLAGS", id: "REPLACE_ME" }],
      [],
    ]) {
      expect(findFlagsDeployProblems(namespaces)).toEqual([
        expect.stringContaining("`npx wrangler kv namespace create FLAGS`"),
      ]);
    }
  });
});

describe("the deploy check of the newsletter's bindings", () => {
  const complete: DeployBindings = {
    databases: [{ binding: "FORMS_DB", id: "6b0d7f4e-3c1a-4e59-9a2b-8d7c6e5f4a31" }],
    kvNamespaces: [{ binding: "FLAGS", id: "5d3c1b9a7e6f40218c4b2a19f8e7d6c5" }],
    queueProducers: [{ binding: "NEWSLETTER_QUEUE", queue: "vpf-newsletter" }],
    queueConsumers: [
      { queue: "vpf-newsletter", deadLetterQueue: "vpf-newsletter-dlq" },
      { queue: "vpf-newsletter-dlq", deadLetterQueue: "" },
    ],
    sendEmail: ["NEWSLETTER_MAIL"],
  };
  const d1 = { FORMS_MODE: "d1" };

  it("lets complete bindings ship, and asks nothing of simulated forms", () => {
    expect(findNewsletterDeployProblems(d1, complete)).toEqual([]);
    expect(findNewsletterDeployProblems({ FORMS_MODE: "simulated" }, { ...complete, queueProducers: [] })).toEqual([]);
  });

  it("refuses a missing or placeholder queue, each with the command that creates it", () => {
    expect(findNewsletterDeployProblems(d1, { ...complete, queueProducers: [] })).toEqual([
      expect.stringMatching(
        /^the environment binds no NEWSLETTER_QUEUE queue: .*`npx wrangler queues create vpf-newsletter`$/,
      ),
    ]);
    for (const queue of ["REPLACE_ME", "", "<queue>"]) {
      expect(
        findNewsletterDeployProblems(d1, { ...complete, queueProducers: [{ binding: "NEWSLETTER_QUEUE", queue }] }),
      ).toEqual([
        `NEWSLETTER_QUEUE's queue is not a queue name ("${queue}"): run \`npx wrangler queues create vpf-newsletter\` and name it here`,
      ]);
    }
    expect(findNewsletterDeployProblems(d1, { ...complete, queueConsumers: [] })).toEqual([
      expect.stringMatching(/^no queue consumer reads "vpf-newsletter": .*dead_letter_queue "vpf-newsletter-dlq"$/),
    ]);
    expect(
      findNewsletterDeployProblems(d1, {
        ...complete,
        queueConsumers: [{ queue: "vpf-newsletter", deadLetterQueue: "" }],
      }),
    ).toEqual([expect.stringContaining("`npx wrangler queues create vpf-newsletter-dlq`")]);
    expect(
      findNewsletterDeployProblems(d1, { ...complete, queueConsumers: complete.queueConsumers.slice(0, 1) }),
    ).toEqual([
      expect.stringMatching(/^no queue consumer reads "vpf-newsletter-dlq", so dead batches would go unrecorded/),
    ]);
  });

  it("refuses a missing mail binding and the send token or the provider's keys as plain vars", () => {
    expect(findNewsletterDeployProblems(d1, { ...complete, sendEmail: ["FORMS_NOTICE"] })).toEqual([
      expect.stringMatching(/^the environment binds no NEWSLETTER_MAIL: onboard the sending domain .*Email Sending/),
    ]);
    expect(findNewsletterDeployProblems({ ...d1, NEWSLETTER_SEND_TOKEN: "abc" }, complete)).toEqual([
      "NEWSLETTER_SEND_TOKEN is in [env.production.vars]: remove it and run `npx wrangler secret put NEWSLETTER_SEND_TOKEN --env production`",
    ]);
    expect(
      findNewsletterDeployProblems({ ...d1, MAILGUN_API_KEY: "key-1", MAILGUN_WEBHOOK_SIGNING_KEY: "k" }, complete),
    ).toEqual([
      "MAILGUN_API_KEY is in [env.production.vars]: remove it and run `npx wrangler secret put MAILGUN_API_KEY --env production`",
      "MAILGUN_WEBHOOK_SIGNING_KEY is in [env.production.vars]: remove it and run `npx wrangler secret put MAILGUN_WEBHOOK_SIGNING_KEY --env production`",
    ]);
  });

  it("names the secrets after every refusal, ORDER_SIGNING_KEY signing the newsletter's links too", () => {
    const text = formatDeployProblems(["x"]);
    expect(text).toContain(
      "`npx wrangler secret put ORDER_SIGNING_KEY --env production` (signs receipts and newsletter links)",
    );
    expect(text).toContain("NEWSLETTER_SEND_TOKEN, MAILGUN_API_KEY and MAILGUN_WEBHOOK_SIGNING_KEY the same way");
  });
});

describe("the deploy check of the newsletter's sender and site address (checkDeployConfig)", () => {
  const live = {
    COMMERCE_MODE: "live",
    COMMERCE_API_URL: "https://commerce.vpf.test/",
    STORE_ID: "store-42",
    CHECKOUT_ALLOWED_HOSTS: "pay.vpf.test",
    FORMS_MODE: "d1",
    NEWSLETTER_FROM: "newsletter@vpf.test",
    SITE_URL: "https://vpf.test",
    MAILGUN_API_URL: "https://api.mailgun.net",
    MAILGUN_DOMAIN: "mg.vpf.test",
  };

  it("lets a real sender and https origin ship", () => {
    expect(checkDeployConfig(live)).toEqual([]);
    expect(checkDeployConfig({ ...live, SITE_URL: "https://vpf.test/" })).toEqual([]);
  });

  it("refuses a placeholder, empty or odd sender with the Email Sending onboarding", () => {
    for (const from of ["REPLACE_ME", "", "newsletter", "news@example.com"]) {
      expect(checkDeployConfig({ ...live, NEWSLETTER_FROM: from })).toEqual([
        expect.stringMatching(
          /^NEWSLETTER_FROM is empty, a placeholder or not an address .*Email Sending.*SPF and DKIM/,
        ),
      ]);
    }
  });

  it("refuses a placeholder SITE_URL, plain http and a path", () => {
    for (const site of ["REPLACE_ME", "", "http://vpf.test", "https://vpf.test/blog", "https://example.com"]) {
      expect(checkDeployConfig({ ...live, SITE_URL: site })).toEqual([
        `SITE_URL is empty, a placeholder or not an https origin ("${site}"): set the site's address, e.g. https://your.domain`,
      ]);
    }
  });

  it("refuses a placeholder mail provider domain or a plain-http provider", () => {
    expect(checkDeployConfig({ ...live, MAILGUN_DOMAIN: "REPLACE_ME" })).toEqual([
      expect.stringMatching(/^MAILGUN_DOMAIN is empty, a placeholder or not a domain/),
    ]);
    expect(checkDeployConfig({ ...live, MAILGUN_API_URL: "http://api.mailgun.net" })).toEqual([
      expect.stringMatching(/^MAILGUN_API_URL is not an https origin/),
    ]);
  });

  it("asks neither of simulated forms, which mail nothing", () => {
    expect(checkDeployConfig({ ...live, FORMS_MODE: "simulated", NEWSLETTER_FROM: "", SITE_URL: "" })).toEqual([]);
  });
});
