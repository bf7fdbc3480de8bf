/**
 * The call-to-action block on home and about, shown when the cta flag is on
 * (docs/product-rules.md rule 1.6). Drawn with the shared `CtaBand`.
 */
import { clsx } from "clsx";
import { Link } from "react-router";
import { CtaBand, CtaBandHeading, CtaBandText } from "./cta-band";
import { buttonClassName } from "./ui/button";
import { ContentWidth } from "./ui/content-width";

/** The block. */
export function CtaBlock() {
  return (
    <ContentWidth className="mt-20">
      <CtaBand labelledBy="cta-heading">
        <CtaBandHeading id="cta-heading">Start Your Journey to Financial Freedom</CtaBandHeading>
        <CtaBandText>One practical step at a time. Pick a topic and start reading today.</CtaBandText>
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
