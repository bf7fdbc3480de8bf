import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { readFuzzRuns } from "../tests/fuzz-runs";
import { EMAIL_PATTERN, NewsletterSignupSchema, validateContactForm, validateNewsletterSignup } from "./forms";

const part = fc.stringMatching(/^[^\s@.]{1,12}$/);

describe("the e-mail pattern (rule 6.1: text, @, text, dot, text)", () => {
  it("accepts any text@text.text without spaces", () => {
    fc.assert(
      fc.property(part, part, part, (local, domain, tld) => {
        expect(EMAIL_PATTERN.test(`${local}@${domain}.${tld}`)).toBe(true);
      }),
      { numRuns: readFuzzRuns(process.env.BENCH_FUZZ_RUNS, 2000) },
    );
  });

  it("refuses text without an @, without a dot after it, or with spaces", () => {
    fc.assert(
      fc.property(part, part, (a, b) => {
        expect(EMAIL_PATTERN.test(`${a}${b}`)).toBe(false);
        expect(EMAIL_PATTERN.test(`${a}@${b}`)).toBe(false);
        expect(EMAIL_PATTERN.test(`${a} @${b}.com`)).toBe(false);
      }),
      { numRuns: readFuzzRuns(process.env.BENCH_FUZZ_RUNS, 2000) },
    );
  });

  it.each(["reader@example.com", "a.b+c@mail.co.uk"])("accepts %s", (email) => {
    expect(v.safeParse(NewsletterSignupSchema, { email }).success).toBe(true);
  });

  it.each(["", "reader", "reader@example", "@example.com", "reader@.com", "two words@example.com"])(
    "refuses %s",
    (email) => {
      expect(validateNewsletterSignup({ email })).toMatchObject({
        ok: false,
        toast: { title: "Invalid Email", description: "Please enter a valid email address." },
      });
    },
  );
});

describe("validateContactForm", () => {
  const good = { name: "Ada", email: "ada@example.com", subject: "", message: "Hello there" };

  it("accepts a complete form and trims it", () => {
    expect(validateContactForm({ ...good, name: "  Ada  " })).toEqual({
      ok: true,
      data: { ...good, name: "Ada" },
    });
  });

  it.each(["name", "email", "message"])("a missing %s gives 'Missing Information' and marks the field", (field) => {
    const result = validateContactForm({ ...good, [field]: "   " });
    expect(result).toMatchObject({
      ok: false,
      toast: { title: "Missing Information", description: "Please fill in all required fields." },
    });
    if (!result.ok) expect(result.fieldErrors[field]).toBe("This field is required.");
  });

  it("a bad e-mail gives 'Invalid Email'", () => {
    expect(validateContactForm({ ...good, email: "ada@example" })).toMatchObject({
      ok: false,
      toast: { title: "Invalid Email" },
      fieldErrors: { email: "Please enter a valid email address." },
    });
  });

  it("missing fields win over a bad e-mail", () => {
    expect(validateContactForm({ ...good, name: "", email: "nope" })).toMatchObject({
      toast: { title: "Missing Information" },
    });
  });

  it("the subject is optional", () => {
    const { subject: _subject, ...rest } = good;
    expect(validateContactForm(rest).ok).toBe(true);
  });

  it("never throws on arbitrary input", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom("name", "email", "subject", "message", "x"), fc.anything()),
        (input) => {
          const result = validateContactForm(input);
          expect(typeof result.ok).toBe("boolean");
        },
      ),
      { numRuns: readFuzzRuns(process.env.BENCH_FUZZ_RUNS, 1000) },
    );
  });
});
