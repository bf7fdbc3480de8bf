import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ContentError } from "./compile-articles";
import { compileNewsletterIssue, compileNewsletters } from "./compile-newsletters";

const FILE = "content/newsletters/a-good-issue.md";

const GOOD_ISSUE = `---
title: "A Good Issue About Money"
preheader: "One idea, explained simply."
sendDate: "2026-11-29T07:00:00Z"
---
Good morning. **This week's step:** do one small thing.

- First point
- Second point

**Worth reading:** [The Math](/blog/a-good-article)
`;

function withFrontMatter(replace: readonly [string, string]): string {
  return GOOD_ISSUE.replace(replace[0], replace[1]);
}

describe("compileNewsletterIssue", () => {
  it("takes the slug from the file name and renders the body to HTML and to text", () => {
    const issue = compileNewsletterIssue(FILE, GOOD_ISSUE);
    expect(issue).toMatchObject({
      slug: "a-good-issue",
      title: "A Good Issue About Money",
      sendAt: "2026-11-29T07:00:00Z",
      readMinutes: 1,
    });
    expect(issue.html).toContain("<strong>This week's step:</strong>");
    expect(issue.html).toContain('<a href="/blog/a-good-article">The Math</a>');
    expect(issue.text).toBe(
      "Good morning. This week's step: do one small thing.\n\n- First point\n- Second point\n\n" +
        "Worth reading: The Math\n/blog/a-good-article",
    );
  });

  it("counts read minutes from the words, rounded up", () => {
    const long = `${GOOD_ISSUE}\n${"word ".repeat(401)}\n`;
    expect(compileNewsletterIssue(FILE, long).readMinutes).toBe(3);
  });

  it.each([
    ["title", ['title: "A Good Issue About Money"', "title: 42"]],
    ["title", ['title: "A Good Issue About Money"', ""]],
    ["preheader", ['preheader: "One idea, explained simply."', `preheader: "${"x".repeat(151)}"`]],
    ["sendDate", ['sendDate: "2026-11-29T07:00:00Z"', 'sendDate: "2026-11-29"']],
    ["sendDate", ['sendDate: "2026-11-29T07:00:00Z"', 'sendDate: "2026-11-29T08:00:00+01:00"']],
    ["sendDate", ['sendDate: "2026-11-29T07:00:00Z"', 'sendDate: "2026-02-30T07:00:00Z"']],
    ["surprise", ['sendDate: "2026-11-29T07:00:00Z"', 'sendDate: "2026-11-29T07:00:00Z"\nsurprise: true']],
  ] as const)("rejects a bad %s, naming the file and the field", (field, replace) => {
    const run = () => compileNewsletterIssue(FILE, withFrontMatter(replace));
    expect(run).toThrow(ContentError);
    expect(run).toThrow(/content\/newsletters\/a-good-issue\.md/);
    expect(run).toThrow(new RegExp(`field "${field}"`));
  });

  it("accepts a preheader of exactly 150 characters", () => {
    const source = withFrontMatter(['preheader: "One idea, explained simply."', `preheader: "${"x".repeat(150)}"`]);
    expect(compileNewsletterIssue(FILE, source).preheader).toHaveLength(150);
  });

  it("rejects a file name that is not kebab-case, a file without front matter and one without a body", () => {
    expect(() => compileNewsletterIssue("content/newsletters/Bad Name.md", GOOD_ISSUE)).toThrow(/field "slug"/);
    expect(() => compileNewsletterIssue(FILE, "Just text")).toThrow(/a-good-issue\.md: missing front matter/);
    expect(() => compileNewsletterIssue(FILE, GOOD_ISSUE.slice(0, GOOD_ISSUE.indexOf("Good morning")))).toThrow(
      /a-good-issue\.md: the issue has no body/,
    );
  });
});

describe("compileNewsletters", () => {
  it("sorts by send date and refuses two issues sent at the same moment", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vpf-newsletters-"));
    writeFileSync(path.join(dir, "a-late-one.md"), GOOD_ISSUE);
    writeFileSync(path.join(dir, "b-early-one.md"), withFrontMatter(["2026-11-29", "2026-11-22"]));
    expect(compileNewsletters(dir).map((issue) => issue.slug)).toEqual(["b-early-one", "a-late-one"]);
    writeFileSync(path.join(dir, "c-clash.md"), GOOD_ISSUE);
    expect(() => compileNewsletters(dir)).toThrow(/field "sendDate": a-late-one and c-clash share/);
  });
});
