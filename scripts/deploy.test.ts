import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { LegalIdentity } from "../content/legal-identity.ts";
import { CLEANUP_CRON, SEND_CRON } from "../core/newsletter-schedule.ts";
import { checkDeployConfig } from "../server/config.server.ts";
import {
  type DeployBindings,
  SAMPLE_FLAGS_KV_ID,
  findCronProblems,
  findDeployProblems,
  findFlagsDeployProblems,
  findNewsletterDeployProblems,
  findSecretsInVarsProblems,
  findStoreFlagProblem,
  formatDeployProblems,
  readDeployEnvironment,
} from "./deploy-config.ts";
import {
  DEPLOY_BUILT_CONFIG,
  type DeployStep,
  formatDeployPlan,
  planDeploy,
  readDeployOptions,
  readMigrationNames,
  reportsNoPendingMigrations,
} from "./deploy-plan.ts";
import { ROOT } from "./wrangler.ts";

// Every test here brings its own configuration: none reads the repository's wrangler.toml or seller, so the suite
// holds whether they are the samples or the owner's real values.

/** A seller as an owner fills it in, and one still marked as sample data. */
const OWNERS_SELLER: LegalIdentity = {
  placeholder: false,
  legalName: "Fixture Publishing Ltd",
  postalAddress: ["1 Fixture Row", "Leeds LS1 1AA", "United Kingdom"],
  email: "hello@fixture-publishing.test",
  governingLaw: "the law of England and Wales",
  country: "GB",
  updated: { disclaimer: "2026-01-02", privacy: "2026-01-02", terms: "2026-01-02", shipping: "2026-01-02" },
};
const UNFILLED_SELLER: LegalIdentity = { ...OWNERS_SELLER, placeholder: true };

const OWNERS_FLAGS_ID = "5d3c1b9a7e6f40218c4b2a19f8e7d6c5";
const OWNERS_DATABASE_ID = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";

/** A complete configuration of both deployed environments, as an owner fills it in; `replace` swaps text in it. */
function ownersToml(replace: ReadonlyArray<[string, string]> = []): string {
  const text = `
name = "fixture"
main = "./worker/index.ts"
compatibility_date = "2026-10-01"

[triggers]
crons = ["${CLEANUP_CRON}", "${SEND_CRON}"]

[env.staging]
[[env.staging.kv_namespaces]]
binding = "FLAGS"
id = "${OWNERS_FLAGS_ID.replace(/^5/, "6")}"

[env.staging.vars]
COMMERCE_MODE = "off"
FORMS_MODE = "simulated"

[env.production]
[[env.production.kv_namespaces]]
binding = "FLAGS"
id = "${OWNERS_FLAGS_ID}"

[[env.production.d1_databases]]
binding = "FORMS_DB"
database_name = "fixture-forms"
database_id = "${OWNERS_DATABASE_ID}"
migrations_dir = "schema"

[[env.production.queues.producers]]
binding = "NEWSLETTER_QUEUE"
queue = "vpf-newsletter"

[[env.production.queues.consumers]]
queue = "vpf-newsletter"
dead_letter_queue = "vpf-newsletter-dlq"

[[env.production.queues.consumers]]
queue = "vpf-newsletter-dlq"

[[env.production.send_email]]
name = "NEWSLETTER_MAIL"

[env.production.vars]
COMMERCE_MODE = "live"
COMMERCE_API_URL = "https://commerce.fixture-publishing.test"
STORE_ID = "store-7"
CHECKOUT_ALLOWED_HOSTS = "pay.fixture-publishing.test"
FORMS_MODE = "d1"
NEWSLETTER_FROM = "news@fixture-publishing.test"
SITE_URL = "https://fixture-publishing.test"
MAILGUN_API_URL = "https://api.eu.mailgun.net"
MAILGUN_DOMAIN = "mg.fixture-publishing.test"
`;
  return replace.reduce((toml, [from, to]) => {
    if (!toml.includes(from)) throw new Error(`The fixture has no "${from}" to replace.`);
    return toml.replace(from, to);
  }, text);
}

const fixtureRoot = mkdtempSync(path.join(os.tmpdir(), "vpf-deploy-test-"));
afterAll(() => rmSync(fixtureRoot, { recursive: true, force: true }));
let fixtureCount = 0;

