/**
 * The one e-mail address type (rules 6.1, 6.2, 6.6), parsed once at the boundary. An address is kept as written
 * (for mailing) beside its key (for identity), so two spellings of one mailbox are one reader (rule 6.8).
 */
import * as v from "valibot";

/** Longest address accepted, in characters after NFKC (RFC 5321's path limit). */
const MAX_EMAIL_LENGTH = 254;

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
 * Unicode full case folding (`CaseFolding.txt`) after NFKC: lower, upper, lower again folds `ß`, `ẞ` and `SS` to
 * `ss` and `ς` to `σ`; NFKC again, since case mapping can leave text unnormalised.
 */
export function foldCase(text: string): string {
  return text.normalize("NFKC").toLowerCase().toUpperCase().toLowerCase().normalize("NFKC");
}

/** A domain's ASCII form as the URL parser makes it (`Bücher.DE` → `xn--bcher-kva.de`), else case-folded. */
function readAsciiDomain(domain: string): string {
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return foldCase(domain);
  }
}

/**
 * The identity of an address, in a unique column so each mailbox is one row: the local part case-folded, `@`,
 * the domain in ASCII. `STRASSE@x.de` and `straße@X.de` share a key, as do `a@bücher.de` and `a@xn--bcher-kva.de`.
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

export type EmailAddress = v.InferOutput<typeof EmailAddressSchema>;
