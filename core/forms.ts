/** The newsletter and contact forms' schemas and validation (rules 6.1, 6.2, 6.6), shared by pages and worker. */
import * as v from "valibot";
import { FORMS_MODES } from "./form-contract.ts";

export { FORM_MESSAGES } from "./form-messages.ts";
import { FORM_MESSAGES } from "./form-messages.ts";
import { EmailAddressSchema } from "./email-address.ts";

/** Only a crafted post puts controls or line breaks in a one-line field; folding them keeps rule 6.1's two messages. */
const singleLineText = v.pipe(
  v.string(),
  v.transform((text) => text.replace(/[\p{Cc}\u2028\u2029]+/gu, " ")),
  v.trim(),
);

/**
 * `last_sent_at`: on "send the link again", when the visitor's page last had a link sent (ms since the epoch, the
 * page's own clock); a missing or malformed value counts as a plain sign-up (rule 6.8).
 */
export const NewsletterSignupSchema = v.object({
  email: EmailAddressSchema,
  last_sent_at: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number))), undefined),
});

/** Rule 6.1; the message's line endings become `\n`. */
export const ContactFormSchema = v.object({
  name: v.pipe(singleLineText, v.nonEmpty("required")),
  email: EmailAddressSchema,
  subject: v.optional(singleLineText, ""),
  message: v.pipe(
    v.string(),
    v.transform((text) => text.replace(/\r\n?/g, "\n")),
    v.trim(),
    v.nonEmpty("required"),
  ),
});

export type NewsletterSignup = v.InferOutput<typeof NewsletterSignupSchema>;
export type ContactForm = v.InferOutput<typeof ContactFormSchema>;

export type FormValidation<T> =
  | { ok: true; data: T }
  | { ok: false; toast: { title: string; description: string }; fieldErrors: Partial<Record<string, string>> };

/** Missing fields win over a bad e-mail (rule 6.1). */
export function validateContactForm(input: Record<string, unknown>): FormValidation<ContactForm> {
  const result = v.safeParse(ContactFormSchema, input);
  if (result.success) return { ok: true, data: result.output };
  const fieldErrors: Partial<Record<string, string>> = {};
  let missing = false;
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? "form";
    if (fieldErrors[field]) continue;
    const invalid = issue.message === "invalid email";
    missing ||= !invalid;
    fieldErrors[field] = invalid ? "Please enter a valid email address." : "This field is required.";
  }
  return { ok: false, toast: missing ? FORM_MESSAGES.missing : FORM_MESSAGES.invalidEmail, fieldErrors };
}

/** Any failure is 'Invalid Email' (rule 6.2). */
export function validateNewsletterSignup(input: Record<string, unknown>): FormValidation<NewsletterSignup> {
  const result = v.safeParse(NewsletterSignupSchema, input);
  if (result.success) return { ok: true, data: result.output };
  return {
    ok: false,
    toast: FORM_MESSAGES.invalidEmail,
    fieldErrors: { email: "Please enter a valid email address." },
  };
}

/** `FORMS_MODE` (rule 6.6). */
export const FormsModeSchema = v.picklist(FORMS_MODES, 'must be "simulated" or "d1"');
