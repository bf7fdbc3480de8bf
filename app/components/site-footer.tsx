/**
 * The footer (rule 2.7): logo, tagline, social links; the Content,
 * Categories (4 of 9) and Legal columns; the copyright line with the year.
 */
import { Code, Mail, MessageCircle, PlayCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { FOOTER_CATEGORY_SLUGS, findCategory } from "../../content/categories";
import { SOCIAL_LINKS, TAGLINE } from "../../content/site";
import type { Flags } from "../../core/flags";
import { Logo } from "./logo";

const SOCIAL_ICONS = { video: PlayCircle, microblog: MessageCircle, code: Code, email: Mail } as const;

const linkClass =
  "text-sm text-slate-600 hover:text-brand-700 hover:underline underline-offset-4 dark:text-slate-300 dark:hover:text-brand-300";

/** The site footer; `year` is the copyright year (from the root loader). */
export function SiteFooter({ flags, year }: { flags: Flags; year: number }) {
  const contentLinks = [
    { label: "Home", to: "/", shown: true },
    { label: "Store", to: "/store", shown: flags.store },
    { label: "Blog", to: "/blog", shown: true },
    { label: "Categories", to: "/categories", shown: true },
    { label: "About", to: "/about", shown: true },
    { label: "Contact", to: "/contact", shown: flags.contact },
  ].filter((link) => link.shown);
  const footerCategories = FOOTER_CATEGORY_SLUGS.map((slug) => findCategory(slug)).filter((c) => c !== undefined);

  return (
    <footer className="mt-24 border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">{TAGLINE}</p>
          <ul className="mt-4 flex gap-2" aria-label="Social links">
            {SOCIAL_LINKS.map((social) => {
              const Icon = SOCIAL_ICONS[social.kind];
              return (
                <li key={social.kind}>
                  <a
                    href={social.href}
                    aria-label={social.label}
                    {...(social.kind === "email" ? {} : { target: "_blank", rel: "noopener noreferrer" })}
                    className="inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-200 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
                  >
                    <Icon aria-hidden="true" className="size-5" />
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
        <FooterColumn title="Content">
          {contentLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={linkClass}>
                {link.label}
              </Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title="Categories">
          {footerCategories.map((category) => (
            <li key={category.slug}>
              <Link to={category.href} className={linkClass}>
                {category.title}
              </Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title="Legal">
          <li>
            <Link to="/disclaimer" className={linkClass}>
              Disclaimer
            </Link>
          </li>
        </FooterColumn>
      </div>
      <div className="border-t border-slate-200 dark:border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-6 text-center text-sm text-slate-600 sm:px-6 dark:text-slate-400">
          © {year} VPF. All rights reserved. Built with ❤️ for financial freedom
        </p>
      </div>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold tracking-wide text-slate-900 uppercase dark:text-white">{title}</h2>
      <ul className="mt-4 grid gap-2">{children}</ul>
    </nav>
  );
}
