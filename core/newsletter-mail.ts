/** The newsletter's mails (rule 6.8), readable without images; no Node or worker API, so the CLI can preview them. */
import type { NewsletterIssue } from "../content/newsletter-issue-schema.ts";
import { SITE_LOCALE, SITE_LONG_NAME, SITE_NAME } from "../content/site.ts";
import { SEND_TIME_WORDS } from "./newsletter-schedule.ts";
import { CONFIRM_LINK_DAYS } from "./newsletter-tokens.ts";

/** A mail ready for the send binding. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** Brand colours (app/app.css); the dark ones, in the style block, reach only some clients (Apple Mail, Outlook.com). */
const COLOR = {
  brand: "#047857",
  page: "#f8fafc",
  card: "#ffffff",
  border: "#e2e8f0",
  text: "#0f172a",
  body: "#334155",
  muted: "#475569",
} as const;

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

const SEND_DATE = new Intl.DateTimeFormat(SITE_LOCALE, { dateStyle: "long", timeZone: "UTC" });
const SEND_WEEKDAY = new Intl.DateTimeFormat(SITE_LOCALE, { weekday: "long", timeZone: "UTC" });

const ENTITIES = { "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&#39;", '"': "&quot;" };

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => ENTITIES[ch as keyof typeof ENTITIES]);
}

/** One line of header or text: line breaks and runs of space become one space, so a value cannot add lines. */
function toLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * The note to a confirmed reader who signed up again (rule 6.8): nothing to confirm, they already get the newsletter,
 * with the way out. The sign-up page reads the same for every address, so only the mailbox learns the truth.
 */
export function renderAlreadySubscribedMail(
  input: Record<"email" | "unsubscribeUrl" | "siteUrl", string>,
): RenderedMail {
  const email = toLine(input.email);
  const unsubscribeUrl = toLine(input.unsubscribeUrl);
  const siteUrl = toLine(input.siteUrl);
  const subject = `You are already subscribed to the ${SITE_NAME} newsletter`;
  const note = `Someone, hopefully you, signed up again with this address. You already get the newsletter, every ${SEND_TIME_WORDS.when}: there is nothing to confirm.`;
  const content = [
    heading("You are already subscribed"),
    paragraph(`${escapeHtml(note)} <strong>${escapeHtml(email)}</strong> stays on the list as it is.`),
  ].join("\n");
  const footer = [
    `You get this email because this address was entered on the ${SITE_NAME} website.`,
    `Don't want the newsletter any more? ${link(unsubscribeUrl, "Unsubscribe")}.`,
  ];
  return {
    subject,
    html: renderLayout({ subject, preheader: note, siteUrl, topLink: null, content, footer }),
    text: [subject, note, `Address: ${email}`, renderTextFooter(siteUrl, unsubscribeUrl)].join("\n\n"),
  };
}

/** The double opt-in mail to `email`; the URLs are absolute, `siteUrl` being the site's origin. */
export function renderConfirmationMail(
  input: Record<"email" | "confirmUrl" | "unsubscribeUrl" | "siteUrl", string>,
): RenderedMail {
  const email = toLine(input.email);
  const confirmUrl = toLine(input.confirmUrl);
  const unsubscribeUrl = toLine(input.unsubscribeUrl);
  const siteUrl = toLine(input.siteUrl);
  const subject = `Confirm your ${SITE_NAME} newsletter subscription`;
  const expiry = `The link expires in ${CONFIRM_LINK_DAYS} days.`;
  const ignore =
    "If you did not ask for this, ignore this email: you will not be subscribed and won't hear from us again.";
  const content = [
    heading("Confirm your subscription"),
    paragraph(
      `Someone, hopefully you, asked for the weekly ${SITE_NAME} newsletter to be sent to <strong>${escapeHtml(email)}</strong>. One practical money idea, every ${SEND_TIME_WORDS.when}.`,
    ),
    paragraph("To start receiving it, confirm your address:"),
    button(confirmUrl, "Confirm my subscription"),
    paragraph(
      `${expiry} If the button does not work, copy this address into your browser:<br>${link(confirmUrl, escapeHtml(confirmUrl), "word-break:break-all;")}`,
      "muted",
    ),
    paragraph(escapeHtml(ignore), "muted"),
  ].join("\n");
  const footer = [
    `You get this email because this address was entered on the ${SITE_NAME} website.`,
    `Don't want it? ${link(unsubscribeUrl, "Unsubscribe")}.`,
  ];
  return {
    subject,
    html: renderLayout({
      subject,
      preheader: `Confirm your address to get the weekly ${SITE_NAME} newsletter. ${expiry}`,
      siteUrl,
      topLink: null,
      content,
      footer,
    }),
    text: [
      subject,
      `Someone, hopefully you, asked for the weekly ${SITE_NAME} newsletter to be sent to this address:\n${email}`,
      `To confirm, open this link and press its button:\n${confirmUrl}`,
      expiry,
      ignore,
      renderTextFooter(siteUrl, unsubscribeUrl),
    ].join("\n\n"),
  };
}

