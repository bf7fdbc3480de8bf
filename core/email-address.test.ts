import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { readFuzzRuns } from "../tests/fuzz-runs";
import { EmailAddressSchema, foldCase, isEmailAddressSyntax, readEmailKey } from "./email-address";

const FUZZ_RUNS = readFuzzRuns(process.env.BENCH_FUZZ_RUNS, 2000);
const parse = (text: string) => v.safeParse(EmailAddressSchema, text);

/** Each way a visitor might spell one letter: upper or lower case, NFC or NFD, full-width. */
function spell(character: string, way: number): string {
  const forms = [
    character,
    character.toUpperCase(),
    character.normalize("NFD"),
    character.toUpperCase().normalize("NFD"),
    // Full-width forms exist for ASCII letters and digits only.
    /^[a-z0-9]$/.test(character) ? String.fromCodePoint(character.codePointAt(0)! + 0xfee0) : character,
  ];
  return forms[way % forms.length]!;
}
const letter = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789äöüéèçñøåœ".split(""));
const word = fc.array(fc.tuple(letter, fc.nat(20)), { minLength: 1, maxLength: 10 });

describe("EmailAddressSchema: one address type, parsed once", () => {
  it("gives every spelling of an address one key: case, NFC/NFD, full-width, surrounding spaces", () => {
    fc.assert(
      fc.property(word, word, fc.boolean(), (local, domain, padded) => {
        const plain = `${local.map(([c]) => c).join("")}@${domain.map(([c]) => c).join("")}.test`;
        const spelled = `${local.map(([c, way]) => spell(c, way)).join("")}@${domain.map(([c, way]) => spell(c, way)).join("")}.TEST`;
        const a = parse(plain);
        const b = parse(padded ? `  ${spelled}\t` : spelled);
        expect(a.success && b.success).toBe(true);
        if (a.success && b.success) expect(readEmailKey(b.output)).toBe(readEmailKey(a.output));
      }),
      { numRuns: FUZZ_RUNS },
    );
  });

  it("keeps the address as written, in NFKC, for mailing", () => {
    expect(parse(" ÄBC@VPF.test ").output).toBe("ÄBC@VPF.test");
    expect(parse("A\u0308bc@vpf.test").output).toBe("Äbc@vpf.test");
    expect(parse("ＡＢＣ＠ＶＰＦ．ｔｅｓｔ").output).toBe("ABC@VPF.test");
  });

  it.each([
    ["STRASSE@vpf.test", "straße@vpf.test"],
    ["strasse@vpf.test", "STRAẞE@VPF.TEST"],
    ["a@bücher.de", "a@xn--bcher-kva.de"],
    ["A@BÜCHER.DE", "a@Xn--Bcher-Kva.De"],
    ["ΣΟΦΙΑ@vpf.test", "σοφια@vpf.test"],
    ["joséa@vpf.test", "JOSE\u0301A@vpf.test"],
  ])("makes %j and %j one reader", (a, b) => {
    expect(readEmailKey(v.parse(EmailAddressSchema, a))).toBe(readEmailKey(v.parse(EmailAddressSchema, b)));
  });

  it("keys the domain in ASCII and the local part case-folded", () => {
    expect(readEmailKey(v.parse(EmailAddressSchema, "Straße@Bücher.de"))).toBe("strasse@xn--bcher-kva.de");
    expect(readEmailKey(v.parse(EmailAddressSchema, "a.b+c@mail.co.uk"))).toBe("a.b+c@mail.co.uk");
  });

  it.each([
    ['"VPF-Billing"<evil@attacker.test>', "display name"],
    ["VPF <evil@attacker.test>", "display name"],
    ["<evil@attacker.test>", "angle brackets"],
    ["a@b.co,owner", "list"],
    ["a@b.co, owner@vpf.test", "list"],
    ["team: a@b.co;", "group"],
    ["a(comment)@b.co", "comment"],
    ['"a b"@b.co', "quoted local part"],
    ["a@[192.0.2.1]", "address literal"],
    ["a\u0000@b.co", "NUL"],
    ["a\u0085b@b.co", "NEL"],
    ["a@b.co\r\nBcc: x@y.z", "CRLF"],
    ["jo\u200be@vpf.test", "zero-width space"],
    ["jo\u200de@vpf.test", "zero-width joiner"],
    ["\u202eet.fpv@eoj", "bidi override"],
    ["joe\u2066@vpf.test", "bidi isolate"],
    ["joe@vpf", "no dot in the host"],
    ["joe@-vpf.test", "host label starting with a hyphen"],
    ["jo..e@vpf.test", "two dots"],
    [".joe@vpf.test", "leading dot"],
    [`${"a".repeat(250)}@b.co`, "too long"],
  ])("refuses %j (%s) as 'invalid email'", (text) => {
    const result = parse(text);
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe("invalid email");
  });

  it("reports an empty address as required", () => {
    expect(parse("   ").issues?.[0]?.message).toBe("required");
  });

  it("folds case idempotently, so a key keys to itself", () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
          maxLength: 20,
        }),
        (text) => {
          expect(foldCase(foldCase(text))).toBe(foldCase(text));
        },
      ),
      { numRuns: FUZZ_RUNS },
    );
  });

  it("checks a configured address as written, without folding", () => {
    expect(isEmailAddressSyntax("Owner@Example.com")).toBe(true);
    expect(isEmailAddressSyntax("Owner <owner@example.com>")).toBe(false);
  });
});
