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

/** Contact address used by the footer's mailto link and the contact page. */
export const CONTACT_EMAIL = "hello@valueprogressfreedom.com";

/** Social links in the footer, in the order of rule 2.7. */
export const SOCIAL_LINKS = [
  { kind: "video", label: "VPF on YouTube", href: "https://www.youtube.com/@valueprogressfreedom" },
  { kind: "microblog", label: "VPF on X", href: "https://x.com/vpf_freedom" },
  { kind: "code", label: "VPF on GitHub", href: "https://github.com/valueprogressfreedom" },
  { kind: "email", label: "Email VPF", href: `mailto:${CONTACT_EMAIL}` },
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

/** Products delivered as a download (no shipping), by product id. */
export const DIGITAL_PRODUCT_IDS: readonly string[] = ["wealth-ebook"];
