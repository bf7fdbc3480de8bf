import { describe, expect, it } from "vitest";
import { DEFAULT_DURATIONS_MS, checkDeployConfig, parseConfig } from "./config.server";

const LIVE = {
  COMMERCE_MODE: "live",
  COMMERCE_API_URL: "https://commerce.vpf.test/",
  STORE_ID: "store-42",
  CHECKOUT_ALLOWED_HOSTS: "pay.vpf.test, Checkout.VPF.test",
  ORDER_SIGNING_KEY: "unit-tests-order-signing-secret-0123456789",
};

describe("parseConfig", () => {
  it("gives every duration its default when the variable is empty or unset", () => {
    const { config, problems } = parseConfig({ FLAGS_CACHE_TTL_MS: "", HTML_CACHE_TTL_MS: "  " });
    expect(config.flagsTtlMs).toBe(DEFAULT_DURATIONS_MS.FLAGS_CACHE_TTL_MS);
    expect(config.htmlTtlMs).toBe(DEFAULT_DURATIONS_MS.HTML_CACHE_TTL_MS);
    expect(problems).toEqual([]);
  });

  it("keeps 0 (the page cache off) and reports a value that is not a duration", () => {
    expect(parseConfig({ HTML_CACHE_TTL_MS: "0" }).config.htmlTtlMs).toBe(0);
    const { config, problems } = parseConfig({ HTML_CACHE_TTL_MS: "60s" });
    expect(config.htmlTtlMs).toBe(DEFAULT_DURATIONS_MS.HTML_CACHE_TTL_MS);
    expect(problems).toEqual([{ variable: "HTML_CACHE_TTL_MS", message: expect.stringContaining("default") }]);
  });

  it("reads the sandbox by default and live commerce with its hosts", () => {
    expect(parseConfig({}).config.commerce).toEqual({ mode: "sandbox" });
    expect(parseConfig(LIVE).config.commerce).toEqual({
      mode: "live",
      baseUrl: "https://commerce.vpf.test",
      storeId: "store-42",
      timeoutMs: DEFAULT_DURATIONS_MS.COMMERCE_TIMEOUT_MS,
      allowedHosts: ["pay.vpf.test", "checkout.vpf.test"],
    });
  });

  it("turns checkout off, not the site, when live commerce lacks a value", () => {
    const { config, problems } = parseConfig({ ...LIVE, STORE_ID: "" });
    expect(config.commerce).toBeNull();
    expect(problems.map((problem) => problem.variable)).toEqual(["STORE_ID"]);
  });

  it("turns live checkout off without a signing secret of at least 32 characters", () => {
    for (const secret of [undefined, "", "too-short"]) {
      const { config, problems } = parseConfig({ ...LIVE, ORDER_SIGNING_KEY: secret });
      expect(config.commerce).toBeNull();
      expect(problems.map((problem) => problem.variable)).toContain("ORDER_SIGNING_KEY");
    }
    expect(parseConfig({ ORDER_SIGNING_KEY: "" }).config).toMatchObject({ commerce: { mode: "sandbox" } });
  });

  it("turns accounts on only with both values", () => {
    expect(parseConfig({}).config.auth).toBeNull();
    const on = parseConfig({ SUPABASE_URL: "https://abcd.supabase.co", SUPABASE_ANON_KEY: "key" }).config;
    expect(on.auth).toEqual({ url: "https://abcd.supabase.co", anonKey: "key" });
    expect(on.authOrigin).toBe("https://abcd.supabase.co");
    expect(parseConfig({ SUPABASE_URL: "https://abcd.supabase.co" }).config.auth).toBeNull();
    expect(parseConfig({ SUPABASE_URL: "not a url", SUPABASE_ANON_KEY: "key" }).config.auth).toBeNull();
  });
});

describe("the forms' configuration (rules 6.6, 6.7)", () => {
  const notice = { send: async () => undefined };
  it("defaults to simulated forms, 90 days and no owner's copy", () => {
    const { config, problems } = parseConfig({});
    expect(config.forms).toEqual({ mode: "simulated", retentionDays: 90, ownerCopy: false, notice: null });
    expect(problems).toEqual([]);
  });

  it("reads d1, the retention and the owner's copy only with the binding and both addresses", () => {
    const vars = {
      FORMS_MODE: "d1",
      FORMS_RETENTION_DAYS: "30",
      FORMS_NOTICE_FROM: "f@vpf.test",
      FORMS_NOTICE_TO: "o@vpf.test",
    };
    const withBinding = parseConfig({ ...vars, FORMS_DB: {}, FORMS_NOTICE: notice }).config.forms;
    expect(withBinding).toEqual({
      mode: "d1",
      retentionDays: 30,
      ownerCopy: true,
      notice: { from: "f@vpf.test", to: "o@vpf.test" },
    });
    expect(parseConfig({ ...vars, FORMS_DB: {} }).config.forms.ownerCopy).toBe(false);
    expect(parseConfig({ ...vars, FORMS_DB: {}, FORMS_NOTICE: notice, FORMS_NOTICE_TO: "" }).config.forms.notice).toBe(
      null,
    );
  });

  it("reports a bad mode, retention or address and uses the default; d1 without a database is reported", () => {
    const { config, problems } = parseConfig({
      FORMS_MODE: "mail",
      FORMS_RETENTION_DAYS: "0",
      FORMS_NOTICE_TO: "owner",
    });
    expect(config.forms.mode).toBe("simulated");
    expect(config.forms.retentionDays).toBe(90);
    expect(problems.map((problem) => problem.variable)).toEqual([
      "FORMS_MODE",
      "FORMS_RETENTION_DAYS",
      "FORMS_NOTICE_TO",
    ]);
    expect(parseConfig({ FORMS_MODE: "d1" }).problems).toEqual([
      expect.objectContaining({ variable: "FORMS_MODE", message: expect.stringMatching(/FORMS_DB is not bound/) }),
    ]);
  });
});

