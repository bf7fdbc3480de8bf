import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { readFuzzRuns } from "../tests/fuzz-runs";
import { answerForm } from "./form-messages";
import { NewsletterSignupSchema, validateContactForm, validateNewsletterSignup } from "./forms";

const part = fc.stringMatching(/^[a-z0-9]{1,12}$/);
const ADDRESS_FUZZ_RUNS = readFuzzRuns(process.env.BENCH_FUZZ_RUNS, 2000);
const CONTACT_FUZZ_RUNS = readFuzzRuns(process.env.BENCH_FUZZ_RUNS, 1000);

describe("the e-mail address of both forms (rule 6.1: an address and nothing else)", () => {
  it("accepts any text@text.text of letters and digits", () => {
    fc.assert(
      fc.property(part, part, part, (local, domain, tld) => {
        expect(v.safeParse(NewsletterSignupSchema, { email: `${local}@${domain}.${tld}` }).success).toBe(true);
      }),
      { numRuns: ADDRESS_FUZZ_RUNS },
    );
  });

  it("refuses text without an @, without a dot after it, or with spaces", () => {
    fc.assert(
      fc.property(part, part, (a, b) => {
        for (const email of [`${a}${b}`, `${a}@${b}`, `${a} @${b}.com`]) {
          expect(v.safeParse(NewsletterSignupSchema, { email }).success).toBe(false);
        }
      }),
      { numRuns: ADDRESS_FUZZ_RUNS },
    );
  });

  it.each(["reader@example.com", "a.b+c@mail.co.uk"])("accepts %s", (email) => {
    expect(v.safeParse(NewsletterSignupSchema, { email }).success).toBe(true);
  });

  it.each([
    "",
    "reader",
    "reader@example",
    "@example.com",
    "reader@.com",
    "two words@example.com",
    '"VPF-Billing"<evil@attacker.test>',
    "a@b.co,owner",
    "a\u0000@b.co",
    "a\u0085@b.co",
  ])("refuses %s", (email) => {
    expect(validateNewsletterSignup({ email })).toMatchObject({
      ok: false,
      toast: { title: "Invalid Email", description: "Please enter a valid email address." },
    });
  });
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

  it("folds line breaks and controls in the name and subject into spaces, so both stay one line", () => {
    const result = validateContactForm({
      ...good,
      name: "Ada\r\nFrom: owner@vpf.test\u0085Subject: Invoice",
      subject: "Hi\nBcc: x@y.z\u2028\u001b[2J",
    });
    expect(result).toMatchObject({
      ok: true,
      data: { name: "Ada From: owner@vpf.test Subject: Invoice", subject: "Hi Bcc: x@y.z [2J" },
    });
  });

  it("a name of nothing but line breaks is missing", () => {
    expect(validateContactForm({ ...good, name: "\r\n\u0000" })).toMatchObject({
      ok: false,
      toast: { title: "Missing Information" },
    });
  });

  it("keeps the message's lines, every line ending as \\n", () => {
    expect(validateContactForm({ ...good, message: "one\r\ntwo\rthree" })).toMatchObject({
      data: { message: "one\ntwo\nthree" },
    });
  });

  it("gives the address trimmed, as written: the value the notice's Reply-To takes", () => {
    expect(validateContactForm({ ...good, email: " ADA@Example.COM " })).toMatchObject({
      data: { email: "ADA@Example.COM" },
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
      { numRuns: CONTACT_FUZZ_RUNS },
    );
  });
});

describe("answerForm", () => {
  it("tells a visitor past the rate limit to wait, under the form's failure title", () => {
    expect(answerForm("contact", 429)).toEqual({
      status: 429,
      outcome: "refused",
      title: "Error",
      description: "Too many messages from this address: please wait a minute and try again.",
    });
    expect(answerForm("newsletter", 429)).toMatchObject({ title: "Subscription Failed", outcome: "refused" });
    expect(answerForm("contact", 500).description).toBe("Something went wrong. Please try again later.");
  });
});