/** Writes `toml` as the wrangler.toml of a new folder and returns its path. */
function writeConfig(toml: string): string {
  const folder = path.join(fixtureRoot, String(++fixtureCount));
  mkdirSync(folder);
  const file = path.join(folder, "wrangler.toml");
  writeFileSync(file, toml);
  return file;
}

describe("the deploy check of a wrangler configuration", () => {
  it("lets the owner's filled-in environments ship", async () => {
    const config = writeConfig(ownersToml());
    expect(await findDeployProblems(config, "production", OWNERS_SELLER)).toEqual([]);
    expect(await findDeployProblems(config, "staging", OWNERS_SELLER)).toEqual([]);
  });

  it("refuses production's placeholders and the unfilled seller, each with its own line", async () => {
    const config = writeConfig(
      ownersToml([
        [`id = "${OWNERS_FLAGS_ID}"`, `id = "${SAMPLE_FLAGS_KV_ID}"`],
        [`database_id = "${OWNERS_DATABASE_ID}"`, 'database_id = "REPLACE_ME"'],
        ['STORE_ID = "store-7"', 'STORE_ID = "REPLACE_ME"'],
        ['NEWSLETTER_FROM = "news@fixture-publishing.test"', 'NEWSLETTER_FROM = "REPLACE_ME"'],
        ['SITE_URL = "https://fixture-publishing.test"', 'SITE_URL = "REPLACE_ME"'],
        ['MAILGUN_DOMAIN = "mg.fixture-publishing.test"', 'MAILGUN_DOMAIN = "REPLACE_ME"'],
      ]),
    );
    const problems = await findDeployProblems(config, "production", UNFILLED_SELLER);
    expect(problems).toEqual([
      'STORE_ID is empty or a placeholder ("REPLACE_ME")',
      expect.stringMatching(/^NEWSLETTER_FROM is empty, a placeholder or not an address \("REPLACE_ME"\)/),
      expect.stringMatching(/^MAILGUN_DOMAIN is empty, a placeholder or not a domain \("REPLACE_ME"\)/),
      expect.stringMatching(/^SITE_URL is empty, a placeholder or not an https origin \("REPLACE_ME"\)/),
      expect.stringContaining(`FLAGS still names the sample namespace (${SAMPLE_FLAGS_KV_ID})`),
      expect.stringContaining(
        `FORMS_DB's database_id is not a database id ("REPLACE_ME"): run \`npx wrangler d1 create vpf-forms\``,
      ),
      expect.stringContaining("LEGAL_IDENTITY is sample data"),
    ]);
  });

  it("asks staging, with the store off and forms simulated, for its own flags namespace only", async () => {
    const config = writeConfig(ownersToml([[`id = "${OWNERS_FLAGS_ID.replace(/^5/, "6")}"`, 'id = "REPLACE_ME"']]));
    const problems = await findDeployProblems(config, "staging", OWNERS_SELLER);
    expect(problems).toEqual([expect.stringContaining("[[env.staging.kv_namespaces]]")]);
  });

  it("refuses a secret written as a plain variable and a d1 site without the daily clean-up", async () => {
    const config = writeConfig(
      ownersToml([
        [`crons = ["${CLEANUP_CRON}", "${SEND_CRON}"]`, `crons = ["${SEND_CRON}"]`],
        ['FORMS_MODE = "d1"', 'FORMS_MODE = "d1"\nORDER_SIGNING_KEY = "a-signing-key-of-more-than-32-characters"'],
      ]),
    );
    expect(await findDeployProblems(config, "production", OWNERS_SELLER)).toEqual([
      "ORDER_SIGNING_KEY is in [env.production.vars]: remove it and run `npx wrangler secret put ORDER_SIGNING_KEY --env production`",
      expect.stringContaining(`the Cron Triggers ("${SEND_CRON}") lack the daily clean-up "${CLEANUP_CRON}"`),
    ]);
    // Staging keeps nothing, so it has nothing to clean up.
    expect(await findDeployProblems(config, "staging", OWNERS_SELLER)).toEqual([]);
  });

  it("refuses a d1 site whose Cron Triggers lack the newsletter's send", async () => {
    const config = writeConfig(
      ownersToml([[`crons = ["${CLEANUP_CRON}", "${SEND_CRON}"]`, `crons = ["${CLEANUP_CRON}"]`]]),
    );
    expect(await findDeployProblems(config, "production", OWNERS_SELLER)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^the Cron Triggers \\("${CLEANUP_CRON.replaceAll("*", "\\*")}"\\) lack the newsletter's send "${SEND_CRON.replaceAll("*", "\\*")}"`,
        ),
      ),
    ]);
  });

  it("reads each database's migrations folder beside the configuration file", async () => {
    const config = writeConfig(ownersToml());
    const production = await readDeployEnvironment(config, "production");
    expect(production.databases).toEqual([
      { binding: "FORMS_DB", id: OWNERS_DATABASE_ID, migrationsDir: path.join(path.dirname(config), "schema") },
    ]);
    expect((await readDeployEnvironment(config, "staging")).databases).toEqual([]);
  });
});

