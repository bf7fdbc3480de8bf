/**
 * The worker's one typed configuration: variables and bindings are read here only, but for `ASSETS` under
 * `npm run dev`, which `serveDevServerPaths` (`static-assets.ts`) reads before this runs. Read forgivingly at request
 * time so a typo never takes the site down, and strictly before a deploy (rule 5.7).
 */
import * as v from "valibot";
import { AuthConfigSchema, type AuthConfig } from "../core/auth-config.ts";
import { DEFAULT_FORMS_RETENTION_DAYS, type PublicFormsConfig } from "../core/form-contract.ts";
import { isEmailAddressSyntax } from "../core/email-address.ts";
import { FormsModeSchema } from "../core/forms.ts";
import { DEFAULT_VITALS_SAMPLE_RATE } from "../core/vitals-contract.ts";
import type { BulkMailConfig } from "./mail-provider.server.ts";

export const DEFAULT_DURATIONS_MS = {
  FLAGS_CACHE_TTL_MS: 30_000,
  HTML_CACHE_TTL_MS: 86_400_000,
  COMMERCE_TIMEOUT_MS: 8_000,
} as const;

/** An optional variable, trimmed: empty (the default) or text `isValid` accepts. */
function optionalVar(isValid: (text: string) => boolean, message: string) {
  return v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((text) => text === "" || isValid(text), message),
    ),
    "",
  );
}

/** An optional secret, kept as written: empty, or at least `minLength` characters. */
function optionalSecret(minLength: number) {
  const message = `must be at least ${minLength} characters`;
  return v.optional(
    v.pipe(
      v.string(),
      v.check((text) => text === "" || text.length >= minLength, message),
    ),
    "",
  );
}

/**
 * A bearer token: empty, or at least 12 characters of RFC 6750's token68 (letters, digits, `-._~+/`, then `=`s),
 * since `Authorization: Bearer` can carry nothing else and a token outside it could never authenticate.
 */
const BearerTokenSchema = v.optional(
  v.pipe(
    v.string(),
    v.check((text) => text === "" || text.length >= 12, "must be at least 12 characters"),
    v.check(
      (text) => text === "" || /^[A-Za-z0-9\-._~+/]+=*$/.test(text),
      "may hold only letters, digits and - . _ ~ + / (then = at the end), as RFC 6750 bearer tokens do",
    ),
  ),
  "",
);

/**
 * Whether `text` is an http(s) origin and nothing more: scheme, host and an optional valid port, with no user name,
 * path (a trailing `/` included), query or fragment. Mail links and API calls append their path to it.
 */
