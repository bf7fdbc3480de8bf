/** The layout of the legal and trust pages (rules 2.8, 2.9). */
import type { ReactNode } from "react";
import { LEGAL_IDENTITY } from "../../content/legal-identity";
import { CONTACT_EMAIL } from "../../content/site";
import { formatLongDate } from "../lib/dates";
import { PageIntro } from "./page-intro";
import { ContentWidth } from "./ui/content-width";

/** The contact address as a mail link, for the sections' text. */
export const mail = (
  <a
    href={`mailto:${CONTACT_EMAIL}`}
    className="font-semibold break-words text-brand-700 underline dark:text-brand-400"
  >
    {CONTACT_EMAIL}
  </a>
);

/** One section: `id` is its hash target, e.g. `no-liability`. */
export interface LegalSection {
  id: string;
  title: string;
  paragraphs: ReactNode[];
  points?: ReactNode[];
}

/**
 * The page; `updated` names the page whose last change (`LEGAL_IDENTITY.updated`) the intro gives, and `sellerRole`,
 * when the page names who the visitor deals with, the seller's role there (rule 2.9).
 */
export function LegalPage({
  title,
  intro,
  updated,
  sellerRole,
  sections,
}: {
  title: string;
  intro: ReactNode;
  updated: keyof typeof LEGAL_IDENTITY.updated;
  sellerRole?: string;
  sections: readonly LegalSection[];
}) {
  return (
    <>
      <PageIntro eyebrow="Legal" title={title}>
        <p>{intro}</p>
        <p className="mt-2 text-base text-slate-600 dark:text-slate-400" data-testid="legal-updated">
          Last updated {formatLongDate(LEGAL_IDENTITY.updated[updated])}.
        </p>
      </PageIntro>
      <ContentWidth>
        <div className="max-w-3xl">
          <nav aria-label="On this page" className="rounded-2xl border border-slate-200 p-5 dark:border-slate-800">
            <h2 className="text-sm font-semibold">On This Page</h2>
            <ul className="mt-3 grid gap-1 sm:grid-cols-2">
              {sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="text-brand-700 underline-offset-4 hover:underline dark:text-brand-400"
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {sellerRole && <LegalIdentityCard role={sellerRole} />}
          <div className="mt-10 space-y-10">
            {sections.map((section) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-heading`}
                className="scroll-mt-24"
              >
                <h2 id={`${section.id}-heading`} className="text-2xl font-bold tracking-tight">
                  {section.title}
                </h2>
                {section.paragraphs.map((paragraph, index) => (
                  <p key={index} className="mt-3 text-lg text-slate-700 dark:text-slate-300">
                    {paragraph}
                  </p>
                ))}
                {section.points && (
                  <ul className="mt-3 list-disc space-y-2 pl-6 text-lg text-slate-700 dark:text-slate-300">
                    {section.points.map((point, index) => (
                      <li key={index}>{point}</li>
                    ))}
                  </ul>
                )}
              </section>
            ))}
          </div>
        </div>
      </ContentWidth>
    </>
  );
}

/** Who the visitor deals with: name, postal address and e-mail. */
function LegalIdentityCard({ role }: { role: string }) {
  return (
    <section
      aria-labelledby="legal-identity-heading"
      className="mt-6 rounded-2xl border border-slate-200 p-5 dark:border-slate-800"
      data-testid="legal-identity"
    >
      <h2 id="legal-identity-heading" className="text-sm font-semibold">
        {role}
      </h2>
      <address className="mt-2 text-base text-slate-700 not-italic dark:text-slate-300">
        <strong className="font-semibold text-slate-900 dark:text-white">{LEGAL_IDENTITY.legalName}</strong>
        {LEGAL_IDENTITY.postalAddress.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
        <a
          href={`mailto:${LEGAL_IDENTITY.email}`}
          className="mt-1 block break-words text-brand-700 underline underline-offset-4 dark:text-brand-400"
        >
          {LEGAL_IDENTITY.email}
        </a>
      </address>
    </section>
  );
}