/** An issue as mailed, its title the subject; the links are absolute, the body's resolved against `siteUrl`. */
export function renderIssueMail(
  issue: NewsletterIssue,
  links: { webViewUrl: string; unsubscribeUrl: string; siteUrl: string },
): RenderedMail {
  const webViewUrl = toLine(links.webViewUrl);
  const unsubscribeUrl = toLine(links.unsubscribeUrl);
  const siteUrl = toLine(links.siteUrl);
  const subject = toLine(issue.title);
  const sent = new Date(issue.sendAt);
  const edition = `${SEND_WEEKDAY.format(sent)} edition · ${SEND_DATE.format(sent)}`;
  const content = [
    `<p class="vpf-muted" style="margin:0 0 8px;font-size:14px;line-height:1.5;color:${COLOR.muted};">${escapeHtml(edition)}</p>`,
    heading(escapeHtml(subject)),
    styleIssueBody(issue.html, siteUrl),
  ].join("\n");
  const why = `You get this email because you subscribed to the ${SITE_NAME} newsletter.`;
  const footer = [
    `You get this email because you subscribed to the ${SITE_NAME} newsletter and confirmed your address.`,
    `${link(webViewUrl, "View in your browser")} · ${link(unsubscribeUrl, "Unsubscribe")}`,
  ];
  return {
    subject,
    html: renderLayout({
      subject,
      preheader: toLine(issue.preheader),
      siteUrl,
      topLink: { href: webViewUrl, label: "View in your browser" },
      content,
      footer,
    }),
    text: [
      `View in your browser:\n${webViewUrl}`,
      subject,
      edition,
      resolveTextUrls(issue.text, siteUrl),
      renderTextFooter(siteUrl, unsubscribeUrl, why),
    ].join("\n\n"),
  };
}

function renderTextFooter(siteUrl: string, unsubscribeUrl: string, why?: string): string {
  const site = [`--\n${SITE_NAME}: ${SITE_LONG_NAME}`, siteUrl, ...(why ? [why] : [])].join("\n");
  return `${site}\n\nUnsubscribe with one click:\n${unsubscribeUrl}`;
}

/** Site-relative URLs, which the issue's text part holds on lines of their own, made absolute against `siteUrl`. */
function resolveTextUrls(text: string, siteUrl: string): string {
  return text
    .split("\n")
    .map((line) => (/^\/\S*$/.test(line) ? new URL(line, siteUrl).toString() : line))
    .join("\n");
}

/** Element styles for the issue body: mail clients drop classes and style sheets, so each tag carries its own. */
const BODY_STYLES: Record<string, [className: string, style: string]> = {
  p: ["vpf-body", `margin:0 0 16px;font-size:16px;line-height:1.6;color:${COLOR.body};`],
  ul: ["vpf-body", `margin:0 0 16px;padding-left:24px;color:${COLOR.body};`],
  ol: ["vpf-body", `margin:0 0 16px;padding-left:24px;color:${COLOR.body};`],
  li: ["vpf-body", `margin:0 0 6px;font-size:16px;line-height:1.6;color:${COLOR.body};`],
  h2: ["vpf-text", `margin:24px 0 12px;font-size:20px;line-height:1.3;color:${COLOR.text};`],
  h3: ["vpf-text", `margin:20px 0 8px;font-size:17px;line-height:1.3;color:${COLOR.text};`],
  blockquote: [
    "vpf-body",
    `margin:0 0 16px;padding:0 0 0 16px;border-left:3px solid ${COLOR.brand};color:${COLOR.body};`,
  ],
};

/** The build's body HTML with inline styles and absolute links (it is our own Markdown's output, never a visitor's). */
function styleIssueBody(html: string, siteUrl: string): string {
  return html
    .replace(/<(p|ul|ol|li|h2|h3|blockquote)(\s[^>]*)?>/g, (_tag, name: string, attributes: string | undefined) => {
      const [className, style] = BODY_STYLES[name]!;
      return `<${name}${attributes ?? ""} class="${className}" style="${style}">`;
    })
    .replace(/<a href="([^"]*)"/g, (_tag, href: string) => {
      const absolute = new URL(unescapeHtml(href), siteUrl).toString();
      return `<a class="vpf-link" style="color:${COLOR.brand};text-decoration:underline;" href="${escapeHtml(absolute)}"`;
    })
    .trim();
}

