/** `/about` (rule 2.11): the mission, the focus pillars, and the call-to-action block when the cta flag is on. */
import { Link } from "react-router";
import { categories } from "../../content/categories";
import { CategoryGrid } from "../components/category-grid";
import { CtaBlock } from "../components/cta-band";
import { PageIntro } from "../components/page-intro";
import { ContentWidth } from "../components/ui/content-width";
import { SITE_LONG_NAME, SITE_NAME } from "../../content/site";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/about";
import { useFrameData } from "../lib/frame-data";

export const meta: Route.MetaFunction = (args) =>
  buildMeta(args, {
    title: `About ${SITE_NAME}`,
    description: `${SITE_NAME} stands for ${SITE_LONG_NAME}: honest financial education for people building a freer life.`,
    path: "/about",
  });

const FOCUS_SLUGS = ["personal-finance", "investing", "trading", "crypto", "ai", "enterprising"];

const VALUES = [
  {
    title: "Value",
    text: "Wealth starts with being useful to other people. We write about creating real value and recognising it when we see it.",
  },
  {
    title: "Progress",
    text: "Nobody gets there in one leap. Small, consistent improvements in habits, skills and systems compound over years.",
  },
  {
    title: "Freedom",
    text: "Money is a tool, not the goal. The goal is the freedom to choose how you spend your time and who you spend it with.",
  },
];

export default function About() {
  const flags = useFrameData().flags;
  const pillars = categories.filter((category) => FOCUS_SLUGS.includes(category.slug));
  return (
    <>
      <PageIntro eyebrow="About" title={`About ${SITE_NAME}`}>
        <p>
          {SITE_NAME} stands for {SITE_LONG_NAME}. We publish clear, practical financial education for people who want
          to take control of their money without the hype, the jargon or the get-rich-quick promises.
        </p>
      </PageIntro>

      <ContentWidth as="section" aria-labelledby="mission-heading">
        <h2 id="mission-heading" className="text-2xl font-bold tracking-tight">
          Our Mission
        </h2>
        <div className="mt-4 max-w-3xl space-y-4 text-lg text-slate-700 dark:text-slate-300">
          <p>
            Too much financial content is written to sell something: a course, a coin, a feeling of urgency. We would
            rather help you think. Every article explains the ideas behind a decision, shows the trade-offs, and leaves
            the decision with you.
          </p>
          <p>
            We believe financial freedom is built, not found. It comes from spending less than you earn, investing the
            difference patiently, growing the skills people will pay for, and using new tools such as AI to save time.
            None of it is glamorous. All of it works better the earlier you start.
          </p>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-3">
          {VALUES.map((value) => (
            <li key={value.title} className="rounded-2xl border border-slate-200 p-6 dark:border-slate-800">
              <h3 className="text-lg font-semibold">{value.title}</h3>
              <p className="mt-2 text-slate-600 dark:text-slate-300">{value.text}</p>
            </li>
          ))}
        </ul>
      </ContentWidth>

      <ContentWidth as="section" aria-labelledby="pillars-heading" className="mt-20">
        <h2 id="pillars-heading" className="text-2xl font-bold tracking-tight">
          What We Focus On
        </h2>
        <div className="mt-8">
          <CategoryGrid categories={pillars} headingLevel={3} />
        </div>
        <p className="mt-10 text-slate-600 dark:text-slate-300">
          Everything we publish is educational. Read our{" "}
          <Link
            to="/disclaimer"
            className="font-semibold text-brand-700 underline underline-offset-4 dark:text-brand-400"
          >
            disclaimer
          </Link>{" "}
          to understand what that means for you.
        </p>
      </ContentWidth>

      {flags.cta && <CtaBlock />}
    </>
  );
}
