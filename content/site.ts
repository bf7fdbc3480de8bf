/** Brand constants shown across the site (rules 2.7, 3.6) and the seller's legal identity (rule 2.9). */
import * as v from "valibot";

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

/** Who sells and controls visitors' data (rule 2.9); `updated` holds each legal page's last change, `YYYY-MM-DD`. */
export const LegalIdentitySchema = v.strictObject({
  /** Sample values, which deploys and production builds refuse (`findLegalIdentityProblems`). */
  placeholder: v.boolean(),
  legalName: v.pipe(v.string(), v.trim(), v.nonEmpty()),
  postalAddress: v.pipe(v.array(v.pipe(v.string(), v.trim(), v.nonEmpty())), v.minLength(2)),
  email: v.pipe(v.string(), v.email()),
  governingLaw: v.pipe(v.string(), v.trim(), v.nonEmpty()),
  /** The seller's country (ISO 3166-1 alpha-2): content/regulators.ts names its regulators. */
  country: v.picklist(["US", "GB"], "country must be US or GB (content/regulators.ts lists the known ones)"),
  updated: v.strictObject({
    privacy: v.pipe(v.string(), v.isoDate()),
    terms: v.pipe(v.string(), v.isoDate()),
    shipping: v.pipe(v.string(), v.isoDate()),
  }),
});

export type LegalIdentity = v.InferOutput<typeof LegalIdentitySchema>;

/** The site's legal identity, checked when the build loads this module (a bad value fails the build). */
export const LEGAL_IDENTITY: LegalIdentity = v.parse(LegalIdentitySchema, {
  placeholder: true,
  legalName: "VPF Media LLC (sample seller)",
  postalAddress: ["100 Sample Street, Suite 1", "Wilmington, DE 19801", "United States"],
  email: CONTACT_EMAIL,
  governingLaw: "the State of Delaware, United States",
  country: "US",
  updated: { privacy: "2026-11-24", terms: "2026-11-24", shipping: "2026-11-24" },
});

/** Why the legal identity may not ship (rule 5.7's deploy check); empty when it may. */
export function findLegalIdentityProblems(identity: LegalIdentity = LEGAL_IDENTITY): string[] {
  const problems: string[] = [];
  if (identity.placeholder) {
    problems.push("content/site.ts LEGAL_IDENTITY is sample data (placeholder: true): set the real seller");
  }
  const text = [identity.legalName, ...identity.postalAddress, identity.email, identity.governingLaw].join("\n");
  if (/\bsample\b|replace[-_ ]?me|placeholder|example\.(?:com|org|net)/i.test(text)) {
    problems.push("content/site.ts LEGAL_IDENTITY still reads as a placeholder");
  }
  return problems;
}
