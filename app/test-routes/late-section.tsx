/**
 * `/test/late-section?port=N`, a test page of local builds only (`app/routes.ts`): a section whose content is a
 * deferred loader value, so React streams its Suspense boundary after the rest of the page (rules 8.1, 10.2,
 * decision 018). The value is the text a server on `127.0.0.1:N` answers, so the test that serves it decides when
 * the section arrives (`tests/e2e/late-section.spec.ts`). The fallback, the content and the error each take the
 * same fixed height: the section never moves what follows it.
 */
import { Suspense } from "react";
import { Await, data } from "react-router";
import * as v from "valibot";
import { PageIntro } from "../components/page-intro";
import { ContentWidth } from "../components/ui/content-width";
import { formatTitle } from "../lib/meta";
import type { Route } from "./+types/late-section";

/** The page's query: the loopback port of the server that answers the section's text. */
const LateSectionQuerySchema = v.object({
  port: v.pipe(v.string(), v.digits(), v.toNumber(), v.integer(), v.minValue(1024), v.maxValue(65_535)),
});

/** The section's text as that server answers it: one short line. */
const LateSectionTextSchema = v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(200));

export const meta: Route.MetaFunction = () => [
  { title: formatTitle("A section that arrives late") },
  { name: "robots", content: "noindex" },
];

/**
 * The section's text as a promise React Router streams after the page (rejected when the server fails or answers
 * something else than a short line); a query without a valid `port` is answered 400.
 */
export function loader({ request }: Route.LoaderArgs) {
  const query = v.safeParse(LateSectionQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw data("This test page needs ?port= naming a local port from 1024 to 65535.", 400);
  const text = fetch(`http://127.0.0.1:${query.output.port}/`, { signal: request.signal }).then(async (response) => {
    if (!response.ok) throw new Error(`the section's server answered ${response.status}`);
    return v.parse(LateSectionTextSchema, await response.text());
  });
  return { text };
}

const SECTION_LINE = "h-16 text-lg text-slate-600 dark:text-slate-300";

export default function LateSection({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro eyebrow="Test page" title="A section that arrives late">
        <p>The section below streams in after the rest of the page.</p>
      </PageIntro>
      <ContentWidth as="section" aria-labelledby="late-heading" className="mt-8">
        <h2 id="late-heading" className="text-2xl font-bold tracking-tight">
          Late section
        </h2>
        <div className="mt-4" data-late-section>
          <Suspense fallback={<p className={SECTION_LINE}>Loading the late section…</p>}>
            <Await
              resolve={loaderData.text}
              errorElement={<p className={SECTION_LINE}>The late section could not be loaded.</p>}
            >
              {(text) => <p className={SECTION_LINE}>{text}</p>}
            </Await>
          </Suspense>
        </div>
      </ContentWidth>
      <ContentWidth as="p" className="mt-8 text-lg" data-after-late-section>
        What follows the section.
      </ContentWidth>
    </>
  );
}
