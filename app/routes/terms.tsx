/** `/terms` (rule 2.9): the store's terms of sale. */
import { Link } from "react-router";
import { LEGAL_IDENTITY } from "../../content/legal-identity";
import { CONTACT_EMAIL, SHIPPING, SITE_LONG_NAME, SITE_NAME } from "../../content/site";
import { type LegalSection, LegalPage } from "../components/legal-page";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = (args) =>
  buildMeta(args, {
    title: "Terms of Sale",
    description: `The terms that apply when you buy from the ${SITE_NAME} store: prices, payment, delivery, cancellation and refunds.`,
    path: "/terms",
  });

const linkClass = "font-semibold text-brand-700 underline dark:text-brand-400";

const SECTIONS: LegalSection[] = [
  {
    id: "who-we-are",
    title: "Who You Are Buying From",
    paragraphs: [
      <>
        The {SITE_NAME} store is run by {SITE_NAME} ({SITE_LONG_NAME}). You can reach us at{" "}
        <a href={`mailto:${CONTACT_EMAIL}`} className={`${linkClass} break-words`}>
          {CONTACT_EMAIL}
        </a>
        . These terms apply to every order placed on this site; please read them before you buy.
      </>,
    ],
  },
  {
    id: "prices-and-payment",
    title: "Prices and Payment",
    paragraphs: [
      "Prices are shown in US dollars. A sale price, when there is one, is shown beside the regular price and is the price you pay. Shipping and any taxes are calculated at checkout and shown before you pay.",
      "Payment is taken on our commerce provider's secure checkout page. We never see or store your card details.",
    ],
  },
  {
    id: "your-order",
    title: "Your Order",
    paragraphs: [
      "Your order is accepted, and a contract is made, when your payment is confirmed and you see your order reference. If we cannot supply an item after all (for example because it sold out at the same moment), we will tell you and refund it in full.",
    ],
  },
  {
    id: "delivery",
    title: "Delivery",
    paragraphs: [
      <>
        Physical items leave us within {SHIPPING.dispatchWorkingDays} working days. Digital items are delivered by
        e-mail as a download link right after payment. Times and costs are set out in{" "}
        <Link to="/shipping" className={linkClass}>
          Shipping &amp; Returns
        </Link>
        .
      </>,
    ],
  },
  {
    id: "cancellation",
    title: "Changing Your Mind",
    paragraphs: [
      `Physical items: you may cancel within 14 days of receiving them, and we go further: you may return any unused item within ${SHIPPING.returnDays} days for a full refund of its price.`,
      "Digital items: by starting the download you agree that the ebook is supplied at once, and you lose the right to cancel from that moment. This does not affect your rights if the file is faulty.",
    ],
  },
  {
    id: "faulty-goods",
    title: "Faulty or Damaged Goods",
    paragraphs: [
      `If an item arrives damaged, or a file does not open, tell us within ${SHIPPING.digitalFaultDays} days and we will replace it or refund you in full, including the original shipping cost. Your legal rights as a consumer are never reduced by these terms.`,
    ],
  },
  {
    id: "ebook-licence",
    title: "Ebook Licence",
    paragraphs: [
      "An ebook is licensed to you for your own personal use on your own devices. Please do not share, resell or publish the file. Updates to the edition you bought are free.",
    ],
  },
  {
    id: "educational-content",
    title: "Educational Content",
    paragraphs: [
      <>
        Our planners and guides are educational tools, not financial advice. The{" "}
        <Link to="/disclaimer" className={linkClass}>
          disclaimer
        </Link>{" "}
        applies to them as it does to our articles.
      </>,
    ],
  },
  {
    id: "liability",
    title: "Our Liability",
    paragraphs: [
      "We are responsible for loss or damage you suffer that is a foreseeable result of our breaking these terms. We are not responsible for loss that was not foreseeable, or for business losses. Nothing here limits liability that cannot be limited by law.",
    ],
  },
  {
    id: "law",
    title: "Governing Law",
    paragraphs: [
      `These terms are governed by the law of ${LEGAL_IDENTITY.governingLaw}. If you live elsewhere, you keep the protection of the consumer law of your own country or state.`,
    ],
  },
];

export default function Terms() {
  return (
    <LegalPage
      title="Terms of Sale"
      intro={`The terms that apply when you buy from the ${SITE_NAME} store, in plain words.`}
      updated="terms"
      sellerRole="Seller"
      sections={SECTIONS}
    />
  );
}
