/** The deploy check (rule 5.7) of the production build and `npm run deploy`, through wrangler's own reader. */
import path from "node:path";
import type { Plugin } from "vite";
import { type LegalIdentity, LEGAL_IDENTITY, findLegalIdentityProblems } from "../content/legal-identity.ts";
import { DEPLOY_ENVS, type DeployEnv } from "../core/deploy-envs.ts";
import { CRON_JOBS } from "../core/newsletter-schedule.ts";
import { NEWSLETTER_DEAD_LETTER_QUEUE, checkDeployConfig } from "../server/config.server.ts";

const PRODUCTION_ENV = "production" satisfies DeployEnv;

/** The environments `npm run deploy -- --env NAME` may deploy: the site, and its preview before the site. */
export { DEPLOY_ENVS, type DeployEnv };

/** The `[vars]` of one environment of `wrangler.toml`; throws when wrangler cannot read the file. */
export async function readEnvironmentVars(configPath: string, env: string): Promise<Record<string, unknown>> {
  return (await readDeployEnvironment(configPath, env)).vars;
}

/** The bindings of one environment the deploy check looks at, as wrangler reads them. */
export interface DeployBindings {
  /** Each D1 database with its migrations folder, resolved against the configuration file's folder. */
  databases: ReadonlyArray<{ binding: string; id: string; migrationsDir: string }>;
  kvNamespaces: ReadonlyArray<{ binding: string; id: string }>;
  queueProducers: ReadonlyArray<{ binding: string; queue: string }>;
  queueConsumers: ReadonlyArray<{ queue: string; deadLetterQueue: string }>;
  /** The `name` of each `send_email` binding. */
  sendEmail: readonly string[];
}

/** One environment of a wrangler configuration file as the deploy reads it: vars, bindings and Cron Triggers. */
export interface DeployEnvironment extends DeployBindings {
  vars: Record<string, unknown>;
  /** `[triggers] crons`, which an environment inherits from the top level unless it sets its own. */
  crons: readonly string[];
}

/** Reads one environment of the wrangler configuration file at `configPath`; throws when wrangler cannot read it. */
export async function readDeployEnvironment(configPath: string, env: string): Promise<DeployEnvironment> {
  const { unstable_readConfig } = await import("wrangler");
  const config = unstable_readConfig({ config: configPath, env }, { hideWarnings: true });
  return {
    vars: { ...config.vars },
    crons: [...config.triggers.crons],
    databases: config.d1_databases.map(
      (database: { binding: string; database_id?: string; migrations_dir?: string }) => ({
        binding: database.binding,
        id: database.database_id ?? "",
        // Wrangler's own default folder when the block names none.
        migrationsDir: path.resolve(path.dirname(configPath), database.migrations_dir ?? "migrations"),
      }),
    ),
    kvNamespaces: config.kv_namespaces.map((namespace: { binding: string; id?: string }) => ({
      binding: namespace.binding,
      id: namespace.id ?? "",
    })),
    queueProducers: (config.queues.producers ?? []).map((producer: { binding: string; queue?: string }) => ({
      binding: producer.binding,
      queue: producer.queue ?? "",
    })),
    queueConsumers: (config.queues.consumers ?? []).map((consumer: { queue: string; dead_letter_queue?: string }) => ({
      queue: consumer.queue,
      deadLetterQueue: consumer.dead_letter_queue ?? "",
    })),
    sendEmail: config.send_email.map((binding: { name: string }) => binding.name),
  };
}

/** A Cloudflare queue name: lower-case letters, digits and dashes, so `REPLACE_ME` or `<name>` is none. */
const QUEUE_NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** Refusals (one line each) for a bound D1 database without a real id, or `d1` forms without `FORMS_DB` (rule 6.6). */
export function findFormsDeployProblems(
  vars: Record<string, unknown>,
  databases: ReadonlyArray<{ binding: string; id: string }>,
  env: DeployEnv = PRODUCTION_ENV,
): string[] {
  const create = `run \`npx wrangler d1 create ${env === PRODUCTION_ENV ? "vpf-forms" : `vpf-forms-${env}`}\` and put the id it prints in [[env.${env}.d1_databases]]`;
  // Any bound database takes the deploy's migrations, whatever the forms mode, so each needs a real id.
  const problems = databases
    .filter((entry) => !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(entry.id))
    .map((entry) => `${entry.binding}'s database_id is not a database id ("${entry.id}"): ${create}`);
  if (vars.FORMS_MODE === "d1" && !databases.some((entry) => entry.binding === "FORMS_DB")) {
    problems.push(`FORMS_MODE is "d1" but the environment binds no FORMS_DB database: ${create}`);
  }
  return problems;
}