describe("npm run deploy's command line", () => {
  it("deploys production unless another environment is named", () => {
    expect(readDeployOptions([])).toEqual({ env: "production", dryRun: false, preview: false });
    expect(readDeployOptions(["--env", "staging", "--dry-run"])).toMatchObject({ env: "staging", dryRun: true });
    expect(readDeployOptions(["--env", "staging", "--preview", "--preview-alias", "pr-12"])).toMatchObject({
      preview: true,
      previewAlias: "pr-12",
    });
  });

  it("refuses an unknown environment or argument, and an alias without a preview or of the wrong form", () => {
    expect(() => readDeployOptions(["--env", "qa"])).toThrow(/^Unknown environment "qa"\.\nUsage: npm run deploy/);
    expect(() => readDeployOptions(["--force"])).toThrow(/^Unknown argument "--force"/);
    expect(() => readDeployOptions(["--preview-alias", "pr-1"])).toThrow(/--preview-alias needs --preview/);
    expect(() => readDeployOptions(["--preview", "--preview-alias", "PR 1"])).toThrow(/not a name of lower-case/);
  });

  it("says so and stops before reading any configuration", () => {
    const result = spawnSync(process.execPath, [path.join(ROOT, "scripts", "deploy.ts"), "--env", "qa"], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Unknown environment "qa".');
  });
});

describe("the deploy plan", () => {
  const forms = { binding: "FORMS_DB", migrations: ["0001_forms.sql", "0002_sends.sql"] };
  const kinds = (steps: readonly DeployStep[]) => steps.map((step) => step.kind);

  it("applies the migrations and checks none is left before the worker that needs them goes out", () => {
    const steps = planDeploy({ env: "production", dryRun: false, preview: false, databases: [forms] });
    expect(kinds(steps)).toEqual(["credentials", "build", "migrate", "verify-schema", "upload"]);
    expect(steps.every((step) => step.runs)).toBe(true);
    expect(steps.map((step) => step.command.join(" "))).toEqual([
      "wrangler whoami",
      "react-router build",
      "wrangler d1 migrations apply FORMS_DB --remote --env production",
      "wrangler d1 migrations list FORMS_DB --remote --env production",
      `wrangler deploy --config ${DEPLOY_BUILT_CONFIG}`,
    ]);
  });

  it("on a dry run names every step but runs only the build and wrangler's offline check", () => {
    const options = { env: "staging", dryRun: true, preview: false, databases: [forms] } as const;
    const steps = planDeploy(options);
    expect(kinds(steps)).toEqual(["credentials", "build", "migrate", "verify-schema", "upload", "validate"]);
    expect(steps.filter((step) => step.runs).map((step) => step.command.join(" "))).toEqual([
      "react-router build",
      `wrangler deploy --config ${DEPLOY_BUILT_CONFIG} --dry-run`,
    ]);
    const text = formatDeployPlan(steps, options);
    expect(text).toContain("would apply, unless already applied: 0001_forms.sql, 0002_sends.sql");
    expect(text).toContain("· check that FORMS_DB has no migration left pending");
    expect(text).toContain("wrangler d1 migrations apply FORMS_DB --remote --env staging");
  });

  it("says when the environment binds no database, and has no migration step then", () => {
    const options = { env: "staging", dryRun: true, preview: false, databases: [] } as const;
    const steps = planDeploy(options);
    expect(kinds(steps)).not.toContain("migrate");
    expect(formatDeployPlan(steps, options)).toContain("[env.staging] binds no D1 database");
  });

  it("uploads a preview version with its alias and touches no database", () => {
    const options = { env: "staging", dryRun: false, preview: true, previewAlias: "pr-7", databases: [forms] } as const;
    const steps = planDeploy(options);
    expect(kinds(steps)).toEqual(["credentials", "build", "upload"]);
    expect(steps.at(-1)?.command.join(" ")).toBe(
      `wrangler versions upload --config ${DEPLOY_BUILT_CONFIG} --preview-alias pr-7`,
    );
    expect(formatDeployPlan(steps, options)).toContain("A preview applies no migration");
  });

  it("lets the upload go only when wrangler lists no pending migration", () => {
    expect(reportsNoPendingMigrations("Resource location: remote\n✅ No migrations to apply!\n")).toBe(true);
    const pending = "Migrations to be applied:\n┌──────────────────┐\n│ Name             │\n│ 0002_sends.sql   │\n";
    expect(reportsNoPendingMigrations(pending)).toBe(false);
    expect(reportsNoPendingMigrations("✘ [ERROR] A request to the Cloudflare API failed.")).toBe(false);
    expect(reportsNoPendingMigrations("")).toBe(false);
  });

  it("lists a migrations folder's SQL files in wrangler's order", () => {
    const folder = path.join(fixtureRoot, "migrations-order");
    mkdirSync(folder);
    for (const name of ["0010_c.sql", "0002_b.sql", "notes.md", "0001_a.sql", "later.sql"]) {
      writeFileSync(path.join(folder, name), "");
    }
    expect(readMigrationNames(folder)).toEqual(["0001_a.sql", "0002_b.sql", "0010_c.sql", "later.sql"]);
    expect(readMigrationNames(path.join(folder, "absent"))).toEqual([]);
  });
});

describe("the store flag of a deployed environment", () => {
  it("refuses to turn the store on while its commerce mode is off, saying what to set", () => {
    expect(findStoreFlagProblem("staging", { COMMERCE_MODE: "off" }, { store: true })).toMatch(
      /COMMERCE_MODE = "off".*\[env\.staging\.vars\]/,
    );
    expect(findStoreFlagProblem("staging", { COMMERCE_MODE: "live" }, { store: true })).toBeNull();
    expect(findStoreFlagProblem("staging", { COMMERCE_MODE: "off" }, { store: false })).toBeNull();
  });
});

describe("the deploy check of the flags namespace", () => {
  it("lets a namespace of the owner's ship and refuses the sample one or none, with the command that makes one", () => {
    expect(findFlagsDeployProblems([{ binding: "FLAGS", id: OWNERS_FLAGS_ID }])).toEqual([]);
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
    databases: [{ binding: "FORMS_DB", id: OWNERS_DATABASE_ID, migrationsDir: "migrations" }],
    kvNamespaces: [{ binding: "FLAGS", id: OWNERS_FLAGS_ID }],
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

  it("refuses a missing mail binding", () => {
    expect(findNewsletterDeployProblems(d1, { ...complete, sendEmail: ["FORMS_NOTICE"] })).toEqual([
      expect.stringMatching(/^the environment binds no NEWSLETTER_MAIL: onboard the sending domain .*Email Sending/),
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

describe("the deploy check of secrets and Cron Triggers", () => {
  it("refuses each secret written as a plain variable, whatever the forms mode, with the command that sets it", () => {
    expect(findSecretsInVarsProblems({ FORMS_MODE: "simulated", STORE_ID: "store-7" })).toEqual([]);
    expect(
      findSecretsInVarsProblems(
        { FORMS_MODE: "simulated", ORDER_SIGNING_KEY: "k", NEWSLETTER_SEND_TOKEN: "t", MAILGUN_API_KEY: "" },
        "staging",
      ),
    ).toEqual([
      "ORDER_SIGNING_KEY is in [env.staging.vars]: remove it and run `npx wrangler secret put ORDER_SIGNING_KEY --env staging`",
      "NEWSLETTER_SEND_TOKEN is in [env.staging.vars]: remove it and run `npx wrangler secret put NEWSLETTER_SEND_TOKEN --env staging`",
      "MAILGUN_API_KEY is in [env.staging.vars]: remove it and run `npx wrangler secret put MAILGUN_API_KEY --env staging`",
    ]);
    expect(findSecretsInVarsProblems({ MAILGUN_WEBHOOK_SIGNING_KEY: "k" })).toEqual([
      expect.stringMatching(/^MAILGUN_WEBHOOK_SIGNING_KEY is in \[env\.production\.vars\]/),
    ]);
  });

  it("asks a d1 site for every job the worker runs among its crons, each missing one named", () => {
    const d1 = { FORMS_MODE: "d1" };
    expect(findCronProblems(d1, [CLEANUP_CRON, SEND_CRON])).toEqual([]);
    expect(findCronProblems(d1, [SEND_CRON, "15 * * * *", CLEANUP_CRON])).toEqual([]);
    expect(findCronProblems(d1, [])).toEqual([
      expect.stringMatching(/^the Cron Triggers \(none\) lack the daily clean-up .*\[env\.production\.triggers\]$/),
      expect.stringMatching(/^the Cron Triggers \(none\) lack the newsletter's send .*\[env\.production\.triggers\]$/),
    ]);
    // The send at another time than the one the operator's status reckons with is no send.
    const anotherTime = SEND_CRON.replace(/^\d+/, (minute) => String((Number(minute) + 1) % 60));
    expect(findCronProblems(d1, [CLEANUP_CRON, anotherTime], "staging")).toEqual([
      `the Cron Triggers ("${CLEANUP_CRON}", "${anotherTime}") lack the newsletter's send "${SEND_CRON}", which starts the issues whose send time has come, at the time \`npm run newsletter -- status\` reckons with: add it to crons in [env.staging.triggers]`,
    ]);
    expect(findCronProblems(d1, ["17 4 * * *", SEND_CRON])).toEqual([
      expect.stringContaining(`lack the daily clean-up "${CLEANUP_CRON}"`),
    ]);
    expect(findCronProblems({ FORMS_MODE: "simulated" }, [])).toEqual([]);
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

  it("lets a real sender and https origin ship, with a port of its own", () => {
    expect(checkDeployConfig(live)).toEqual([]);
    expect(checkDeployConfig({ ...live, SITE_URL: "https://vpf.test:8443" })).toEqual([]);
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

  it("refuses a SITE_URL that is not an https origin alone: placeholder, http, path, query, fragment, user, bad port", () => {
    for (const site of [
      "REPLACE_ME",
      "",
      "http://vpf.test",
      "https://vpf.test/blog",
      "https://vpf.test/",
      "https://example.com",
      "https://vpf.test?ref=mail",
      "https://vpf.test#top",
      "https://owner@vpf.test",
      "https://owner:secret@vpf.test",
      "https://vpf.test:99999",
      "https://vpf.test:port",
    ]) {
      expect(checkDeployConfig({ ...live, SITE_URL: site }), site).toEqual([
        `SITE_URL is empty, a placeholder or not an https origin ("${site}"): set the site's address, e.g. https://your.domain, with no path, trailing slash, query, fragment or user name`,
      ]);
    }
  });

  it("refuses a placeholder mail provider domain or a provider that is not an https origin", () => {
    expect(checkDeployConfig({ ...live, MAILGUN_DOMAIN: "REPLACE_ME" })).toEqual([
      expect.stringMatching(/^MAILGUN_DOMAIN is empty, a placeholder or not a domain/),
    ]);
    for (const api of ["http://api.mailgun.net", "https://api.mailgun.net/v3", "https://api.mailgun.net/"]) {
      expect(checkDeployConfig({ ...live, MAILGUN_API_URL: api }), api).toEqual([
        expect.stringMatching(/^MAILGUN_API_URL is not an https origin/),
      ]);
    }
  });

  it("asks neither of simulated forms, which mail nothing", () => {
    expect(checkDeployConfig({ ...live, FORMS_MODE: "simulated", NEWSLETTER_FROM: "", SITE_URL: "" })).toEqual([]);
  });
});
