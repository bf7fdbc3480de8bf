import { describe, expect, it } from "vitest";
import { type LegalIdentity, findLegalIdentityProblems } from "./legal-identity";

/** A seller as an owner fills it in; every test brings its own, so the shipped seller can be anyone's. */
const REAL: LegalIdentity = {
  placeholder: false,
  legalName: "Harbourline Money Ltd",
  postalAddress: ["12 Quay Street", "Bristol BS1 4DJ", "United Kingdom"],
  email: "hello@harbourline.co.uk",
  governingLaw: "England and Wales",
  country: "GB",
  updated: { disclaimer: "2026-01-05", privacy: "2026-01-05", terms: "2026-01-05", shipping: "2026-01-05" },
};

describe("the deploy check on the legal identity (rule 5.7)", () => {
  it("refuses a seller marked as sample data", () => {
    expect(findLegalIdentityProblems({ ...REAL, placeholder: true })).toEqual([expect.stringContaining("sample data")]);
  });

  it("lets a real seller through, and refuses placeholder text even when not marked", () => {
    expect(findLegalIdentityProblems(REAL)).toEqual([]);
    expect(findLegalIdentityProblems({ ...REAL, legalName: "REPLACE_ME LLC" })).toHaveLength(1);
    expect(findLegalIdentityProblems({ ...REAL, email: "owner@example.com" })).toHaveLength(1);
    expect(findLegalIdentityProblems({ ...REAL, postalAddress: ["1 Sample Road", "Leeds"] })).toHaveLength(1);
  });
});
