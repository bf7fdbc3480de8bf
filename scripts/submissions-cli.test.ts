import { describe, expect, it } from "vitest";
import { findFormsDeployProblems } from "./deploy-config.ts";
import { buildDeleteSql, formatSubmissionsCsv, parseSubmissionsArgs } from "./submissions-cli.ts";

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

  it("quotes the address in the delete statements", () => {
    expect(buildDeleteSql("o'hara@vpf.test")).toBe(
      "DELETE FROM contact_messages WHERE email = 'o''hara@vpf.test' COLLATE NOCASE; " +
        "DELETE FROM newsletter_signups WHERE email = 'o''hara@vpf.test' COLLATE NOCASE",
    );
  });
});

describe("the CSV export", () => {
  it("quotes commas, quotes and line breaks, defuses formulas, and writes UTC times", () => {
    const csv = formatSubmissionsCsv([
      {
        kind: "contact",
        created_at: Date.UTC(2026, 10, 24, 9, 30),
        email: "ada@vpf.test",
        name: '=HYPERLINK("x")',
        subject: "Hello, there",
        message: 'Line one\nsaid "hi"',
      },
    ]);
    expect(csv).toBe(
      "kind,created_at,email,name,subject,message\r\n" +
        'contact,2026-11-24T09:30:00.000Z,ada@vpf.test,"\'=HYPERLINK(""x"")","Hello, there","Line one\nsaid ""hi"""\r\n',
    );
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
