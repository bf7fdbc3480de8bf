/**
 * The one e-mail address type (rules 6.1, 6.2, 6.6): parsed once at the boundary, used parsed everywhere after.
 * An address is kept as the visitor wrote it (for mailing) beside its key (for identity), so two spellings of
 * one mailbox are one reader (docs/product-rules.md rule 6.8).
 */
import * as v from "valibot";

/** Longest address accepted, in characters after NFKC (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;

/** A plain RFC 5322 `addr-spec` with RFC 6532 letters; beyond ASCII only letters, marks and digits (no bidi). */
const ADDR_SPEC = (() => {
  const atom = "[A-Za-z0-9!#$%&'*+\\-/=?^_`{|}~\\p{L}\\p{M}\\p{N}]+";
  const label = "[\\p{L}\\p{M}\\p{N}](?:[\\p{L}\\p{M}\\p{N}-]*[\\p{L}\\p{M}\\p{N}])?";
  return new RegExp(`^${atom}(?:\\.${atom})*@${label}(?:\\.${label})+$`, "u");
})();

/** Whether `text`, as written, is an accepted address: configured addresses keep the mail binding's spelling. */
export function isEmailAddressSyntax(text: string): boolean {
  return text.length <= MAX_EMAIL_LENGTH && ADDR_SPEC.test(text);
}

/**
 * Unicode full case folding of `text`, after NFKC: lower, upper, then lower case again, so `ß`, `ẞ` and `SS` all
 * fold to `ss` and `ς` to `σ`, as the Unicode `CaseFolding.txt` full mappings do; NFKC again after, since case
 * mapping can leave text unnormalised.
 */
export function foldCase(text: string): string {
  return text.normalize("NFKC").toLowerCase().toUpperCase().toLowerCase().normalize("NFKC");
}

/**
 * The ASCII form of a domain (IDNA 2008 with UTS #46 mapping, as the WHATWG URL parser applies it):
 * `Bücher.DE` → `xn--bcher-kva.de`. A domain the parser refuses keeps its case-folded spelling.
 */
export function readAsciiDomain(domain: string): string {
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return foldCase(domain);
  }
}

/**
 * The identity of an address: its local part case-folded (`foldCase`), `@`, its domain in ASCII
 * (`readAsciiDomain`). `STRASSE@x.de` and `straße@X.de` share one key, as do `a@bücher.de` and
 * `a@xn--bcher-kva.de`. Stored in a unique column, so each mailbox is one row.
 */
export function readEmailKey(address: string): string {
  const at = address.lastIndexOf("@");
  return `${foldCase(address.slice(0, at))}@${readAsciiDomain(address.slice(at + 1))}`;
}

/** Trims, applies NFKC (full-width `＠` is `@`) and checks an address; issues `"required"`, else `"invalid email"`. */
export const EmailAddressSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty("required"),
  v.transform((text) => text.normalize("NFKC")),
  v.check(isEmailAddressSyntax, "invalid email"),
  v.brand("EmailAddress"),
);

/** Only `EmailAddressSchema` makes one. */
export type EmailAddress = v.InferOutput<typeof EmailAddressSchema>;