function isOrigin(text: string): boolean {
  return /^https?:\/\/[^/?#@\s]+$/i.test(text) && URL.canParse(text);
}

const DurationSchema = optionalVar((text) => /^\d+$/.test(text), "must be a whole number of milliseconds");
const AddressSchema = optionalVar(isEmailAddressSyntax, "must be an e-mail address");

/** The `[vars]` of `wrangler.toml`, as strings. */
export const EnvVarsSchema = v.object({
  FLAGS_CACHE_TTL_MS: DurationSchema,
  HTML_CACHE_TTL_MS: DurationSchema,
  COMMERCE_MODE: v.optional(v.picklist(["sandbox", "live", "off"], 'must be "sandbox", "live" or "off"'), "sandbox"),
  COMMERCE_API_URL: v.optional(v.string(), ""),
  STORE_ID: v.optional(v.string(), ""),
  COMMERCE_TIMEOUT_MS: DurationSchema,
  CHECKOUT_ALLOWED_HOSTS: v.optional(v.string(), ""),
  SUPABASE_URL: v.optional(v.string(), ""),
  SUPABASE_ANON_KEY: v.optional(v.string(), ""),
  DEBUG_HEADERS: v.optional(v.string(), ""),
  DRAIN_REQUEST_BODIES: v.optional(v.string(), ""),
  FORMS_MODE: v.optional(FormsModeSchema, "simulated"),
  FORMS_RETENTION_DAYS: optionalVar(
    (text) => /^\d{1,5}$/.test(text) && Number(text) >= 1,
    "must be a whole number of days ≥ 1",
  ),
  FORMS_NOTICE_FROM: AddressSchema,
  FORMS_NOTICE_TO: AddressSchema,
  ORDER_SIGNING_KEY: optionalSecret(32),
  SITE_URL: optionalVar(isOrigin, "must be an origin such as https://vpf.example"),
  NEWSLETTER_FROM: AddressSchema,
  NEWSLETTER_SEND_TOKEN: BearerTokenSchema,
  MAILGUN_API_URL: optionalVar(isOrigin, "must be an origin such as https://api.mailgun.net"),
  MAILGUN_DOMAIN: optionalVar(
    (text) => /^[a-z0-9.-]+\.[a-z]{2,}$/i.test(text),
    "must be a domain such as mg.example.org",
  ),
  MAILGUN_API_KEY: optionalSecret(8),
  MAILGUN_WEBHOOK_SIGNING_KEY: optionalSecret(8),
  VITALS_SAMPLE_RATE: optionalVar(
    (text) => /^\d*\.?\d+$/.test(text) && Number(text) <= 1,
    "must be a share of visits from 0 to 1",
  ),
});

/** The base URL may be http at run time; the deploy check requires https. */
const LiveCommerceSchema = v.object({
  mode: v.literal("live"),
  baseUrl: v.pipe(v.string(), v.url("COMMERCE_API_URL must be a URL"), v.regex(/^https?:\/\//i, "must be http(s)")),
  storeId: v.pipe(v.string(), v.nonEmpty("STORE_ID must not be empty"), v.maxLength(200)),
  timeoutMs: v.pipe(v.number(), v.minValue(1, "COMMERCE_TIMEOUT_MS must be at least 1")),
  allowedHosts: v.pipe(v.array(v.string()), v.minLength(1, "CHECKOUT_ALLOWED_HOSTS must name at least one host")),
});

/** How checkout reaches the commerce API (rule 5.7); `off` closes the store whatever the flags say. */
export type CommerceConfig = { mode: "sandbox" } | { mode: "off" } | v.InferOutput<typeof LiveCommerceSchema>;

/** Durations in ms. */
export interface Config {
  /** Rule 1.2. */
  flagsTtlMs: number;
  /** 0 turns the page cache off (rule 8.3). */
  htmlTtlMs: number;
  /** `null` when live mode lacks a value: checkout answers 503. */
  commerce: CommerceConfig | null;
  auth: AuthConfig;
  /** For the CSP's `connect-src`. */
  authOrigin: string | null;
  /** Local runs and tests only. */
  debugHeaders: boolean;
  /** The local dev server only (`drainRequestBodies`). */
  drainRequestBodies: boolean;
  /** Rule 5.8; `null`: local runs sign with a per-isolate key and live checkout is off. */
  orderSigningSecret: string | null;
  /** `notice` (the owner's copy) is `null` without both addresses and the `FORMS_NOTICE` binding. */
  forms: PublicFormsConfig & { notice: { from: string; to: string } | null };
  /**
   * `null` unless forms are `d1` with FORMS_DB, NEWSLETTER_MAIL and NEWSLETTER_QUEUE bound, and NEWSLETTER_FROM
   * and the four MAILGUN_* values set.
   */
  newsletter: NewsletterConfig | null;
  /**
   * The operator's bearer token for POST /api/newsletter/send, whatever the forms' mode; `null` turns that endpoint
   * off.
   */
  newsletterSendToken: string | null;
  /** 0..1 (rule 8.5). */
  vitalsSampleRate: number;
  bindings: Bindings;
}

/** The newsletter's dead-letter queue (`wrangler.toml`): its batches are recorded as failed, not mailed. */
export const NEWSLETTER_DEAD_LETTER_QUEUE = "vpf-newsletter-dlq";

/** What the newsletter's mail needs (rule 6.8). */
export interface NewsletterConfig {
  from: string;
  /** The origin of mail links; `null`: the sign-up's origin, or http://localhost:8787 for issues. */
  siteUrl: string | null;
  db: NonNullable<Bindings["formsDb"]>;
  /** Confirmation mails (transactional). */
  mail: NonNullable<Bindings["newsletterMail"]>;
  queue: NonNullable<Bindings["newsletterQueue"]>;
  /** Issues (bulk), and the provider's events. */
  bulk: BulkMailConfig;
}

declare global {
  /** The bindings `wrangler types` writes into `worker-configuration.d.ts`; empty where Node scripts check variables. */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged with the generated declaration
  interface Env {}
}

/** A binding's type as `wrangler types` generates it from `wrangler.toml`. */
type Bound<Name extends string> = Name extends keyof Env ? NonNullable<Env[Name]> : never;

/** Bindings, `null` where absent. */
export interface Bindings {
  flags: Bound<"FLAGS"> | null;
  assets: Bound<"ASSETS"> | null;
  checkoutLimiter: Bound<"CHECKOUT_RATE_LIMITER"> | null;
  cspReportLimiter: Bound<"CSP_REPORT_RATE_LIMITER"> | null;
  formsLimiter: Bound<"FORMS_RATE_LIMITER"> | null;
  formsDb: Bound<"FORMS_DB"> | null;
  formsNotice: Bound<"FORMS_NOTICE"> | null;
  newsletterMail: Bound<"NEWSLETTER_MAIL"> | null;
  newsletterQueue: Bound<"NEWSLETTER_QUEUE"> | null;
  vitalsLimiter: Bound<"VITALS_RATE_LIMITER"> | null;
  vitals: Bound<"VITALS"> | null;
}

declare const __BUILD_ID__: string | undefined;

/** Part of every page cache key. `__COMMERCE_SANDBOX__` is read at the sandbox's imports, so the bundler drops it. */
export const BUILD_ID: string = typeof __BUILD_ID__ === "string" ? __BUILD_ID__ : "dev";

export interface ConfigProblem {
  variable: string;
  message: string;
}

export interface ConfigReading {
  config: Config;
  problems: ConfigProblem[];
}

const PLACEHOLDER = /^$|replace[-_ ]?me|placeholder|changeme|example\.(?:com|org|net)|\bto-?do\b|^<.*>$/i;

type EnvVars = v.InferOutput<typeof EnvVarsSchema>;

/** Stands in for the deployed secret when only `[vars]` are checked; never signs. */
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

/** The checkout's configuration; `null`, with its problems pushed, when live mode lacks a value (rule 5.7). */
function readCommerceConfig(
  vars: EnvVars,
  orderSigningSecret: string | null,
  problems: ConfigProblem[],
): CommerceConfig | null {
  if (vars.COMMERCE_MODE !== "live") return { mode: vars.COMMERCE_MODE };
  const live = v.safeParse(LiveCommerceSchema, {
    mode: "live",
    baseUrl: vars.COMMERCE_API_URL.trim().replace(/\/+$/, ""),
    storeId: vars.STORE_ID.trim(),
    timeoutMs: readDuration(vars, "COMMERCE_TIMEOUT_MS"),
    allowedHosts: splitHosts(vars.CHECKOUT_ALLOWED_HOSTS),
  });
  if (!live.success) {
    for (const issue of live.issues) {
      problems.push({ variable: readIssueVariable(issue), message: `${issue.message}; checkout is off` });
    }
    return null;
  }
  if (orderSigningSecret === null) {
    problems.push({
      variable: "ORDER_SIGNING_KEY",
      message: "live checkout needs a signing secret (wrangler secret put ORDER_SIGNING_KEY); checkout is off",
    });
    return null;
  }
  return live.output;
}

/** The newsletter's configuration; `null`, with the reason pushed in `d1` mode, when a binding or value is missing. */
function readNewsletterConfig(vars: EnvVars, bindings: Bindings, problems: ConfigProblem[]): NewsletterConfig | null {
  const { formsDb, newsletterMail, newsletterQueue } = bindings;
  const bulk =
    vars.MAILGUN_API_URL && vars.MAILGUN_DOMAIN && vars.MAILGUN_API_KEY && vars.MAILGUN_WEBHOOK_SIGNING_KEY
      ? {
          apiUrl: vars.MAILGUN_API_URL.replace(/\/+$/, ""),
          domain: vars.MAILGUN_DOMAIN,
          apiKey: vars.MAILGUN_API_KEY,
          webhookSigningKey: vars.MAILGUN_WEBHOOK_SIGNING_KEY,
        }
      : null;
  const newsletter: NewsletterConfig | null =
    vars.FORMS_MODE === "d1" && formsDb && newsletterMail && newsletterQueue && bulk && vars.NEWSLETTER_FROM !== ""
      ? {
          from: vars.NEWSLETTER_FROM,
          siteUrl: vars.SITE_URL === "" ? null : vars.SITE_URL,
          db: formsDb,
          mail: newsletterMail,
          queue: newsletterQueue,
          bulk,
        }
      : null;
  if (vars.FORMS_MODE === "d1" && formsDb && !newsletter) {
    problems.push({
      variable: "NEWSLETTER_FROM",
      message:
        "the newsletter needs NEWSLETTER_FROM, NEWSLETTER_MAIL, NEWSLETTER_QUEUE and MAILGUN_API_URL, MAILGUN_DOMAIN, MAILGUN_API_KEY, MAILGUN_WEBHOOK_SIGNING_KEY; sign-ups answer 503",
    });
  }
  return newsletter;
}

/** Never throws: each unusable variable takes its default (or `null`) and is named in `problems`. */
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

  const orderSigningSecret = vars.ORDER_SIGNING_KEY === "" ? null : vars.ORDER_SIGNING_KEY;
  const commerce = readCommerceConfig(vars, orderSigningSecret, problems);

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

  const newsletter = readNewsletterConfig(vars, bindings, problems);

  return {
    config: {
      flagsTtlMs: readDuration(vars, "FLAGS_CACHE_TTL_MS"),
      htmlTtlMs: readDuration(vars, "HTML_CACHE_TTL_MS"),
      commerce,
      auth,
      authOrigin: auth ? new URL(auth.url).origin : null,
      debugHeaders: vars.DEBUG_HEADERS === "true",
      drainRequestBodies: vars.DRAIN_REQUEST_BODIES === "true",
      orderSigningSecret,
      forms: {
        mode: vars.FORMS_MODE,
        retentionDays: retentionText === "" ? DEFAULT_FORMS_RETENTION_DAYS : Number(retentionText),
        ownerCopy: notice !== null,
        notice,
      },
      newsletter,
      newsletterSendToken: vars.NEWSLETTER_SEND_TOKEN === "" ? null : vars.NEWSLETTER_SEND_TOKEN,
      vitalsSampleRate: vars.VITALS_SAMPLE_RATE === "" ? DEFAULT_VITALS_SAMPLE_RATE : Number(vars.VITALS_SAMPLE_RATE),
      bindings,
    },
    problems,
  };
}

function readBindings(env: Record<string, unknown>): Bindings {
  const binding = <Name extends keyof Bindings>(name: string) => (env[name] ?? null) as Bindings[Name];
  return {
    flags: binding<"flags">("FLAGS"),
    assets: binding<"assets">("ASSETS"),
    checkoutLimiter: binding<"checkoutLimiter">("CHECKOUT_RATE_LIMITER"),
    cspReportLimiter: binding<"cspReportLimiter">("CSP_REPORT_RATE_LIMITER"),
    formsLimiter: binding<"formsLimiter">("FORMS_RATE_LIMITER"),
    formsDb: binding<"formsDb">("FORMS_DB"),
    formsNotice: binding<"formsNotice">("FORMS_NOTICE"),
    newsletterMail: binding<"newsletterMail">("NEWSLETTER_MAIL"),
    newsletterQueue: binding<"newsletterQueue">("NEWSLETTER_QUEUE"),
    vitalsLimiter: binding<"vitalsLimiter">("VITALS_RATE_LIMITER"),
    vitals: binding<"vitals">("VITALS"),
  };
}

function readIssueVariable(issue: v.BaseIssue<unknown>): string {
  const key = v.getDotPath(issue);
  return (
    { baseUrl: "COMMERCE_API_URL", storeId: "STORE_ID", timeoutMs: "COMMERCE_TIMEOUT_MS" }[key ?? ""] ??
    "CHECKOUT_ALLOWED_HOSTS"
  );
}

export interface PublicConfig {
  auth: AuthConfig;
  forms: PublicFormsConfig;
  vitalsSampleRate: number;
}

/** What pages receive; the page cache keys on exactly this, so no page outlives a value it shows. */
export function readPublicConfig(config: Config): PublicConfig {
  const { mode, retentionDays, ownerCopy } = config.forms;
  return { auth: config.auth, forms: { mode, retentionDays, ownerCopy }, vitalsSampleRate: config.vitalsSampleRate };
}

const readings = new WeakMap<object, Config>();

/** Parsed once per `env` object; each problem is logged once as a JSON warning. */
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

/** The newsletter's sender and the origin of its links, which `d1` forms mail out; one line per refusal. */
function checkNewsletterVars(vars: Record<string, unknown>): string[] {
  const errors: string[] = [];
  const from = typeof vars.NEWSLETTER_FROM === "string" ? vars.NEWSLETTER_FROM.trim() : "";
  if (PLACEHOLDER.test(from) || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(from)) {
    errors.push(
      `NEWSLETTER_FROM is empty, a placeholder or not an address ("${from}"): onboard the sending domain in the Cloudflare dashboard (Email Sending, then add the SPF and DKIM records it gives) and set an address on it`,
    );
  }
  const domain = typeof vars.MAILGUN_DOMAIN === "string" ? vars.MAILGUN_DOMAIN.trim() : "";
  if (PLACEHOLDER.test(domain) || !/^[a-z0-9.-]+\.[a-z]{2,}$/i.test(domain)) {
    errors.push(
      `MAILGUN_DOMAIN is empty, a placeholder or not a domain ("${domain}"): add the sending domain at the mail provider (its DNS records verified) and set it here`,
    );
  }
  const api = typeof vars.MAILGUN_API_URL === "string" ? vars.MAILGUN_API_URL.trim() : "";
  if (!/^https:/i.test(api) || !isOrigin(api)) {
    errors.push(`MAILGUN_API_URL is not an https origin ("${api}"): set https://api.mailgun.net (or the EU region's)`);
  }
  const site = typeof vars.SITE_URL === "string" ? vars.SITE_URL.trim() : "";
  if (PLACEHOLDER.test(site) || !/^https:/i.test(site) || !isOrigin(site)) {
    errors.push(
      `SITE_URL is empty, a placeholder or not an https origin ("${site}"): set the site's address, e.g. https://your.domain, with no path, trailing slash, query, fragment or user name`,
    );
  }
  return errors;
}

const NEWSLETTER_VARS = new Set(["SITE_URL", "NEWSLETTER_FROM", "MAILGUN_API_URL", "MAILGUN_DOMAIN"]);

/** The strict check of `[vars]` before a production build or deploy (rule 5.7): one line per refusal. */
export function checkDeployConfig(vars: Record<string, unknown>): string[] {
  const errors: string[] = [];
  // scripts/deploy-config.ts checks the bindings in wrangler.toml itself; here they count as bound.
  const bound = { FORMS_DB: {}, NEWSLETTER_QUEUE: {}, NEWSLETTER_MAIL: {} };
  const secrets = {
    ORDER_SIGNING_KEY: SECRET_NOT_IN_VARS,
    MAILGUN_API_KEY: SECRET_NOT_IN_VARS,
    MAILGUN_WEBHOOK_SIGNING_KEY: SECRET_NOT_IN_VARS,
  };
  const { config, problems } = parseConfig({ ...secrets, ...bound, ...vars });
  // The newsletter's variables get their own, more helpful refusals from checkNewsletterVars.
  for (const problem of problems) {
    if (!NEWSLETTER_VARS.has(problem.variable)) errors.push(`${problem.variable}: ${problem.message}`);
  }
  const mode = typeof vars.COMMERCE_MODE === "string" ? vars.COMMERCE_MODE : "sandbox";
  if (mode !== "live" && mode !== "off") {
    errors.push(
      `COMMERCE_MODE is "${mode}": a deployed site uses "live" (the sandbox takes no payment), or "off" to launch with the store closed`,
    );
  }
  // A site launched with the store off needs no commerce settings until it turns "live".
  for (const name of mode === "off" ? [] : ["COMMERCE_API_URL", "STORE_ID", "CHECKOUT_ALLOWED_HOSTS"]) {
    const value = typeof vars[name] === "string" ? (vars[name] as string).trim() : "";
    if (PLACEHOLDER.test(value)) errors.push(`${name} is empty or a placeholder ("${value}")`);
  }
  if (config.commerce?.mode === "live" && !config.commerce.baseUrl.startsWith("https://")) {
    errors.push("COMMERCE_API_URL must use https in production");
  }
  if (vars.FORMS_MODE === "d1") errors.push(...checkNewsletterVars(vars));
  return [...new Set(errors)];
}
