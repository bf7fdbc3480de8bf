import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EMAIL_FOLD_MIGRATION, buildEmailFoldMigration } from "./make-email-fold-migration.ts";

describe("migration 0002", () => {
  it("is what the generator writes from foldEmailText (run it again after changing the fold)", () => {
    expect(readFileSync(EMAIL_FOLD_MIGRATION, "utf8") === buildEmailFoldMigration()).toBe(true);
  }, 60_000);
});
