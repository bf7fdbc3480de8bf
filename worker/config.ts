/**
 * The worker's one typed configuration (ARCHITECTURE.md, "Configuration").
 * Every variable in `wrangler.toml` `[vars]`, every binding (KV, assets,
 * rate limits) and the build's own constants are read here and nowhere else,
 * once per isolate, with `EnvVarsSchema`; the rest of the worker receives a
 * `Config` object (`c.var.config`).
 *
 * Two readings of the same variables:
 * - `readConfig(env)` at request time is forgiving: a value that does not
 *   parse takes its default and is reported once as a structured warning, so
 *   a typo never takes the site down; live commerce with a missing value
 *   gives `commerce: null` (checkout answers 503).
 * - `checkDeployConfig(vars)` before a production build or deploy is strict:
 *   the sandbox, an empty or placeholder value, or any fallback is an error
 *   (rule 5.7), so an artifact that would "complete" orders without payment
 *   cannot be shipped.
 */
import * as v from "valibot";
import { AuthConfigSchema, type AuthConfig } from "../core/auth-config.ts";
import { DEFAULT_FORMS_RETENTION_DAYS, type PublicFormsConfig } from "../core/form-contract.ts";
import { isEmailAddressSyntax } from "../core/email-address.ts";
import { FormsModeSchema } from "../core/forms.ts";
import { DEFAULT_VITALS_SAMPLE_RATE } from "../core/vitals-contract.ts";

/** Defaults in ms for the duration variables. */
export const DEFAULT_DURATIONS_MS = {
  FLAGS_CACHE_TTL_MS: 30_000,
  HTML_CACHE_TTL_MS: 86_400_000,
  COMMERCE_TIMEOUT_MS: 8_000,
} as const;

/** A duration variable: unset or empty takes the default; otherwise whole milliseconds ≥ 0. */
const DurationSchema = v.pipe(
  v.optional(v.string(), ""),
  v.trim(),
  v.check((text) => text === "" || /^\d+$/.test(text), "must be a whole number of milliseconds"),
);

/** The worker's variables as strings, exactly as `wrangler.toml` `[vars]` gives them. */
export const EnvVarsSchema = v.object({
  FLAGS_CACHE_TTL_MS: DurationSchema,
  HTML_CACHE_TTL_MS: DurationSchema,
  COMMERCE_MODE: v.optional(v.picklist(["sandbox", "live"], 'must be "sandbox" or "live"'), "sandbox"),
  COMMERCE_API_URL: v.optional(v.string(), ""),
  STORE_ID: v.optional(v.string(), ""),
  COMMERCE_TIMEOUT_MS: DurationSchema,
  CHECKOUT_ALLOWED_HOSTS: v.optional(v.string(), ""),
  SUPABASE_URL: v.optional(v.string(), ""),
  SUPABASE_ANON_KEY: v.optional(v.string(), ""),
  DEBUG_HEADERS: v.optional(v.string(), ""),
  FORMS_MODE: v.optional(FormsModeSchema, "simulated"),
  FORMS_RETENTION_DAYS: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (text) => text === "" || (/^\d{1,5}$/.test(text) && Number(text) >= 1),
        "must be a whole number of days ≥ 1",
      ),
    ),
    "",
  ),
  FORMS_NOTICE_FROM: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((text) => text === "" || isEmailAddressSyntax(text), "must be an e-mail address"),
    ),
    "",
  ),
  FORMS_NOTICE_TO: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((text) => text === "" || isEmailAddressSyntax(text), "must be an e-mail address"),
    ),
    "",
  ),
  ORDER_SIGNING_KEY: v.optional(
    v.pipe(
      v.string(),
      v.check((text) => text === "" || text.length >= 32, "must be at least 32 characters"),
    ),
    "",
  ),
  VITALS_SAMPLE_RATE: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (text) => text === "" || (/^\d*\.?\d+$/.test(text) && Number(text) <= 1),
        "must be a share of visits from 0 to 1",
      ),
    ),
    "",
  ),
});

