import { describe, expect, it } from "vitest";
import { formatLongDate, formatWeekday } from "../app/lib/dates";
import type { NewsletterIssue } from "../content/newsletter-issue-schema";
import { SITE_NAME } from "../content/site";
import { renderConfirmationMail, renderIssueMail } from "./newsletter-mail";
import { CONFIRM_LINK_DAYS } from "./newsletter-tokens";

const SITE = "https://vpf.test";
const CONFIRM = "https://vpf.test/newsletter/confirm?token=abc.def&x=1";
const UNSUBSCRIBE = "https://vpf.test/newsletter/unsubscribe?token=uvw.xyz";
const WEB_VIEW = "https://vpf.test/newsletter/issues/a-test-issue";

const ISSUE: NewsletterIssue = {
  slug: "a-test-issue",
  title: "A Test Issue About Money",
  preheader: "One idea, explained simply.",
  sendAt: "2026-11-22T07:00:00Z",
  html: '<p>Good morning.</p>\n<p><strong>Worth reading:</strong> <a href="/blog/a-good-article">The Math</a></p>\n',
  text: "Good morning.\n\nWorth reading: The Math\n/blog/a-good-article",
  readMinutes: 1,
};

/** The `href` values of an HTML part, with `&amp;` read back. */
function readHrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((match) => (match[1] ?? "").replaceAll("&amp;", "&"));
}

/** The lines of a text part. */
function readLines(text: string): string[] {
  return text.split("\n");
}

describe("the confirmation mail", () => {
  const mail = renderConfirmationMail({
    email: "reader@example.org",
    confirmUrl: CONFIRM,
    unsubscribeUrl: UNSUBSCRIBE,
    siteUrl: SITE,
  });

  it("asks to confirm, names the address, the expiry and that it can be ignored", () => {
    expect(mail.subject).toBe(`Confirm your ${SITE_NAME} newsletter subscription`);
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain("reader@example.org");
      expect(part).toContain(`expires in ${CONFIRM_LINK_DAYS} days`);
      expect(part).toMatch(/ignore this email/);
    }
  });

  it("has the confirm and unsubscribe links in both parts, on lines of their own in the text", () => {
    expect(readHrefs(mail.html)).toEqual(expect.arrayContaining([CONFIRM, UNSUBSCRIBE]));
    expect(readLines(mail.text)).toEqual(expect.arrayContaining([CONFIRM, UNSUBSCRIBE, "reader@example.org"]));
  });

  it("has one confirm button", () => {
    expect(mail.html.match(/>Confirm my subscription</g)).toHaveLength(1);
  });

  it("writes a hostile address as text, and it cannot add lines to the text part", () => {
    const hostile = renderConfirmationMail({
      email: '"><script>alert(1)</script>@x.test\nBcc: victim@x.test',
      confirmUrl: CONFIRM,
      unsubscribeUrl: UNSUBSCRIBE,
      siteUrl: SITE,
    });
    expect(hostile.html).not.toContain("<script>");
    expect(hostile.html).toContain("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;@x.test Bcc: victim@x.test");
    expect(readLines(hostile.text)).not.toContain("Bcc: victim@x.test");
  });

  it("has a text part without HTML tags", () => {
    expect(mail.text).not.toMatch(/<[a-z/!][^>]*>/i);
  });
});

describe("the issue mail", () => {
  const links = { webViewUrl: WEB_VIEW, unsubscribeUrl: UNSUBSCRIBE, siteUrl: SITE };
  const mail = renderIssueMail(ISSUE, links);

  it("is titled by the issue and hides its preheader as preview text", () => {
    expect(mail.subject).toBe("A Test Issue About Money");
    expect(mail.html).toMatch(/<div style="display:none;[^"]*">One idea, explained simply\./);
    expect(mail.html).toContain("<h1");
    expect(mail.html).toContain(`${formatWeekday(ISSUE.sendAt)} edition · ${formatLongDate(ISSUE.sendAt)}`);
  });

  it("has the web view, unsubscribe and body links in both parts, absolute, on lines of their own in the text", () => {
    const article = `${SITE}/blog/a-good-article`;
    expect(readHrefs(mail.html)).toEqual(expect.arrayContaining([WEB_VIEW, UNSUBSCRIBE, article]));
    expect(readHrefs(mail.html)).not.toContain("/blog/a-good-article");
    expect(mail.html).toContain(">View in your browser</a>");
    expect(readLines(mail.text)).toEqual(expect.arrayContaining([WEB_VIEW, UNSUBSCRIBE, article]));
  });

  it("says why the reader gets it", () => {
    expect(mail.html).toContain("You get this email because you subscribed");
    expect(mail.text).toContain("You get this email because you subscribed");
  });

  it("escapes a hostile title in the HTML and keeps the subject on one line", () => {
    const hostile = renderIssueMail(
      {
        ...ISSUE,
        title: 'Rates <img src=x onerror="alert(1)"> & you\r\nBcc: victim@x.test',
        preheader: "</div><b>x</b>",
      },
      links,
    );
    expect(hostile.subject).toBe('Rates <img src=x onerror="alert(1)"> & you Bcc: victim@x.test');
    expect(hostile.html).not.toContain("<img");
    expect(hostile.html).not.toContain("<b>x</b>");
    expect(hostile.html).toContain("<title>Rates &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; you Bcc:");
    expect(hostile.html).toContain(
      ">Rates &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; you Bcc: victim@x.test</h1>",
    );
  });

  it("has a text part without HTML tags", () => {
    expect(mail.text).not.toMatch(/<[a-z/!][^>]*>/i);
    expect(mail.text).toContain("Worth reading: The Math");
  });
});
