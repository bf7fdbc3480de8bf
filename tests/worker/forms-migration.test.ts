/**
 * Migration 0002 (rule 6.6) on a database that still has 0001's tables and
 * addresses stored as typed: every address ends as `EmailAddressSchema`
 * would store it, and sign-ups that become one address keep the earliest.
 */
import { type D1Migration, env } from "cloudflare:test";
import fc from "fast-check";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { foldEmailText } from "../../core/email-address";
import { readFuzzRuns } from "../fuzz-runs";
import { readFormsDb } from "./forms-db";

const migrations = (env as unknown as { TEST_MIGRATIONS: D1Migration[] }).TEST_MIGRATIONS;
const [createTables, foldAddresses] = migrations as [D1Migration, D1Migration];

/** Back to 0001's tables, empty. */
async function restoreVersion1(): Promise<void> {
  await readFormsDb().batch([
    readFormsDb().prepare("DROP TABLE IF EXISTS contact_messages"),
    readFormsDb().prepare("DROP TABLE IF EXISTS newsletter_signups"),
  ]);
  for (const query of createTables.queries) await readFormsDb().prepare(query).run();
}

async function runFoldMigration(): Promise<void> {
  for (const query of foldAddresses.queries) await readFormsDb().prepare(query).run();
}

async function insertSignups(rows: ReadonlyArray<[string, number]>): Promise<void> {
  const insert = readFormsDb().prepare("INSERT OR IGNORE INTO newsletter_signups (email, created_at) VALUES (?, ?)");
  await readFormsDb().batch(rows.map(([email, at]) => insert.bind(email, at)));
}

async function readSignups(): Promise<Array<{ email: string; created_at: number }>> {
  const result = await readFormsDb()
    .prepare("SELECT email, created_at FROM newsletter_signups ORDER BY email")
    .all<{ email: string; created_at: number }>();
  return result.results;
}

beforeEach(restoreVersion1);
afterAll(async () => {
  await restoreVersion1();
  await runFoldMigration();
});

describe("migration 0002 folds the stored addresses", () => {
  it("merges every spelling of one address into its folded row, keeping the earliest time", async () => {
    await insertSignups([
      ["ÄBC@vpf.test", 5],
      ["äbc@vpf.test", 3],
      ["a\u0308bc@vpf.test", 4],
      ["ＡＢＣ@vpf.test", 9],
      ["Grace@VPF.test", 7],
      ["jo\u200be@vpf.test", 2],
      ["joe@vpf.test", 8],
    ]);
    const insert = readFormsDb().prepare(
      "INSERT INTO contact_messages (name, email, subject, message, created_at) VALUES ('N', ?, '', 'M', 1)",
    );
    await readFormsDb().batch([insert.bind("JOSÉ@vpf.test"), insert.bind("jose\u0301@vpf.test")]);
    await runFoldMigration();
    expect(await readSignups()).toEqual([
      { email: "abc@vpf.test", created_at: 9 },
      { email: "grace@vpf.test", created_at: 7 },
      { email: "joe@vpf.test", created_at: 2 },
      { email: "äbc@vpf.test", created_at: 3 },
    ]);
    const messages = await readFormsDb()
      .prepare("SELECT DISTINCT email FROM contact_messages")
      .all<{ email: string }>();
    expect(messages.results).toEqual([{ email: "josé@vpf.test" }]);
    // The key now compares exactly: a folded sign-up lands on the merged row.
    await readFormsDb()
      .prepare(
        "INSERT INTO newsletter_signups (email, created_at) VALUES ('äbc@vpf.test', 1) ON CONFLICT (email) DO NOTHING",
      )
      .run();
    expect((await readSignups()).find((row) => row.email === "äbc@vpf.test")?.created_at).toBe(3);
  });

  it("folds as foldEmailText does, for spellings built from cased, composed, decomposed and full-width letters", async () => {
    const letters = [
      ..."aAzZäÄéÉñÑøØßẞσΣжЖ",
      "a\u0308",
      "E\u0301",
      "n\u0303",
      "ＡｂＣ",
      "ﬁ",
      "İ",
      "\u1100\u1161\u11a8",
    ];
    const spelling = fc
      .array(fc.constantFrom(...letters), { minLength: 1, maxLength: 8 })
      .map((parts) => parts.join(""));
    const samples = fc.sample(fc.uniqueArray(spelling, { minLength: 20, maxLength: 20 }), {
      numRuns: readFuzzRuns((env as unknown as { BENCH_FUZZ_RUNS?: string }).BENCH_FUZZ_RUNS, 5),
    });
    for (const sample of samples) {
      await restoreVersion1();
      await insertSignups(sample.map((local, index) => [`${local}@vpf.test`, index]));
      await runFoldMigration();
      const expected = [...new Set(sample.map((local) => foldEmailText(`${local}@vpf.test`)))].sort();
      expect((await readSignups()).map((row) => row.email).sort()).toEqual(expected);
    }
  });
});
