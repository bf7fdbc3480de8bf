/** The brand band every call-to-action uses; it takes its column's width, so place it inside `ContentWidth`. */
import type { ReactNode } from "react";

/** The band; `labelledBy` is the id of its heading. */
export function CtaBand({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={labelledBy}
      className="rounded-3xl bg-brand-800 px-6 py-12 text-center text-white sm:px-12 dark:bg-brand-900"
    >
      {children}
    </section>
  );
}

/** The band's heading. */
export function CtaBandHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="text-2xl font-bold sm:text-3xl">
      {children}
    </h2>
  );
}

/** The band's text under the heading. */
export function CtaBandText({ children }: { children: ReactNode }) {
  return <p className="mx-auto mt-3 max-w-xl text-brand-50">{children}</p>;
}
