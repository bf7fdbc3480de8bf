/** The one e-mail address type (rules 6.1, 6.2, 6.6): parsed once at the boundary, used parsed everywhere after. */
import * as v from "valibot";

/** Longest address accepted, in characters after folding (RFC 5321's path limit). */
export const MAX_EMAIL_LENGTH = 254;

/** A plain RFC 5322 `addr-spec` with RFC 6532 letters; beyond ASCII only letters, marks and digits (no bidi). */
const ADDR_SPEC = (() => {
  const atom = "[A-Za-z0-9!#$%&'*+\\-/=?^_`{|}~\\p{L}\\p{M}\\p{N}]+";
  const label = "[\\p{L}\\p{M}\\p{N}](?:[\\p{L}\\p{M}\\p{N}-]*[\\p{L}\\p{M}\\p{N}])?";
  return new RegExp(`^${atom}(?:\\.${atom})*@${label}(?:\\.${label})+$`, "u");
})();

/** The one spelling stored and compared; lower-cased per character, as migration 0002 folds stored rows. */
export function foldEmailText(text: string): string {
  const lowered = Array.from(text.normalize("NFKC"), (character) => character.toLowerCase()).join("");
  return lowered.normalize("NFKC");
}

/** Whether `text`, unfolded, is an accepted address: configured addresses keep the mail binding's spelling. */
export function isEmailAddressSyntax(text: string): boolean {
  return text.length <= MAX_EMAIL_LENGTH && ADDR_SPEC.test(text);
}

/** Trims, folds and checks an address; issues `"required"` when empty, else `"invalid email"`. */
export const EmailAddressSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty("required"),
  v.transform(foldEmailText),
  v.check(isEmailAddressSyntax, "invalid email"),
  v.brand("EmailAddress"),
);

/** Only `EmailAddressSchema` makes one. */
export type EmailAddress = v.InferOutput<typeof EmailAddressSchema>;
