/** `/shipping` (rule 2.9), from the constants the product pages' delivery line uses (content/site.ts). */
import { SHIPPING, SITE_NAME } from "../../content/site";
import { type LegalSection, LegalPage, mail } from "../components/legal-page";
import { buildMeta } from "../lib/meta";
import type { Route } from "./+types/shipping";

export const meta: Route.MetaFunction = (args) =>
  buildMeta(args, {
    title: "Shipping & Returns",
    description: `How ${SITE_NAME} orders are delivered, what shipping costs, and how to return an item within ${SHIPPING.returnDays} days.`,
    path: "/shipping",
  });

const SECTIONS: LegalSection[] = [
  {
    id: "physical-items",
    title: "Physical Items",
    paragraphs: [
      `T-shirts and planners leave us within ${SHIPPING.dispatchWorkingDays} working days of your order. You receive an e-mail with a tracking link when your parcel is on its way.`,
    ],
    points: [
      `United States: ${SHIPPING.usDelivery} after dispatch.`,
      `Everywhere else: ${SHIPPING.internationalDelivery} after dispatch.`,
    ],
  },
  {
    id: "shipping-costs",
    title: "Shipping Costs",
    paragraphs: [
      "The shipping cost depends on where the parcel goes and how heavy it is. It is calculated at checkout and shown before you pay, together with any taxes.",
    ],
  },
  {
    id: "customs",
    title: "Customs and Duties",
    paragraphs: [
      "Orders sent outside the United States may be charged import duties or taxes by the destination country. Where checkout cannot collect them in advance, they are payable on delivery.",
    ],
  },
  {
    id: "digital-items",
    title: "Digital Items",
    paragraphs: [
      `The ebook is delivered by e-mail right after payment, as a download link for the PDF and EPUB files. Nothing is shipped and there is no shipping cost. The link works for ${SHIPPING.downloadLinkDays} days; if it has expired, write to us and we will send a new one.`,
    ],
  },
  {
    id: "returns",
    title: "Returns",
    paragraphs: [
      <>
        Changed your mind? Return any unused physical item in its original condition within {SHIPPING.returnDays} days
        of delivery. Write to {mail} with your order reference and we will send you the return address.
      </>,
      "Because a download cannot be given back, digital items can be returned only if the file is faulty (see below).",
    ],
  },
  {
    id: "refunds",
    title: "Refunds",
    paragraphs: [
      "We refund the item's price to your original payment method within 14 days of receiving the return. The cost of sending an unwanted item back is yours; for a faulty or wrong item we pay it.",
    ],
  },
  {
    id: "damaged-or-faulty",
    title: "Damaged or Faulty Items",
    paragraphs: [
      <>
        If a parcel arrives damaged, or a file does not open, tell us within {SHIPPING.digitalFaultDays} days at {mail},
        with a photo or a short description. We will replace the item or refund it in full, including shipping.
      </>,
    ],
  },
];

export default function Shipping() {
  return (
    <LegalPage
      title="Shipping & Returns"
      intro="How your order reaches you, what it costs, and how to send something back."
      updated="shipping"
      sellerRole="Seller and returns address"
      sections={SECTIONS}
    />
  );
}
