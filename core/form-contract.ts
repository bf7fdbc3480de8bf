/** The contract between the forms and the worker (rules 6.6, 6.7); no imports, so reading it loads no validator. */

/** Where the forms go (rule 6.6); `simulated` is the default. */
export const FORMS_MODES = ["simulated", "d1"] as const;

export type FormsMode = (typeof FORMS_MODES)[number];

export type FormKind = "contact" | "newsletter";

/** The page each form posts to (rules 6.5, 6.6). */
export const FORM_PAGES: Readonly<Record<FormKind, string>> = { contact: "/contact", newsletter: "/newsletter" };

/** Seconds a rate-limited client is asked to wait: the period of every limiter in `wrangler.toml` (rule 8.6). */
export const RATE_LIMIT_RETRY_AFTER_S = 60;

/** Largest form body the worker reads, in bytes (rule 6.6). */
export const MAX_FORM_BODY_BYTES = 8 * 1024;

/** Default days a contact message is kept (rule 6.7). */
export const DEFAULT_FORMS_RETENTION_DAYS = 90;

/** What pages may know about the forms' configuration. */
export interface PublicFormsConfig {
  mode: FormsMode;
  retentionDays: number;
  /** Whether each contact message is also e-mailed to the owner (rule 6.6). */
  ownerCopy: boolean;
}

/** How a submission ended; `stored` includes an address already on the list. */
export type FormOutcome = "stored" | "invalid" | "refused" | "unavailable";

/** What the form's page shows (rules 6.1, 6.2); never a value the visitor typed. */
export interface FormPageAnswer {
  status: number;
  outcome: FormOutcome;
  title: string;
  description: string;
  /** A held "send the link again": when the next link can go (ms since the epoch, rule 6.8). */
  nextLinkAt?: number;
}