const CHARACTERS = Object.fromEntries(Object.entries(ENTITIES).map(([character, entity]) => [entity, character]));

function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => CHARACTERS[entity]!);
}

function heading(html: string): string {
  return `<h1 class="vpf-text" style="margin:0 0 16px;font-size:24px;line-height:1.3;font-weight:800;color:${COLOR.text};">${html}</h1>`;
}

function paragraph(html: string, tone: "body" | "muted" = "body"): string {
  const [className, color, size] = tone === "body" ? ["vpf-body", COLOR.body, 16] : ["vpf-muted", COLOR.muted, 14];
  return `<p class="${className}" style="margin:0 0 16px;font-size:${size}px;line-height:1.6;color:${color};">${html}</p>`;
}

/** A link; `href` is escaped here, `html` must already be. */
function link(href: string, html: string, extraStyle = ""): string {
  return `<a class="vpf-link" href="${escapeHtml(href)}" style="color:${COLOR.brand};text-decoration:underline;${extraStyle}">${html}</a>`;
}

/** A button that is a table cell and a link, so it shows in clients that ignore padding on links. */
function button(href: string, label: string): string {
  return [
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">',
    `<tr><td style="border-radius:8px;background-color:${COLOR.brand};">`,
    `<a href="${escapeHtml(href)}" style="display:inline-block;padding:14px 28px;font-family:${FONT};font-size:16px;font-weight:700;line-height:1;color:#ffffff;text-decoration:none;border-radius:8px;">${escapeHtml(label)}</a>`,
    "</td></tr></table>",
  ].join("");
}

function renderLayout(parts: {
  subject: string;
  preheader: string;
  siteUrl: string;
  topLink: { href: string; label: string } | null;
  content: string;
  footer: string[];
}): string {
  const topLink = parts.topLink
    ? `<td align="right" class="vpf-muted" style="font-size:13px;color:${COLOR.muted};">${link(parts.topLink.href, escapeHtml(parts.topLink.label))}</td>`
    : "";
  return `<!DOCTYPE html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(parts.subject)}</title>
<style>
@media (prefers-color-scheme: dark) {
  .vpf-page { background-color: #020617 !important; }
  .vpf-card { background-color: #0f172a !important; border-color: #1e293b !important; }
  .vpf-text { color: #f1f5f9 !important; }
  .vpf-body { color: #cbd5e1 !important; }
  .vpf-muted { color: #94a3b8 !important; }
  .vpf-link, .vpf-brand { color: #34d399 !important; }
}
@media only screen and (max-width: 620px) {
  .vpf-card { padding: 24px 20px !important; }
}
</style>
</head>
<body class="vpf-page" style="margin:0;padding:0;background-color:${COLOR.page};">
<div style="display:none;max-height:0;max-width:0;overflow:hidden;opacity:0;mso-hide:all;font-size:1px;line-height:1px;color:${COLOR.page};">${escapeHtml(parts.preheader)}${"&#847;&zwnj;&nbsp;".repeat(40)}</div>
<table role="presentation" class="vpf-page" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:${COLOR.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;font-family:${FONT};">
<tr><td style="padding:0 4px 16px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr>
<td style="font-family:${FONT};"><a class="vpf-brand" href="${escapeHtml(parts.siteUrl)}" style="font-size:24px;font-weight:800;letter-spacing:-0.5px;color:${COLOR.brand};text-decoration:none;">${SITE_NAME}</a> <span class="vpf-muted" style="font-size:13px;color:${COLOR.muted};">${SITE_LONG_NAME}</span></td>
${topLink}
</tr></table>
</td></tr>
<tr><td class="vpf-card" style="padding:32px;background-color:${COLOR.card};border:1px solid ${COLOR.border};border-radius:16px;font-family:${FONT};">
${parts.content}
</td></tr>
<tr><td class="vpf-muted" style="padding:24px 4px;font-family:${FONT};font-size:13px;line-height:1.6;color:${COLOR.muted};">
${parts.footer.map((line) => `<p class="vpf-muted" style="margin:0 0 8px;color:${COLOR.muted};">${line}</p>`).join("\n")}
<p class="vpf-muted" style="margin:0;color:${COLOR.muted};">${SITE_NAME}: ${SITE_LONG_NAME} · ${link(parts.siteUrl, escapeHtml(parts.siteUrl.replace(/^https?:\/\//, "").replace(/\/$/, "")))}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
