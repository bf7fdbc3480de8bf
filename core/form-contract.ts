/**
 * The contract between the forms and the worker when forms deliver (rules
 * 6.6 and 6.7): endpoints, the body limit, the modes and what a submission
 * can end as. No imports, so navigation and the page registry can read the
 * endpoints without loading a validator; the schemas are in `forms.ts`.
 */

/**
 * Where the forms go (rule 6.6): `simulated` (the default) waits 2000 ms and
 * reports success with no request; `d1` posts to the worker, which keeps the
 * submission in its D1 database.
 */
export const FORMS_MODES = ["simulated", "d1"] as const;

/** A forms mode. */
export type FormsMode = (typeof FORMS_MODES)[number];

/** Which form: the contact form or a newsletter sign-up. */
export type FormKind = "contact" | "newsletter";

/** The worker endpoint each form posts its JSON to in `d1` mode (rule 6.6). */
export const FORM_ENDPOINTS: Readonly<Record<FormKind, string>> = {
  contact: "/api/contact",
  newsletter: "/api/newsletter",
};

/** Largest form body the worker reads, JSON or a script-less post, in bytes (8 KiB, rule 6.6). */
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
 * What a page action answers after a script-less post in `d1` mode: the
 * HTTP status, the outcome, and the same title and description the hydrated
 * form shows as a toast (rules 6.1, 6.2), never a value the visitor typed.
 */
export interface FormPageAnswer {
  status: number;
  outcome: FormOutcome;
  title: string;
  description: string;
}