/**
 * Refusals (one line each, naming the fix) for a `d1` site whose newsletter could not go out: no real
 * `NEWSLETTER_QUEUE` queue with a consumer and a dead-letter queue, or no `NEWSLETTER_MAIL` binding.
 */
export function findNewsletterDeployProblems(
  vars: Record<string, unknown>,
  bindings: DeployBindings,
  env: DeployEnv = PRODUCTION_ENV,
): string[] {
  if (vars.FORMS_MODE !== "d1") return [];
  const problems: string[] = [];
  const producer = bindings.queueProducers.find((entry) => entry.binding === "NEWSLETTER_QUEUE");
  const consumer = bindings.queueConsumers.find((entry) => entry.queue === producer?.queue);
  if (!producer) {
    problems.push(
      `the environment binds no NEWSLETTER_QUEUE queue: add [[env.${env}.queues.producers]] (queue "vpf-newsletter") and run \`npx wrangler queues create vpf-newsletter\``,
    );
  } else if (!QUEUE_NAME.test(producer.queue)) {
    problems.push(
      `NEWSLETTER_QUEUE's queue is not a queue name ("${producer.queue}"): run \`npx wrangler queues create vpf-newsletter\` and name it here`,
    );
  } else if (!consumer) {
    problems.push(
      `no queue consumer reads "${producer.queue}": add [[env.${env}.queues.consumers]] with queue "${producer.queue}" and dead_letter_queue "${NEWSLETTER_DEAD_LETTER_QUEUE}"`,
    );
  } else if (consumer.deadLetterQueue !== NEWSLETTER_DEAD_LETTER_QUEUE) {
    problems.push(
      `the "${producer.queue}" consumer's dead_letter_queue is not "${NEWSLETTER_DEAD_LETTER_QUEUE}" ("${consumer.deadLetterQueue}"), the queue the worker reads dead batches from: run \`npx wrangler queues create ${NEWSLETTER_DEAD_LETTER_QUEUE}\` and set dead_letter_queue = "${NEWSLETTER_DEAD_LETTER_QUEUE}"`,
    );
  } else if (!bindings.queueConsumers.some((entry) => entry.queue === NEWSLETTER_DEAD_LETTER_QUEUE)) {
    problems.push(
      `no queue consumer reads "${NEWSLETTER_DEAD_LETTER_QUEUE}", so dead batches would go unrecorded: add [[env.${env}.queues.consumers]] with queue "${NEWSLETTER_DEAD_LETTER_QUEUE}"`,
    );
  }
  if (!bindings.sendEmail.includes("NEWSLETTER_MAIL")) {
    problems.push(
      `the environment binds no NEWSLETTER_MAIL: onboard the sending domain in the Cloudflare dashboard (Email Sending) and add [[env.${env}.send_email]] name = "NEWSLETTER_MAIL"`,
    );
  }
  return problems;
}

/** The worker's secrets: set with `wrangler secret put`, never as a `[vars]` value, which anyone with the code reads. */
export const WORKER_SECRETS = [
  "ORDER_SIGNING_KEY",
  "NEWSLETTER_SEND_TOKEN",
  "MAILGUN_API_KEY",
  "MAILGUN_WEBHOOK_SIGNING_KEY",
] as const;

/** Refusals (one line each) for a secret written as a plain variable of a deployed environment, whatever its modes. */
export function findSecretsInVarsProblems(vars: Record<string, unknown>, env: DeployEnv = PRODUCTION_ENV): string[] {
  return WORKER_SECRETS.filter((secret) => vars[secret] !== undefined).map(
    (secret) =>
      `${secret} is in [env.${env}.vars]: remove it and run \`npx wrangler secret put ${secret} --env ${env}\``,
  );
}

/**
 * Refusal of a `d1` site whose Cron Triggers lack any job the worker runs (`CRON_JOBS`), one line per missing job:
 * without the clean-up, contact messages outlive `FORMS_RETENTION_DAYS` and unconfirmed sign-ups their 30 days (rule
 * 6.7); without the send at `SEND_CRON`, no issue goes out on its own, or not when `status` says it is due (rule 6.8).
 * Simulated forms keep and send nothing.
 */
