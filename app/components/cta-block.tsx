/**
 * The call-to-action block on home and about, shown when the cta flag is on
 * (docs/product-rules.md rule 1.6). Drawn with the shared `CtaBand`.
 */
import { Link } from "react-router";
import { ContentWidth, CtaBand, CtaBandHeading, CtaBandText } from "./cta-band";

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
          className="mt-6 inline-block rounded-full bg-white px-6 py-3 font-semibold text-brand-900 hover:bg-brand-50"
        >
          Start Reading
        </Link>
      </CtaBand>
    </ContentWidth>
  );
}
