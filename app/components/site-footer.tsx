/**
 * The footer (rules 2.7, 3.5); social marks come from one cached sprite. Never code-split behind
 * Suspense, so it is in the first HTML without JavaScript too (rule 6.5).
 */
import { Mail } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import SOCIAL_MARKS_URL from "virtual:vpf/social-marks";
import { FOOTER_CATEGORY_SLUGS, findCategory } from "../../content/categories";
import { SITE_NAME, SOCIAL_LINKS, TAGLINE } from "../../content/site";
import type { SiteLink } from "../../core/page-registry";
import { Logo } from "./logo";
import { ContentWidth } from "./ui/content-width";
import { useFrameData } from "../lib/frame-data";

const linkClass =
  "text-sm text-slate-600 hover:text-brand-700 hover:underline underline-offset-4 dark:text-slate-300 dark:hover:text-brand-300";

/** A brand's mark from the sprite (its symbol is named after the link's kind), drawn in the text colour. */
function BrandMark({ kind }: { kind: string }) {
  return (
    <svg aria-hidden="true" focusable="false" className="size-5 fill-current">
      <use href={`${SOCIAL_MARKS_URL}#${kind}`} />
    </svg>
  );
}

/** The site footer; `year` is the copyright year (from the root loader). */
export function SiteFooter({ year }: { year: number }) {
  const nav = useFrameData().nav;
  const footerCategories = FOOTER_CATEGORY_SLUGS.map((slug) => findCategory(slug)).filter((c) => c !== undefined);

  return (
    <footer className="mt-24 border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/40">
      <ContentWidth className="grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">{TAGLINE}</p>
          <ul className="mt-4 flex gap-2" aria-label="Social links">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.kind}>
                <a
                  href={social.href}
                  aria-label={social.label}
                  {...(social.kind === "email" ? {} : { target: "_blank", rel: "noopener noreferrer" })}
                  className="inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-200 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
                >
                  {social.kind === "email" ? (
                    <Mail aria-hidden="true" className="size-5" />
                  ) : (
                    <BrandMark kind={social.kind} />
                  )}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <FooterColumn title="Content" links={nav.footerContent} />
        <FooterColumn
          title="Categories"
          links={footerCategories.map((category) => ({ label: category.title, to: category.href }))}
        />
        <FooterColumn title="Legal" links={nav.footerLegal} />
      </ContentWidth>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <ContentWidth as="p" className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">
          © {year} {SITE_NAME}. All rights reserved. Built with ❤️ for financial freedom
        </ContentWidth>
      </div>
    </footer>
  );
}

function FooterColumn({ title, links }: { title: string; links: SiteLink[] }): ReactNode {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold text-slate-900 dark:text-white">{title}</h2>
      <ul className="mt-4 grid gap-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
