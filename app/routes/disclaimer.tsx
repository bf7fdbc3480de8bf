/**
 * `/disclaimer` (rule 2.11): the legal text. Educational only; not financial
 * advice; do your own research; consult a qualified professional (UK
 * regulation named); no liability; accuracy; affiliate links; external links.
 */
import { PageIntro } from "../components/page-intro";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/disclaimer";

export const meta: Route.MetaFunction = (args) =>
  buildMeta(args, {
    title: "Disclaimer",
    description: "VPF content is for educational purposes only and is not financial advice. Read the full disclaimer.",
    path: "/disclaimer",
  });

const SECTIONS: Array<{ id: string; title: string; paragraphs: string[] }> = [
  {
    id: "educational-purposes-only",
    title: "Educational purposes only",
    paragraphs: [
      "All content published by VPF, including articles, newsletters, products, videos and social media posts, is provided for general educational and informational purposes only. It is designed to help you understand financial ideas, not to tell you what to do with your money.",
    ],
  },
  {
    id: "not-financial-advice",
    title: "Not financial advice",
    paragraphs: [
      "Nothing on this website is financial, investment, tax, legal or accounting advice, and nothing here is a recommendation or solicitation to buy, sell or hold any security, cryptocurrency, fund or other financial product. Our content does not take into account your personal objectives, financial situation or needs.",
      "Investing and trading involve risk, including the possible loss of all the money you invest. Past performance is not a reliable indicator of future results. Examples and figures in our articles are illustrations, not predictions or promises.",
    ],
  },
  {
    id: "do-your-own-research",
    title: "Do your own research",
    paragraphs: [
      "Before making any financial decision, do your own research. Read the official documents of any product you are considering, understand its costs and risks, and make sure it suits your circumstances. You are solely responsible for the decisions you make.",
    ],
  },
  {
    id: "consult-a-professional",
    title: "Consult a qualified professional",
    paragraphs: [
      "For advice about your personal situation, consult a suitably qualified and authorised professional. In the United Kingdom, financial advice is a regulated activity: check that any adviser you use is authorised by the Financial Conduct Authority (FCA) by searching the FCA's Financial Services Register. Outside the UK, look for an adviser regulated in your own country.",
      "VPF and its writers are not authorised by the FCA or any other regulator to give financial advice.",
    ],
  },
  {
    id: "no-liability",
    title: "No liability",
    paragraphs: [
      "To the fullest extent permitted by law, VPF, its authors and its partners accept no liability for any loss or damage, direct or indirect, arising from your use of this website or your reliance on any of its content. Any action you take on the basis of our content is taken at your own risk.",
    ],
  },
  {
    id: "accuracy",
    title: "Accuracy of information",
    paragraphs: [
      "We work hard to keep our content accurate and up to date, but we make no warranty, express or implied, about its completeness, accuracy or reliability. Markets, products, rules and tax law change, and information that was correct when published may no longer be. Please check the publication date of each article and verify important facts with official sources.",
    ],
  },
  {
    id: "affiliate-links",
    title: "Affiliate links",
    paragraphs: [
      "Some pages may contain affiliate links. If you click one and buy a product or open an account, we may earn a commission at no extra cost to you. Affiliate relationships never determine what we write, and a link to a product is not an endorsement of it or a statement that it suits you.",
    ],
  },
  {
    id: "external-links",
    title: "External links",
    paragraphs: [
      "Our content may link to websites run by other people. We have no control over those websites and are not responsible for their content, accuracy, privacy practices or availability. A link does not mean we endorse the website or anything it offers.",
    ],
  },
  {
    id: "changes",
    title: "Changes to this disclaimer",
    paragraphs: [
      "We may update this disclaimer from time to time. The version published on this page is the one that applies. By using this website you accept this disclaimer in full.",
    ],
  },
];

export default function Disclaimer() {
  return (
    <>
      <PageIntro eyebrow="Legal" title="Disclaimer">
        <p>Please read this carefully. It explains what our content is, and what it is not.</p>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-3xl">
          <nav aria-label="On this page" className="rounded-2xl border border-slate-200 p-5 dark:border-slate-800">
            <h2 className="text-sm font-semibold tracking-wide uppercase">On this page</h2>
            <ul className="mt-3 grid gap-1 sm:grid-cols-2">
              {SECTIONS.map((section) => (
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
          <div className="mt-10 space-y-10">
            {SECTIONS.map((section) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-heading`}
                className="scroll-mt-24"
              >
                <h2 id={`${section.id}-heading`} className="text-2xl font-bold tracking-tight">
                  {section.title}
                </h2>
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph.slice(0, 40)} className="mt-3 text-lg text-slate-700 dark:text-slate-300">
                    {paragraph}
                  </p>
                ))}
              </section>
            ))}
          </div>
        </div>
      </div>
    </>
  );
}
