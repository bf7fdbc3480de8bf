import { describe, expect, it } from "vitest";
import { LEGAL_IDENTITY, type LegalIdentity, findLegalIdentityProblems } from "./legal-identity";

const REAL: LegalIdentity = {
  placeholder: false,
  legalName: "Value Progress Freedom Media LLC",
  postalAddress: ["2 Market Street", "Wilmington, DE 19801", "United States"],
  email: "hello@valueprogressfreedom.com",
  governingLaw: "the State of Delaware, United States",
  updated: { privacy: "2026-11-24", terms: "2026-11-24", shipping: "2026-11-24" },
};

describe("the legal identity", () => {
  it("ships as sample data, which a deploy refuses", () => {
    expect(LEGAL_IDENTITY.placeholder).toBe(true);
    expect(findLegalIdentityProblems()).toEqual(expect.arrayContaining([expect.stringContaining("sample data")]));
  });

  it("lets a real seller through, and refuses placeholder text even when not marked", () => {
    expect(findLegalIdentityProblems(REAL)).toEqual([]);
    expect(findLegalIdentityProblems({ ...REAL, legalName: "REPLACE_ME LLC" })).toHaveLength(1);
    expect(findLegalIdentityProblems({ ...REAL, email: "owner@example.com" })).toHaveLength(1);
  });
});
