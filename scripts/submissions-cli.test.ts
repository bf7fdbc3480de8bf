import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { EmailAddressSchema } from "../core/email-address.ts";
import { findFormsDeployProblems } from "./deploy-config.ts";
import {
  LIST_SQL,
  type SubmissionRow,
  buildDeleteSql,
  countDeletedRows,
  describeSubmission,
  formatSubmissionsCsv,
  parseSubmissionsArgs,
} from "./submissions-cli.ts";

describe("npm run submissions arguments (SubmissionsArgsSchema)", () => {
  it("reads list, export --csv and delete --email, locally unless --remote", () => {
    expect(parseSubmissionsArgs(["list"])).toEqual({ command: "list", remote: false });
    expect(parseSubmissionsArgs(["export", "--csv", "--remote"])).toEqual({
      command: "export",
      csv: true,
      remote: true,
    });
    expect(parseSubmissionsArgs(["delete", "--email", " a@b.co "])).toEqual({
      command: "delete",
      email: "a@b.co",
      remote: false,
    });
    expect(parseSubmissionsArgs(["delete", "--email=a@b.co"])).toMatchObject({ email: "a@b.co" });
  });

  it("refuses a missing command, export without --csv, delete without a valid address, unknown flags", () => {
    expect(() => parseSubmissionsArgs([])).toThrow(/Usage/);
    expect(() => parseSubmissionsArgs(["drop"])).toThrow(/Usage/);
    expect(() => parseSubmissionsArgs(["export"])).toThrow(/export needs --csv/);
    expect(() => parseSubmissionsArgs(["delete"])).toThrow(/delete needs --email/);
    expect(() => parseSubmissionsArgs(["delete", "--email", "x' OR 1=1 --"])).toThrow(/e-mail address/);
    expect(() => parseSubmissionsArgs(["list", "--all"])).toThrow(/Unknown argument "--all"/);
  });

  it("keys the address like a sign-up, so every spelling deletes the same rows", () => {
    const keyed = ["JOSÉ@vpf.test", "jose\u0301@VPF.test", " José@vpf.test ", "JOSE\u0301@vpf.test"].map((spelling) => {
      const args = parseSubmissionsArgs(["delete", "--email", spelling]);
      if (args.command !== "delete") throw new Error("not a delete");
      return buildDeleteSql(args.email);
    });
    expect(new Set(keyed).size).toBe(1);
    expect(() => parseSubmissionsArgs(["delete", "--email", "jo\u200bse@vpf.test"])).toThrow(/e-mail address/);
  });

  it("deletes by exact match on the address's key, quoted, returning a row per deleted row", () => {
    expect(buildDeleteSql(v.parse(EmailAddressSchema, "O'Hara@Straße.test"))).toBe(
      "DELETE FROM contact_messages WHERE email_key = 'o''hara@xn--strae-oqa.test' RETURNING 1 AS deleted; " +
        "DELETE FROM newsletter_signups WHERE email_key = 'o''hara@xn--strae-oqa.test' RETURNING 1 AS deleted",
    );
  });

  it("counts the deleted rows from what local and remote D1 return (local reports no meta.changes)", () => {
    // `wrangler d1 execute --local --json` of buildDeleteSql after deleting two messages and one sign-up.
    const local = JSON.parse(
      '[{"results":[{"deleted":1},{"deleted":1}],"success":true,"meta":{"duration":0}},' +
        '{"results":[{"deleted":1}],"success":true,"meta":{"duration":1}}]',
    ) as Array<{ results: unknown[] }>;
    expect(countDeletedRows(local)).toBe(3);
    expect(countDeletedRows([{ results: [] }, { results: [] }])).toBe(0);
  });
});

const hostile: SubmissionRow = {
  kind: "contact",
  created_at: Date.UTC(2026, 10, 24, 9, 30),
  email: "ada@vpf.test",
  name: "Ada\u001b]8;;https://evil.test\u0007click\u001b]8;;\u0007",
  subject: "\u001b]52;c;ZXZpbA==\u0007Hi\u202etxt.exe",
  message: "Line one\rOVERWRITTEN\n\u001b[2J\u009b31m\u2066two\u2069",
  status: "",
  status_at: null,
};

/** Every character a terminal could act on: C0 but line feed, DEL, C1, bidi marks, overrides and isolates. */
// eslint-disable-next-line no-control-regex -- the test looks for exactly these characters.
const RAW_ESCAPE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

describe("newsletter addresses in npm run submissions", () => {
  const signup = (fields: Partial<SubmissionRow>): SubmissionRow => ({
    kind: "newsletter",
    created_at: Date.UTC(2026, 10, 1, 12),
    email: "ada@vpf.test",
    name: "",
    subject: "",
    message: "",
    status: "pending",
    status_at: Date.UTC(2026, 10, 24, 9, 30),
    ...fields,
  });

  it("list shows whether each address is pending, confirmed or unsubscribed, and since when", () => {
    expect(describeSubmission(signup({}))).toBe(
      "2026-11-01T12:00:00.000Z  newsletter  ada@vpf.test  pending since 2026-11-24T09:30:00.000Z",
    );
    expect(describeSubmission(signup({ status: "confirmed" }))).toBe(
      "2026-11-01T12:00:00.000Z  newsletter  ada@vpf.test  confirmed 2026-11-24T09:30:00.000Z",
    );
    expect(describeSubmission(signup({ status: "unsubscribed" }))).toBe(
      "2026-11-01T12:00:00.000Z  newsletter  ada@vpf.test  unsubscribed 2026-11-24T09:30:00.000Z",
    );
    expect(describeSubmission(signup({ status: "confirmed", status_at: null }))).toMatch(/ada@vpf\.test {2}confirmed$/);
  });

  it("the list reads each status's own time from the sign-ups, readers who left (no times) last", () => {
    expect(LIST_SQL).toContain(
      "CASE status WHEN 'confirmed' THEN confirmed_at WHEN 'pending' THEN requested_at END AS status_at",
    );
    expect(LIST_SQL).toMatch(/ORDER BY created_at IS NULL, created_at DESC$/);
  });
});

