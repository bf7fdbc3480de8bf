/**
 * The contract between the forms and the worker when forms deliver (rules
 * 6.6 and 6.7): the pages they post to, the body limit, the modes and what a
 * submission can end as. No imports, so any module can read it without
 * loading a validator; the schemas are in `forms.ts`.
 */

/**
 * Where the forms go (rule 6.6): `simulated` (the default) waits 2000 ms and
 * reports success with no request; `d1` posts to the form's page, whose
 * action has the worker keep the submission in its D1 database.
 */
export const FORMS_MODES = ["simulated", "d1"] as const;

/** A forms mode. */
export type FormsMode = (typeof FORMS_MODES)[number];

/** Which form: the contact form or a newsletter sign-up. */
export type FormKind = "contact" | "newsletter";

/** The page each form posts to, with or without JavaScript (rules 6.5, 6.6). */
export const FORM_PAGES: Readonly<Record<FormKind, string>> = {
  contact: "/contact",
  newsletter: "/newsletter",
};

/** Seconds a rate-limited visitor is asked to wait: the forms limiter's period (rule 8.6). */
export const FORMS_RETRY_AFTER_S = 60;

/** Largest form body the worker reads, in bytes (8 KiB, rule 6.6). */
export const MAX_FORM_BODY_BYTES = 8 * 1024;

/** Default days a contact message is kept before the daily clean-up deletes it (rule 6.7). */
export const DEFAULT_FORMS_RETENTION_DAYS = 90;

/** What pages may know about the forms' configuration: the mode and how long messages are kept. */
export interface PublicFormsConfig {
  mode: FormsMode;
  /** Days a contact message is kept (rule 6.7). */
  retentionDays: number;
  /** Whether each contact message is also e-mailed to the owner (`FORMS_NOTICE`, rule 6.6). */
  ownerCopy: boolean;
}

/**
 * How a submission ended, as the worker reports it to a page action:
 * `stored` (kept, or an address already on the list), `invalid` (the
 * schema refused it), `refused` (too large, too many, not from our own
 * pages) or `unavailable` (the database failed).
 */
export type FormOutcome = "stored" | "invalid" | "refused" | "unavailable";

/**
 * How a submission ended, as the form's page shows it: the HTTP status, the
 * outcome, and the toast's title and description (rules 6.1, 6.2), never a
 * value the visitor typed.
 */
export interface FormPageAnswer {
  status: number;
  outcome: FormOutcome;
  title: string;
  description: string;
}