/** Live commerce settings: the base URL must be http(s) at run time (https at deploy). */
const LiveCommerceSchema = v.object({
  mode: v.literal("live"),
  baseUrl: v.pipe(v.string(), v.url("COMMERCE_API_URL must be a URL"), v.regex(/^https?:\/\//i, "must be http(s)")),
  storeId: v.pipe(v.string(), v.nonEmpty("STORE_ID must not be empty"), v.maxLength(200)),
  timeoutMs: v.pipe(v.number(), v.minValue(1, "COMMERCE_TIMEOUT_MS must be at least 1")),
  allowedHosts: v.pipe(v.array(v.string()), v.minLength(1, "CHECKOUT_ALLOWED_HOSTS must name at least one host")),
});

/** How checkout reaches the commerce API (rule 5.7). */
export type CommerceConfig = { mode: "sandbox" } | v.InferOutput<typeof LiveCommerceSchema>;

/** The parsed configuration. Durations in ms. */
export interface Config {
  /** How long an isolate keeps the flags it read (rule 1.2). */
  flagsTtlMs: number;
  /** How long a rendered page lives in the page cache (a day by default); 0 turns it off (rule 8.3). */
  htmlTtlMs: number;
  /** The commerce API, or `null` when live mode lacks a value (checkout then answers 503). */
  commerce: CommerceConfig | null;
  /** Public accounts configuration, or `null` when accounts are off (rule 9.1). */
  auth: AuthConfig;
  /** The auth service's origin for the CSP's `connect-src`, or `null`. */
  authOrigin: string | null;
  /** Whether debug headers (`X-Render-Cache`) are sent: local runs and tests only. */
  debugHeaders: boolean;
  /**
   * The secret that signs order receipts and sandbox sessions (rule 5.8), or
   * `null` when none is set: local runs then sign with a key generated per
   * isolate, and live commerce is off (checkout answers 503).
   */
  orderSigningSecret: string | null;
  /**
   * Where the forms go and how long contact messages are kept (rules 6.6,
   * 6.7); `notice` is the owner's copy of each contact message, or `null`
   * when the addresses or the `FORMS_NOTICE` binding are missing.
   */
  forms: PublicFormsConfig & { notice: { from: string; to: string } | null };
  /** Share of visits whose browser reports its Web Vitals, 0..1 (rule 8.5; `VITALS_SAMPLE_RATE`). */
  vitalsSampleRate: number;
  /** The bindings (rate limits, KV, assets, D1, e-mail). */
  bindings: Bindings;
}

/**
 * The bindings that are not variables, as `wrangler.toml` declares them;
 * `null` where absent. Typed by the calls the worker makes, so that Node
 * scripts can type-check this module without the Workers types.
 */
export interface Bindings {
  /** KV namespace `FLAGS` (rule 1.2). */
  flags: { get(key: string, type: "text"): Promise<string | null> } | null;
  /** Static files of `build/client` (`ASSETS`). */
  assets: { fetch(request: Request): Promise<Response> } | null;
  /** Checkout attempts per client IP (`CHECKOUT_RATE_LIMITER`, rule 5.2). */
  checkoutLimiter: RateLimiter | null;
  /** CSP reports per client IP (`CSP_REPORT_RATE_LIMITER`, rule 8.4). */
  cspReportLimiter: RateLimiter | null;
  /** Form submissions per client IP (`FORMS_RATE_LIMITER`, rule 6.6). */
  formsLimiter: RateLimiter | null;
  /** The D1 database that keeps form submissions (`FORMS_DB`, rule 6.6). */
  formsDb: FormsDatabase | null;
  /** The owner's copy of contact messages (`FORMS_NOTICE`, a `send_email` binding, rule 6.6). */
  formsNotice: EmailSender | null;
  /** Web Vitals beacons per client IP (`VITALS_RATE_LIMITER`, rule 8.5). */
  vitalsLimiter: RateLimiter | null;
  /** Where field data is written (`VITALS`, a Workers Analytics Engine dataset, rule 8.5). */
  vitals: AnalyticsDataset | null;
}

/** The part of a Workers Analytics Engine binding the worker uses: one data point per call, never awaited. */
export interface AnalyticsDataset {
  writeDataPoint(point: { blobs?: string[]; doubles?: number[]; indexes?: string[] }): void;
}

/** The part of a D1 binding the worker uses. */
export interface FormsDatabase {
  prepare(query: string): {
    bind(...values: unknown[]): { run(): Promise<{ meta: { changes: number } }> };
  };
}

/** A `send_email` binding, given a message as text. */
export interface EmailSender {
  send(message: { from: string; to: string; subject: string; text: string; replyTo?: string }): Promise<unknown>;
}

/** A rate-limit binding: `limit` answers whether one more request from `key` fits the budget. */
export interface RateLimiter {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

declare const __BUILD_ID__: string | undefined;

/**
 * The build's id (`vite.config.ts` defines it), part of every page cache
 * key. The other build constant, `__COMMERCE_SANDBOX__`, is read where the
 * sandbox is imported (`index.ts`, `checkout.ts`): the bundler drops the
 * sandbox from production only when it sees the literal there.
 */
export const BUILD_ID: string = typeof __BUILD_ID__ === "string" ? __BUILD_ID__ : "dev";

/** A value that could not be used as given, with what was done instead. */
export interface ConfigProblem {
  variable: string;
  message: string;
}

/** Parsed configuration plus the problems met while reading it. */
export interface ConfigReading {
  config: Config;
  problems: ConfigProblem[];
}

const PLACEHOLDER = /^$|replace[-_ ]?me|placeholder|changeme|example\.(?:com|org|net)|\bto-?do\b|^<.*>$/i;

type EnvVars = v.InferOutput<typeof EnvVarsSchema>;

/** Stands in for `ORDER_SIGNING_KEY` when only `[vars]` are checked (32 characters, never used to sign). */
const SECRET_NOT_IN_VARS = "deployed-secret-is-not-in-the-vars";

function readDuration(vars: EnvVars, name: keyof typeof DEFAULT_DURATIONS_MS): number {
  const text = vars[name];
  return text === "" ? DEFAULT_DURATIONS_MS[name] : Number(text);
}

function splitHosts(list: string): string[] {
  return list
    .split(",")
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
}

/**
 * Parses the variables into a `Config`. Never throws.
 *
 * @param env the worker's bindings (only string variables are read).
 * @returns the configuration and, for each variable that could not be used,
 *   a problem naming it (the default or `null` was used instead).
 */
export function parseConfig(env: Record<string, unknown>): ConfigReading {
  const problems: ConfigProblem[] = [];
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(EnvVarsSchema.entries)) {
    const value = env[key];
    if (value === undefined) continue;
    const one = v.safeParse(EnvVarsSchema.entries[key as keyof EnvVars], value);
    if (one.success) raw[key] = value;
    else problems.push({ variable: key, message: `${one.issues[0]?.message ?? "invalid"}; the default is used` });
  }
  const vars = v.parse(EnvVarsSchema, raw);

  let commerce: CommerceConfig | null = { mode: "sandbox" };
  if (vars.COMMERCE_MODE === "live") {
    const live = v.safeParse(LiveCommerceSchema, {
      mode: "live",
      baseUrl: vars.COMMERCE_API_URL.trim().replace(/\/+$/, ""),
      storeId: vars.STORE_ID.trim(),
      timeoutMs: readDuration(vars, "COMMERCE_TIMEOUT_MS"),
      allowedHosts: splitHosts(vars.CHECKOUT_ALLOWED_HOSTS),
    });
    if (live.success) commerce = live.output;
    else {
      commerce = null;
      for (const issue of live.issues) {
        problems.push({ variable: readIssueVariable(issue), message: `${issue.message}; checkout is off` });
      }
    }
  }

  const orderSigningSecret = vars.ORDER_SIGNING_KEY === "" ? null : vars.ORDER_SIGNING_KEY;
  if (commerce?.mode === "live" && orderSigningSecret === null) {
    commerce = null;
    problems.push({
      variable: "ORDER_SIGNING_KEY",
      message: "live checkout needs a signing secret (wrangler secret put ORDER_SIGNING_KEY); checkout is off",
    });
  }

  let auth: AuthConfig = null;
  if (vars.SUPABASE_URL !== "" || vars.SUPABASE_ANON_KEY !== "") {
    const parsed = v.safeParse(AuthConfigSchema, { url: vars.SUPABASE_URL, anonKey: vars.SUPABASE_ANON_KEY });
    if (parsed.success) auth = parsed.output;
    else problems.push({ variable: "SUPABASE_URL", message: "accounts need both a URL and a key; accounts are off" });
  }

  const bindings = readBindings(env);
  const retentionText = vars.FORMS_RETENTION_DAYS;
  const notice =
    bindings.formsNotice && vars.FORMS_NOTICE_FROM !== "" && vars.FORMS_NOTICE_TO !== ""
      ? { from: vars.FORMS_NOTICE_FROM, to: vars.FORMS_NOTICE_TO }
      : null;
  if (vars.FORMS_MODE === "d1" && !bindings.formsDb) {
    problems.push({ variable: "FORMS_MODE", message: 'is "d1" but FORMS_DB is not bound; the forms answer 503' });
  }

  return {
    config: {
      flagsTtlMs: readDuration(vars, "FLAGS_CACHE_TTL_MS"),
      htmlTtlMs: readDuration(vars, "HTML_CACHE_TTL_MS"),
      commerce,
      auth,
      authOrigin: auth ? new URL(auth.url).origin : null,
      debugHeaders: vars.DEBUG_HEADERS === "true",
      orderSigningSecret,
      forms: {
        mode: vars.FORMS_MODE,
        retentionDays: retentionText === "" ? DEFAULT_FORMS_RETENTION_DAYS : Number(retentionText),
        ownerCopy: notice !== null,
        notice,
      },
      vitalsSampleRate: vars.VITALS_SAMPLE_RATE === "" ? DEFAULT_VITALS_SAMPLE_RATE : Number(vars.VITALS_SAMPLE_RATE),
      bindings,
    },
    problems,
  };
}

function readBindings(env: Record<string, unknown>): Bindings {
  const binding = <T>(name: string) => (env[name] ?? null) as T | null;
  return {
    flags: binding<NonNullable<Bindings["flags"]>>("FLAGS"),
    assets: binding<NonNullable<Bindings["assets"]>>("ASSETS"),
    checkoutLimiter: binding<RateLimiter>("CHECKOUT_RATE_LIMITER"),
    cspReportLimiter: binding<RateLimiter>("CSP_REPORT_RATE_LIMITER"),
    formsLimiter: binding<RateLimiter>("FORMS_RATE_LIMITER"),
    formsDb: binding<FormsDatabase>("FORMS_DB"),
    formsNotice: binding<EmailSender>("FORMS_NOTICE"),
    vitalsLimiter: binding<RateLimiter>("VITALS_RATE_LIMITER"),
    vitals: binding<AnalyticsDataset>("VITALS"),
  };
}

function readIssueVariable(issue: v.BaseIssue<unknown>): string {
  const key = v.getDotPath(issue);
  return (
    { baseUrl: "COMMERCE_API_URL", storeId: "STORE_ID", timeoutMs: "COMMERCE_TIMEOUT_MS" }[key ?? ""] ??
    "CHECKOUT_ALLOWED_HOSTS"
  );
}

/** Everything of the configuration that pages receive (the root loader's data), and nothing else. */
export interface PublicConfig {
  auth: AuthConfig;
  forms: PublicFormsConfig;
  vitalsSampleRate: number;
}

/**
 * The configuration pages receive. The page cache keys on exactly this object,
 * so a page can never be served with a value it no longer has.
 */
export function readPublicConfig(config: Config): PublicConfig {
  const { mode, retentionDays, ownerCopy } = config.forms;
  return { auth: config.auth, forms: { mode, retentionDays, ownerCopy }, vitalsSampleRate: config.vitalsSampleRate };
}

const readings = new WeakMap<object, Config>();

/**
 * The configuration for these bindings, parsed once per isolate (per `env`
 * object); each problem is logged once as a JSON warning line.
 */
export function readConfig(env: object): Config {
  const known = readings.get(env);
  if (known) return known;
  const { config, problems } = parseConfig(env as Record<string, unknown>);
  for (const problem of problems) {
    console.warn(JSON.stringify({ level: "warn", event: "config.invalid", ...problem }));
  }
  readings.set(env, config);
  return config;
}

/**
 * The strict check run before a production build or deploy (rule 5.7).
 *
 * @param vars the `[vars]` of the environment being deployed.
 * @returns one line per refusal (empty when the configuration may ship):
 *   commerce in sandbox mode, an empty or placeholder commerce value, a
 *   non-https API, or any variable the forgiving reading would replace.
 */
export function checkDeployConfig(vars: Record<string, unknown>): string[] {
  const errors: string[] = [];
  // The signing secret is a deployed secret, never a `[vars]` entry, so the
  // variables alone cannot show it; README's deploy steps set it.
  const { config, problems } = parseConfig({ ORDER_SIGNING_KEY: SECRET_NOT_IN_VARS, ...vars });
  for (const problem of problems) errors.push(`${problem.variable}: ${problem.message}`);
  const mode = typeof vars.COMMERCE_MODE === "string" ? vars.COMMERCE_MODE : "sandbox";
  if (mode !== "live") {
    errors.push(`COMMERCE_MODE is "${mode}": production must use "live" (the sandbox takes no payment)`);
  }
  for (const name of ["COMMERCE_API_URL", "STORE_ID", "CHECKOUT_ALLOWED_HOSTS"]) {
    const value = typeof vars[name] === "string" ? (vars[name] as string).trim() : "";
    if (PLACEHOLDER.test(value)) errors.push(`${name} is empty or a placeholder ("${value}")`);
  }
  if (config.commerce?.mode === "live" && !config.commerce.baseUrl.startsWith("https://")) {
    errors.push("COMMERCE_API_URL must use https in production");
  }
  return [...new Set(errors)];
}