export function findCronProblems(
  vars: Record<string, unknown>,
  crons: readonly string[],
  env: DeployEnv = PRODUCTION_ENV,
): string[] {
  if (vars.FORMS_MODE !== "d1") return [];
  const listed = crons.length === 0 ? "none" : crons.map((cron) => `"${cron}"`).join(", ");
  return CRON_JOBS.filter(({ cron }) => !crons.includes(cron)).map(
    ({ cron, job, does }) =>
      `the Cron Triggers (${listed}) lack ${job} "${cron}", which ${does}: add it to crons in [env.${env}.triggers]`,
  );
}

/** The `FLAGS` namespace id `wrangler.toml` ships with: local runs only, so a deploy must name its own. */
export const SAMPLE_FLAGS_KV_ID = "0f1a6c5e2b9d4d3e8a7c6b5a49382716";

/** Why the production `FLAGS` namespace may not ship: missing, or still the sample id. */
export function findFlagsDeployProblems(
  namespaces: DeployBindings["kvNamespaces"],
  env: DeployEnv = PRODUCTION_ENV,
): string[] {
  const flags = namespaces.find((namespace) => namespace.binding === "FLAGS");
  const fix = `run \`npx wrangler kv namespace create FLAGS\` and put the id it prints in [[env.${env}.kv_namespaces]] of wrangler.toml`;
  if (!flags || !/^[0-9a-f]{32}$/i.test(flags.id)) return [`FLAGS has no namespace id: ${fix}`];
  return flags.id === SAMPLE_FLAGS_KV_ID
    ? [`FLAGS still names the sample namespace (${SAMPLE_FLAGS_KV_ID}): ${fix}`]
    : [];
}

/**
 * Checks one deployed environment (production by default) of the wrangler configuration file at `configPath`, and the
 * seller (`identity`, the site's own unless given): one line per refusal, empty when it may ship.
 */
export async function findDeployProblems(
  configPath: string,
  env: DeployEnv = PRODUCTION_ENV,
  identity: LegalIdentity = LEGAL_IDENTITY,
): Promise<string[]> {
  const { vars, crons, ...bindings } = await readDeployEnvironment(configPath, env);
  return [
    ...checkDeployConfig(vars),
    ...findSecretsInVarsProblems(vars, env),
    ...findFlagsDeployProblems(bindings.kvNamespaces, env),
    ...findFormsDeployProblems(vars, bindings.databases, env),
    ...findNewsletterDeployProblems(vars, bindings, env),
    ...findCronProblems(vars, crons, env),
    ...findLegalIdentityProblems(identity),
  ];
}

/**
 * Why `store=true` may not be written to a deployed environment whose `[vars]` are `vars`: one launched with
 * `COMMERCE_MODE = "off"` has no commerce settings, and its worker keeps the store closed whatever the flag says.
 * `null` when it may.
 */
export function findStoreFlagProblem(
  env: DeployEnv,
  vars: Record<string, unknown>,
  changes: { store?: boolean },
): string | null {
  if (changes.store !== true || vars.COMMERCE_MODE === "live") return null;
  return (
    `The ${env} site has COMMERCE_MODE = "${String(vars.COMMERCE_MODE ?? "sandbox")}", so its store stays closed: ` +
    `set COMMERCE_MODE = "live" with COMMERCE_API_URL, STORE_ID and CHECKOUT_ALLOWED_HOSTS in [env.${env}.vars], ` +
    `run \`npm run deploy -- --env ${env}\`, then turn the store on.`
  );
}

/** The message printed when a production build or deploy is refused. */
export function formatDeployProblems(problems: readonly string[], env: DeployEnv = PRODUCTION_ENV): string {
  return [
    `The "${env}" environment in wrangler.toml cannot be deployed:`,
    ...problems.map((problem) => `  - ${problem}`),
    `Set [env.${env}.vars] (COMMERCE_MODE = "live" with COMMERCE_API_URL, STORE_ID, CHECKOUT_ALLOWED_HOSTS, or "off" for a closed store); see docs/operating.md.`,
    `Whether the secrets are set is not checked here: \`npx wrangler secret put ORDER_SIGNING_KEY --env ${env}\` (signs receipts and newsletter links), and with d1 forms NEWSLETTER_SEND_TOKEN, MAILGUN_API_KEY and MAILGUN_WEBHOOK_SIGNING_KEY the same way.`,
  ].join("\n");
}

/** Vite plugin: a build for a deployed environment (`env`) stops before bundling when the check fails. */
export function deployConfigCheck(env: DeployEnv | null): Plugin {
  return {
    name: "vpf:deploy-config-check",
    apply: "build",
    async buildStart() {
      if (!env) return;
      const problems = await findDeployProblems(path.resolve("wrangler.toml"), env);
      if (problems.length > 0) this.error(formatDeployProblems(problems, env));
    },
  };
}
