/**
 * The HTML an article or issue may carry (rule 3.1), on an allowlist: what Markdown writes and what a finance article
 * needs besides (tables, figures, details, images, links), through sanitize-html at build time. Everything else is
 * dropped and named, so the owner learns what did not make it and where.
 */
import sanitizeHtml from "sanitize-html";

/** Elements an article may hold, each with the attributes it may keep (`id` is allowed on every one, see below). */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  ...Object.fromEntries(
    [
      ..."p h2 h3 h4 h5 h6 ul li blockquote em strong del s code pre hr br thead tbody tfoot tr caption".split(" "),
      ..."figure figcaption details summary sup sub mark kbd dl dt dd small cite q b i u span div section".split(" "),
    ].map((tag) => [tag, []]),
  ),
  a: ["href", "title"],
  ol: ["start"],
  table: [],
  th: ["align", "scope", "colspan", "rowspan"],
  td: ["align", "colspan", "rowspan"],
  img: ["src", "alt", "title", "width", "height"],
  abbr: ["title"],
  time: ["datetime"],
  // GitHub-flavoured task lists.
  input: ["type", "checked", "disabled"],
};

/** Code blocks name their language for highlighting: `class="language-js"`, nothing else. */
const CODE_CLASS = /^language-[a-z0-9+#-]+$/;

/**
 * An `id` the page may carry: lower case, digits, hyphens and inner underscores, as heading ids are. It cannot name
 * a global the page's scripts read (they are camelCase, or start with `_`); `name`, which shadows the document's own
 * properties (`<img name="getElementsByTagName">`), is allowed nowhere.
 */
const SAFE_ID = /^[\p{Ll}\p{Lo}\p{N}][\p{Ll}\p{Lo}\p{N}_-]*$/u;

/** Addresses a link or an image may use; relative ones and `#fragments` always. */
const SCHEMES = ["http", "https", "mailto", "tel"];

/**
 * Prints what `sanitizeContentHtml` dropped from the file at `filePath` (a build's warning: the page still builds).
 */
export function reportDroppedMarkup(filePath: string, dropped: readonly DroppedMarkup[]): void {
  if (dropped.length > 0) console.warn(`⚠ ${filePath}: HTML not allowed in content, dropped: ${dropped.join(", ")}`);
}

/** One thing the sanitizer dropped: `<meta>`, `name on <img>`, `id="__x" on <h2>`, `href="javascript:…" on <a>`. */
export type DroppedMarkup = string;

/** Whether `url` uses an allowed scheme, or none (relative). */
function isAllowedUrl(url: string): boolean {
  const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  return scheme === undefined || SCHEMES.includes(scheme);
}

/** What of one opening tag the allowlist refuses, as `DroppedMarkup` lines. */
function listRefused(tag: string, attributes: Record<string, string>): DroppedMarkup[] {
  const allowed = ALLOWED[tag];
  if (!allowed) return [`<${tag}>`];
  const refused: DroppedMarkup[] = [];
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "id") {
      if (!SAFE_ID.test(value)) refused.push(`id="${value}" on <${tag}>`);
    } else if (name === "class" && tag === "code") {
      if (!CODE_CLASS.test(value)) refused.push(`class="${value}" on <code>`);
    } else if (!allowed.includes(name)) {
      refused.push(`${name} on <${tag}>`);
    } else if ((name === "href" || name === "src") && !isAllowedUrl(value)) {
      refused.push(`${name}="${value.slice(0, 40)}" on <${tag}>`);
    }
  }
  return refused;
}

/**
 * `html` with only the allowlist's elements and attributes; `dropped` names what went, once each. Text of a dropped
 * element stays, except that of `script`, `style` and other raw-text elements. With `scrollTables` (a page, not a
 * mail), each table is wrapped in a box that scrolls sideways on a narrow screen (`.table-scroll`, focusable so a
 * keyboard can scroll it).
 */
export function sanitizeContentHtml(
  html: string,
  { scrollTables }: { scrollTables: boolean },
): { html: string; dropped: DroppedMarkup[] } {
  const dropped = new Set<DroppedMarkup>();
  const clean = sanitizeHtml(html, {
    allowedTags: Object.keys(ALLOWED),
    allowedAttributes: { ...ALLOWED, "*": ["id"], code: ["class"] },
    allowedClasses: { code: [CODE_CLASS] },
    allowedSchemes: SCHEMES,
    allowedSchemesAppliedToAttributes: ["href", "src"],
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    onOpenTag: (tag, attributes) => {
      for (const line of listRefused(tag, attributes)) dropped.add(line);
    },
    transformTags: {
      "*": (tagName, attribs) => {
        if (attribs.id === undefined || SAFE_ID.test(attribs.id)) return { tagName, attribs };
        const { id: _unsafe, ...rest } = attribs;
        return { tagName, attribs: rest };
      },
    },
  });
  const wrapped = scrollTables
    ? clean.replace(/<table>/g, '<div class="table-scroll" tabindex="0"><table>').replace(/<\/table>/g, "</table></div>")
    : clean;
  return { html: wrapped, dropped: [...dropped] };
}
