/**
 * `/disclaimer` (rule 2.11): the legal text. Educational only; not financial
 * advice; do your own research; consult a qualified professional (UK
 * regulation named); no liability; accuracy; affiliate links; external links.
 */
import { REGULATORS } from "../../content/regulators";
import { LEGAL_IDENTITY } from "../../content/legal-identity";
import { SITE_NAME } from "../../content/site";
import { type LegalSection, LegalPage } from "../components/legal-page";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/disclaimer";

export const meta: Route.MetaFunction = (args) =>
  buildMeta(args, {
    title: "Disclaimer",
    description: `${SITE_NAME} content is for educational purposes only and is not financial advice. Read the full disclaimer.`,
    path: "/disclaimer",
  });

const SECTIONS: LegalSection[] = [
  {
    id: "educational-purposes-only",
    title: "Educational Purposes Only",
    paragraphs: [
      `All content published by ${SITE_NAME}, including articles, newsletters, products, videos and social media posts, is provided for general educational and informational purposes only. It is designed to help you understand financial ideas, not to tell you what to do with your money.`,
    ],
  },
  {
    id: "not-financial-advice",
    title: "Not Financial Advice",
    paragraphs: [
      "Nothing on this website is financial, investment, tax, legal or accounting advice, and nothing here is a recommendation or solicitation to buy, sell or hold any security, cryptocurrency, fund or other financial product. Our content does not take into account your personal objectives, financial situation or needs.",
      "Investing and trading involve risk, including the possible loss of all the money you invest. Past performance is not a reliable indicator of future results. Examples and figures in our articles are illustrations, not predictions or promises.",
    ],
  },
  {
    id: "do-your-own-research",
    title: "Do Your Own Research",
    paragraphs: [
      "Before making any financial decision, do your own research. Read the official documents of any product you are considering, understand its costs and risks, and make sure it suits your circumstances. You are solely responsible for the decisions you make.",
    ],
  },
  {
    id: "consult-a-professional",
    title: "Consult a Qualified Professional",
    paragraphs: [
      `For advice about your personal situation, consult a suitably qualified and authorised professional. ${REGULATORS[LEGAL_IDENTITY.country].advice} Elsewhere, look for an adviser regulated in your own country.`,
      `${SITE_NAME} and its writers are not registered with or authorised by ${REGULATORS[LEGAL_IDENTITY.country].adviceShort} or any other regulator to give financial advice.`,
    ],
  },
  {
    id: "no-liability",
    title: "No Liability",
    paragraphs: [
      `To the fullest extent permitted by law, ${SITE_NAME}, its authors and its partners accept no liability for any loss or damage, direct or indirect, arising from your use of this website or your reliance on any of its content. Any action you take on the basis of our content is taken at your own risk.`,
    ],
  },
  {
    id: "accuracy",
    title: "Accuracy of Information",
    paragraphs: [
      "We work hard to keep our content accurate and up to date, but we make no warranty, express or implied, about its completeness, accuracy or reliability. Markets, products, rules and tax law change, and information that was correct when published may no longer be. Please check the publication date of each article and verify important facts with official sources.",
    ],
  },
  {
    id: "affiliate-links",
    title: "Affiliate Links",
    paragraphs: [
      "Some pages may contain affiliate links. If you click one and buy a product or open an account, we may earn a commission at no extra cost to you. Affiliate relationships never determine what we write, and a link to a product is not an endorsement of it or a statement that it suits you.",
    ],
  },
  {
    id: "external-links",
    title: "External Links",
    paragraphs: [
      "Our content may link to websites run by other people. We have no control over those websites and are not responsible for their content, accuracy, privacy practices or availability. A link does not mean we endorse the website or anything it offers.",
    ],
  },
  {
    id: "changes",
    title: "Changes to This Disclaimer",
    paragraphs: [
      "We may update this disclaimer from time to time. The version published on this page is the one that applies. By using this website you accept this disclaimer in full.",
    ],
  },
];

export default function Disclaimer() {
  return (
    <LegalPage
      title="Disclaimer"
      intro="Please read this carefully. It explains what our content is, and what it is not."
      updated="disclaimer"
      sections={SECTIONS}
    />
  );
}
