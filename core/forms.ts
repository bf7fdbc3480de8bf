/**
 * The newsletter and contact forms' rules (rules 6.1, 6.2, 6.6): one valibot
 * schema per form, shared by the components, the worker's form endpoints and
 * their tests, the texts the visitor sees, letter for letter, and the
 * contract between the browser and the worker when forms deliver (`d1` mode).
 */
import * as v from "valibot";
import { FORMS_MODES } from "./form-contract.ts";

export { FORM_MESSAGES } from "./form-messages.ts";
import { FORM_MESSAGES } from "./form-messages.ts";
import { EmailAddressSchema } from "./email-address.ts";

/**
 * Line breaks and other control characters (C0, DEL, C1, U+2028, U+2029)
 * in a one-line field: each run becomes one space. The browser's one-line
 * inputs cannot hold them, so only a crafted post meets this, and folding
 * keeps rule 6.1's two messages the only ones a visitor can see.
 */
const LINE_BREAKS_AND_CONTROLS = /[\p{Cc}\u2028\u2029]+/gu;

/** A one-line text: control characters and line breaks folded to spaces, then trimmed. */
const singleLineText = v.pipe(
  v.string(),
  v.transform((text) => text.replace(LINE_BREAKS_AND_CONTROLS, " ")),
  v.trim(),
);

/** Newsletter sign-up: an e-mail only (rule 6.2). */
export const NewsletterSignupSchema = v.object({ email: EmailAddressSchema });

/**
 * Contact form (rule 6.1): name, email and message required; subject
 * optional. Name and subject are one line; the message keeps its lines,
 * every line ending written as `\n`.
 */
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

/** Why a form was refused: the toast to show and a message per field. */
export interface FormRejection {
  toast: { title: string; description: string };
  fieldErrors: Partial<Record<string, string>>;
}

/** Outcome of validating a form. */
export type FormValidation<T> = { ok: true; data: T } | ({ ok: false } & FormRejection);

/**
 * Validates the contact form. Missing required fields win over a bad e-mail
 * (rule 6.1: first 'Missing Information', then 'Invalid Email').
 */
export function validateContactForm(input: Record<string, unknown>): FormValidation<ContactForm> {
  const result = v.safeParse(ContactFormSchema, input);
  if (result.success) return { ok: true, data: result.output };
  const fieldErrors: Partial<Record<string, string>> = {};
  let missing = false;
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? "form";
    if (fieldErrors[field]) continue;
    if (issue.message === "invalid email") {
      fieldErrors[field] = "Please enter a valid email address.";
    } else {
      missing = true;
      fieldErrors[field] = "This field is required.";
    }
  }
  return { ok: false, toast: missing ? FORM_MESSAGES.missing : FORM_MESSAGES.invalidEmail, fieldErrors };
}

/** Validates the newsletter form: any failure is 'Invalid Email' (rule 6.2). */
export function validateNewsletterSignup(input: Record<string, unknown>): FormValidation<NewsletterSignup> {
  const result = v.safeParse(NewsletterSignupSchema, input);
  if (result.success) return { ok: true, data: result.output };
  return {
    ok: false,
    toast: FORM_MESSAGES.invalidEmail,
    fieldErrors: { email: "Please enter a valid email address." },
  };
}

/** The forms mode variable's schema (rule 6.6); the worker's configuration reads `FORMS_MODE` with it. */
export const FormsModeSchema = v.picklist(FORMS_MODES, 'must be "simulated" or "d1"');