describe("the newsletter's send token", () => {
  it("reports a token RFC 6750's bearer syntax cannot carry, or a short one, and keeps a good one", () => {
    for (const token of ["has a $ sign in it", "exclaim!exclaim!", "short"]) {
      const { problems } = parseConfig({ NEWSLETTER_SEND_TOKEN: token });
      expect(problems, token).toEqual([{ variable: "NEWSLETTER_SEND_TOKEN", message: expect.any(String) }]);
    }
    for (const token of ["abcDEF0123-._~+/", "c2VuZC10b2tlbi1iYXNlNjQ=="]) {
      expect(parseConfig({ NEWSLETTER_SEND_TOKEN: token }).problems, token).toEqual([]);
    }
  });
});

describe("the origins mails and the mail provider's calls start with", () => {
  it("keeps an http(s) origin with or without a port, and reports anything more, which a path appended to would break", () => {
    for (const origin of ["https://vpf.test", "http://127.0.0.1:8787", "https://VPF.test:8443"]) {
      expect(parseConfig({ SITE_URL: origin, MAILGUN_API_URL: origin }).problems, origin).toEqual([]);
    }
    for (const text of [
      "https://vpf.test/",
      "https://vpf.test/news",
      "https://vpf.test?x=1",
      "https://vpf.test#x",
      "https://u@vpf.test",
      "https://vpf.test:70000",
      "ftp://vpf.test",
    ]) {
      expect(
        parseConfig({ SITE_URL: text, MAILGUN_API_URL: text }).problems.map((problem) => problem.variable),
        text,
      ).toEqual(["SITE_URL", "MAILGUN_API_URL"]);
    }
  });
});

describe("the field data's sample rate (rule 8.5)", () => {
  it("takes 0.1 when unset or empty, and any share from 0 to 1", () => {
    expect(parseConfig({}).config.vitalsSampleRate).toBe(0.1);
    expect(parseConfig({ VITALS_SAMPLE_RATE: " " }).config.vitalsSampleRate).toBe(0.1);
    for (const [text, rate] of [
      ["0", 0],
      ["1", 1],
      ["0.25", 0.25],
      [".5", 0.5],
      ["1.0", 1],
    ] as const) {
      expect(parseConfig({ VITALS_SAMPLE_RATE: text })).toMatchObject({
        config: { vitalsSampleRate: rate },
        problems: [],
      });
    }
  });

  it("reports a rate outside 0..1 or not a number and uses 0.1", () => {
    for (const text of ["1.5", "-0.1", "10%", "abc", "1e-3"]) {
      const { config, problems } = parseConfig({ VITALS_SAMPLE_RATE: text });
      expect(config.vitalsSampleRate).toBe(0.1);
      expect(problems.map((problem) => problem.variable)).toEqual(["VITALS_SAMPLE_RATE"]);
    }
  });

  it("reads the limiter and the dataset bindings, null when absent", () => {
    const dataset = { writeDataPoint: () => undefined };
    const limiter = { limit: async () => ({ success: true }) };
    const { bindings } = parseConfig({ VITALS: dataset, VITALS_RATE_LIMITER: limiter }).config;
    expect(bindings.vitals).toBe(dataset);
    expect(bindings.vitalsLimiter).toBe(limiter);
    expect(parseConfig({}).config.bindings.vitals).toBeNull();
  });
});

describe("checkDeployConfig", () => {
  it("refuses the sandbox", () => {
    expect(checkDeployConfig({ ...LIVE, COMMERCE_MODE: "sandbox" })).toEqual([
      expect.stringContaining('COMMERCE_MODE is "sandbox"'),
    ]);
    expect(checkDeployConfig({})).toEqual(expect.arrayContaining([expect.stringContaining("COMMERCE_MODE")]));
  });

  it("refuses placeholders and plain http", () => {
    expect(checkDeployConfig({ ...LIVE, STORE_ID: "REPLACE_ME" })).toEqual([
      expect.stringContaining("STORE_ID is empty or a placeholder"),
    ]);
    expect(checkDeployConfig({ ...LIVE, COMMERCE_API_URL: "http://commerce.vpf.test" })).toEqual([
      "COMMERCE_API_URL must use https in production",
    ]);
  });

  it("lets a complete live configuration ship", () => {
    expect(checkDeployConfig(LIVE)).toEqual([]);
  });

  it('lets a site launch with the store "off" and no commerce settings', () => {
    const closed = { ...LIVE, COMMERCE_MODE: "off", COMMERCE_API_URL: "", STORE_ID: "REPLACE_ME" };
    expect(checkDeployConfig({ ...closed, CHECKOUT_ALLOWED_HOSTS: "" })).toEqual([]);
    expect(parseConfig(closed).config.commerce).toEqual({ mode: "off" });
  });
});
