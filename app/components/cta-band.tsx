/** The brand band every call-to-action uses; it takes its column's width, so place it inside `ContentWidth`. */
import { clsx } from "clsx";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClassName } from "./ui/button";
import { ContentWidth } from "./ui/content-width";

/**
 * The band: optional `icon` above the heading `title` (its element id is `id`, which labels the band), then `text`
 * and whatever controls follow as `children`.
 */
export function CtaBand({
  id,
  icon,
  title,
  text,
  children,
}: {
  id: string;
  icon?: ReactNode;
  title: string;
  text: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-3xl bg-brand-800 px-6 py-12 text-center text-white sm:px-12 dark:bg-brand-900"
    >
      {icon}
      <h2 id={id} className="text-2xl font-bold sm:text-3xl">
        {title}
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-brand-50">{text}</p>
      {children}
    </section>
  );
}

/** The call-to-action block on home and about, shown when the cta flag is on (rule 1.6). */
export function CtaBlock() {
  return (
    <ContentWidth className="mt-20">
      <CtaBand
        id="cta-heading"
        title="Start Your Journey to Financial Freedom"
        text="One practical step at a time. Pick a topic and start reading today."
      >
        <Link
          to="/blog"
          prefetch="intent"
          className={clsx(buttonClassName({ variant: "onDark", size: "xl" }), "mt-6 inline-block")}
        >
          Start Reading
        </Link>
      </CtaBand>
    </ContentWidth>
  );
}
