/**
 * Brand constants shown across the site (rules 2.7, 3.6). Every page loads this module first, so it holds constants
 * only; the seller's legal identity and its schema are in `legal-identity.ts`.
 */

export const SITE_NAME = "VPF";
export const SITE_LONG_NAME = "Value, Progress, Freedom";

/** Footer tagline, letter for letter (rule 2.7). */
export const TAGLINE = "Create value, make progress, achieve freedom.";

/** Default description for pages that set none. */
export const SITE_DESCRIPTION =
  "Practical guides on personal finance, investing, trading, crypto, AI and productivity: create value, make progress, achieve freedom.";

/**
 * How many readers the newsletter claims, as the copy writes the number ("Join 10,000+ readers of the weekly …
 * newsletter"). `null` leaves the claim out and each sentence that carried it reads without it. Claim only what the
 * subscriber list shows.
 */
export const READER_COUNT_CLAIM: string | null = "10,000+";

/**
 * How often new articles appear, as the copy writes it after "New articles appear" (rule 3.6). `null` leaves the
 * promise out.
 */
export const ARTICLE_CADENCE_CLAIM: string | null = "two to three times a week";

/** The language tag visitors' dates are written in, per sales country (ISO 3166-1 alpha-2). */
export const COUNTRY_LOCALES = { US: "en-US", GB: "en-GB" } as const;

/**
 * The country the store sells and ships to first (rules 2.9, 3.6): product structured data names it, and visitors'
 * dates follow its locale (`March 3, 2026` for US, `3 March 2026` for GB). It may differ from the seller's own
 * country (`LEGAL_IDENTITY.country`), which names the regulators.
 */
export const SALES_COUNTRY: keyof typeof COUNTRY_LOCALES = "US";

/** The language tag of `SALES_COUNTRY`: how dates shown to visitors are written (rule 3.4). */
export const SITE_LOCALE = COUNTRY_LOCALES[SALES_COUNTRY];

/** Contact address used by the footer's mailto link and the contact page. */
export const CONTACT_EMAIL = "hello@valueprogressfreedom.com";

/** Social links in the footer, in the order of rule 2.7. */
export const SOCIAL_LINKS = [
  { kind: "video", label: `${SITE_NAME} on YouTube`, href: "https://www.youtube.com/@valueprogressfreedom" },
  { kind: "microblog", label: `${SITE_NAME} on X`, href: "https://x.com/vpf_freedom" },
  { kind: "code", label: `${SITE_NAME} on GitHub`, href: "https://github.com/valueprogressfreedom" },
  { kind: "email", label: `Email ${SITE_NAME}`, href: `mailto:${CONTACT_EMAIL}` },
] as const;

/** Delivery and returns as the product pages and `/shipping` state them (rule 2.9), in one place so they agree. */
export const SHIPPING = {
  /** Working days before a physical order leaves us. */
  dispatchWorkingDays: 2,
  /** Delivery time after dispatch, within the United States and elsewhere. */
  usDelivery: "3-5 working days",
  internationalDelivery: "5-10 working days",
  /** Days to return an unused physical item after it arrives. */
  returnDays: 30,
  /** Days a download link keeps working; a new one is sent on request. */
  downloadLinkDays: 30,
  /** Days to report a digital file that does not open, for a refund. */
  digitalFaultDays: 14,
} as const;
