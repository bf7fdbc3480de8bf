/**
 * The one e-mail address type (rules 6.1, 6.2, 6.6): every address a visitor
 * or the operator gives is parsed once, at the boundary, by
 * `EmailAddressSchema`, and everything after (storage, the unique sign-up
 * key, `npm run submissions -- delete`, the owner notice's `Reply-To`) uses
 * the parsed value only.
 */
import * as v from "valibot";

/** Longest address accepted (RFC 5321's path limit), in characters, after folding. */
export const MAX_EMAIL_LENGTH = 254;

/**
 * An RFC 5322 `addr-spec` in its plain form, with RFC 6532's non-ASCII
 * letters: a dot-atom local part, `@`, and a host name of two or more
 * labels. No display name, angle brackets, list, group, comment, quoted
 * local part or address literal; no space, control, zero-width or bidi
 * character (only letters, marks and digits beyond ASCII).
 */
const ADDR_SPEC = (() => {
  const atom = "[A-Za-z0-9!#$%&'*+\\-/=?^_`{|}~\\p{L}\\p{M}\\p{N}]+";
  const label = "[\\p{L}\\p{M}\\p{N}](?:[\\p{L}\\p{M}\\p{N}-]*[\\p{L}\\p{M}\\p{N}])?";
  return new RegExp(`^${atom}(?:\\.${atom})*@${label}(?:\\.${label})+$`, "u");
})();

/**
 * Folds an address to the one spelling that is stored and compared: NFKC
 * (so full-width and other compatibility forms read as their plain letters,
 * and NFD equals NFC), then each character lower-cased on its own (no
 * context rule such as Greek final sigma, so migration 0002 can fold stored
 * rows character by character the same way), then NFKC again.
 *
 * @param text any text; the result is idempotent: `fold(fold(x)) === fold(x)`.
 */
export function foldEmailText(text: string): string {
  const lowered = Array.from(text.normalize("NFKC"), (character) => character.toLowerCase()).join("");
  return lowered.normalize("NFKC");
}

/**
 * Whether `text`, exactly as written, is an address of the accepted form
 * (no folding): for addresses the operator configures, such as
 * `FORMS_NOTICE_TO`, whose spelling must stay as the mail binding knows it.
 */
export function isEmailAddressSyntax(text: string): boolean {
  return text.length <= MAX_EMAIL_LENGTH && ADDR_SPEC.test(text);
}

/**
 * A visitor's or operator's e-mail address: trimmed, folded with
 * `foldEmailText`, then checked against the plain `addr-spec` form. Issues:
 * `"required"` when empty, `"invalid email"` otherwise.
 */
export const EmailAddressSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty("required"),
  v.transform(foldEmailText),
  v.check(isEmailAddressSyntax, "invalid email"),
  v.brand("EmailAddress"),
);

/** A parsed, folded e-mail address; only `EmailAddressSchema` makes one. */
export type EmailAddress = v.InferOutput<typeof EmailAddressSchema>;