describe("what the operator sees of a crafted submission", () => {
  it("list writes every control and bidi character visibly", () => {
    const text = describeSubmission(hostile);
    expect(text).not.toMatch(RAW_ESCAPE);
    expect(text).toContain("Ada\\u001b]8;;https://evil.test\\u0007click");
    expect(text).toContain("\\u001b]52;c;ZXZpbA==\\u0007Hi\\u202etxt.exe");
    expect(text).toContain("\n    Line one\\u000dOVERWRITTEN\n    \\u001b[2J\\u009b31m\\u2066two\\u2069");
    expect(describeSubmission({ ...hostile, kind: "newsletter", email: "a\u001b[8m@b.co" })).not.toMatch(RAW_ESCAPE);
  });

  it("export writes them visibly too", () => {
    expect(formatSubmissionsCsv([hostile]).replaceAll("\r\n", "")).not.toMatch(RAW_ESCAPE);
  });
});

/** The cells a spreadsheet sees when it splits every line on `separator` and ignores quotes. */
function splitNaively(csv: string, separator: string): string[] {
  return csv.split(/\r\n|\n/).flatMap((line) => line.split(separator));
}

describe("the CSV export", () => {
  const row = (fields: Partial<SubmissionRow>): SubmissionRow => ({
    kind: "contact",
    created_at: Date.UTC(2026, 10, 24, 9, 30),
    email: "ada@vpf.test",
    name: "Ada",
    subject: "",
    message: "Hi",
    status: "",
    status_at: null,
    ...fields,
  });

  it("quotes every field, doubles quotes, defuses formulas, and writes UTC times", () => {
    const csv = formatSubmissionsCsv([
      row({ name: '=HYPERLINK("x")', subject: "Hello, there", message: 'Line one\nsaid "hi"' }),
    ]);
    expect(csv).toBe(
      '"kind","created_at","email","name","subject","message","status","status_at"\r\n' +
        '"contact","2026-11-24T09:30:00.000Z","ada@vpf.test","\'=HYPERLINK(""x"")","Hello, there","Line one\nsaid ""hi""","",""\r\n',
    );
  });

  it("gives each newsletter address its status and the time it took it", () => {
    const csv = formatSubmissionsCsv([
      row({ kind: "newsletter", name: "", message: "", status: "unsubscribed", status_at: Date.UTC(2026, 11, 2, 8) }),
    ]);
    expect(csv).toContain(
      '"newsletter","2026-11-24T09:30:00.000Z","ada@vpf.test","","","","unsubscribed","2026-12-02T08:00:00.000Z"\r\n',
    );
  });

  it("defuses every part after a ; , or line break that starts a formula", () => {
    const csv = formatSubmissionsCsv([
      row({ subject: "Hello;=1+2;=cmd|' /C calc'!A0", message: "a, -1\n@SUM(A1)\n+1;  =2" }),
    ]);
    expect(csv).toContain(`"Hello;'=1+2;'=cmd|' /C calc'!A0"`);
    expect(csv).toContain(`"a,' -1\n'@SUM(A1)\n'+1;'  =2"`);
  });

  it("opens as text in a spreadsheet that splits on ; or , and ignores the quotes", () => {
    const csv = formatSubmissionsCsv([
      row({ name: "-2+3", subject: "Hello;=1+2;=cmd|' /C calc'!A0", message: "x,=1\n=2;\t@3,\r+4; -5,  =6" }),
    ]);
    for (const separator of [";", ","]) {
      for (const cell of splitNaively(csv, separator)) {
        expect(cell.replace(/^"/, "").trimStart()).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
  });
});

describe("deploying d1 forms needs a database", () => {
  const id = "6b0d7f4e-3c1a-4e59-9a2b-8d7c6e5f4a31";
  it("simulated forms need nothing; d1 forms need FORMS_DB with a real id", () => {
    expect(findFormsDeployProblems({ FORMS_MODE: "simulated" }, [])).toEqual([]);
    expect(findFormsDeployProblems({ FORMS_MODE: "d1" }, [])).toEqual([expect.stringMatching(/binds no FORMS_DB/)]);
    expect(findFormsDeployProblems({ FORMS_MODE: "d1" }, [{ binding: "FORMS_DB", id: "<the id>" }])).toEqual([
      expect.stringMatching(/not a database id/),
    ]);
    expect(findFormsDeployProblems({ FORMS_MODE: "d1" }, [{ binding: "FORMS_DB", id }])).toEqual([]);
  });
});
