/** The seller's legal identity (rule 2.9), checked when the build loads this module; only the legal pages import it. */
import * as v from "valibot";
import { CONTACT_EMAIL } from "./site.ts";

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
    disclaimer: v.pipe(v.string(), v.isoDate()),
    privacy: v.pipe(v.string(), v.isoDate()),
    terms: v.pipe(v.string(), v.isoDate()),
    shipping: v.pipe(v.string(), v.isoDate()),
  }),
});

export type LegalIdentity = v.InferOutput<typeof LegalIdentitySchema>;

/** The site's legal identity, checked when the build loads this module (a bad value fails the build). */
export const LEGAL_IDENTITY: LegalIdentity = v.parse(LegalIdentitySchema, {
  placeholder: true,
  legalName: "VPF Media Ltd (sample seller)",
  postalAddress: ["100 Sample Street", "London EC1A 1AA", "United Kingdom"],
  email: CONTACT_EMAIL,
  governingLaw: "England and Wales",
  country: "GB",
  updated: { disclaimer: "2026-11-24", privacy: "2026-12-07", terms: "2026-11-24", shipping: "2026-11-24" },
});

/** Why the legal identity may not ship (rule 5.7's deploy check); empty when it may. */
export function findLegalIdentityProblems(identity: LegalIdentity = LEGAL_IDENTITY): string[] {
  const problems: string[] = [];
  if (identity.placeholder) {
    problems.push("content/legal-identity.ts LEGAL_IDENTITY is sample data (placeholder: true): set the real seller");
  }
  const text = [identity.legalName, ...identity.postalAddress, identity.email, identity.governingLaw].join("\n");
  if (/\bsample\b|replace[-_ ]?me|placeholder|example\.(?:com|org|net)/i.test(text)) {
    problems.push("content/legal-identity.ts LEGAL_IDENTITY still reads as a placeholder");
  }
  return problems;
}
