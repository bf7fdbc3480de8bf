/** The heading block at the top of a page: an optional eyebrow, the `<h1>` and an introduction. */
import type { ReactNode } from "react";
import { ContentWidth } from "./ui/content-width";

/** Page heading and intro text. */
export function PageIntro({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <ContentWidth className="pt-12 pb-8 sm:pt-16">
      {eyebrow && (
        <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase dark:text-brand-400">{eyebrow}</p>
      )}
      {/* A long single word (a tag, a category) breaks rather than widen a phone page. */}
      <h1 className="mt-2 max-w-4xl text-4xl font-extrabold tracking-tight break-words sm:text-5xl">{title}</h1>
      {children && <div className="mt-4 max-w-2xl text-lg text-slate-600 dark:text-slate-300">{children}</div>}
    </ContentWidth>
  );
}
