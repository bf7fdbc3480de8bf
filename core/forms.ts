/**
 * The newsletter and contact forms' rules (rules 6.1, 6.2, 6.6): one valibot
 * schema per form, shared by the components, the worker's form endpoints and
 * their tests, the texts the visitor sees, letter for letter, and the
 * contract between the browser and the worker when forms deliver (`d1` mode).
 */
import * as v from "valibot";
import { FORMS_MODES } from "./form-contract.ts";

/** The simple e-mail pattern of rule 6.1: text, @, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export { FORM_MESSAGES } from "./form-messages.ts";
import { FORM_MESSAGES } from "./form-messages.ts";

const requiredText = v.pipe(v.string(), v.trim(), v.nonEmpty("required"));
/** Longest e-mail address accepted (RFC 5321's path limit), in characters. */
export const MAX_EMAIL_LENGTH = 254;

const email = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty("required"),
  v.regex(EMAIL_PATTERN, "invalid email"),
  v.maxLength(MAX_EMAIL_LENGTH, "invalid email"),
);

/** Newsletter sign-up: an e-mail only (rule 6.2). */
export const NewsletterSignupSchema = v.object({ email });

/** Contact form (rule 6.1): name, email and message required; subject optional. */
export const ContactFormSchema = v.object({
  name: requiredText,
  email,
  subject: v.optional(v.pipe(v.string(), v.trim()), ""),
  message: requiredText,
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
