/** `/privacy` (rules 2.9, 6.7): what is kept follows the forms mode actually in force. */
import { Link, useLoaderData } from "react-router";
import { getEdgeContext } from "../../core/edge-context";
import { readPublicConfig } from "../../server/config.server";
import { readServerConfig } from "../../server/env.server";
import type { PublicFormsConfig } from "../../core/form-contract";
import { isPathOpen } from "../../core/page-registry";
import { CART_COOKIE, CART_STORAGE_KEY, LAST_ORDER_STORAGE_KEY } from "../../core/cart-storage";
import { REGULATORS } from "../../content/regulators";
import { LEGAL_IDENTITY } from "../../content/legal-identity";
import { type LegalSection, LegalPage, mail } from "../components/legal-page";
import { SITE_NAME } from "../../content/site";
import { SEND_TIME_WORDS } from "../../core/newsletter-schedule";
import { buildMeta } from "../lib/meta";
import { THEME_STORAGE_KEY } from "../lib/theme-storage-key";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = (args) =>
  buildMeta(args, {
    title: "Privacy Policy",
    description: `What ${SITE_NAME} keeps when you subscribe, write to us or shop, where it is kept and for how long. No tracking, no ads.`,
    path: "/privacy",
  });

/** The storage keys (read here so the cart's code stays off the page), the forms' configuration (rule 6.7), and whether `/contact` is open. */
export function loader({ context }: Route.LoaderArgs) {
  const edge = getEdgeContext(context);
  return {
    keys: {
      cart: CART_STORAGE_KEY,
      cartCookie: CART_COOKIE,
      theme: THEME_STORAGE_KEY,
      lastOrder: LAST_ORDER_STORAGE_KEY,
    },
    forms: readPublicConfig(readServerConfig()).forms,
    contactPage: isPathOpen("/contact", edge.flags),
  };
}

type StorageKeys = ReturnType<typeof loader>["keys"];

/** The newsletter and contact sections, as the forms mode really handles them (rules 6.6, 6.7). */
function buildFormSections(forms: PublicFormsConfig, contactPage: boolean): LegalSection[] {
  if (forms.mode !== "d1") {
    return [
      {
        id: "newsletter",
        title: "The Newsletter",
        paragraphs: [
          "The sign-up forms on this site do not send your address anywhere yet: when you press Subscribe, nothing leaves your browser and we keep nothing. To join the list in the meantime, write to us and we will add you by hand.",
        ],
      },
      {
        id: "contact-form",
        title: "The Contact Form",
        paragraphs: [
          "The contact form on this site does not send your message anywhere yet: nothing you type leaves your browser and we keep nothing.",
          <>
            To reach us, write to {mail}. We keep those e-mails, with your name and address, for as long as we need them
            to answer you, then delete them.
          </>,
        ],
      },
    ];
  }
  const days = `${forms.retentionDays} ${forms.retentionDays === 1 ? "day" : "days"}`;
  return [
    {
      id: "newsletter",
      title: "The Newsletter",
      paragraphs: [
        `When you subscribe, we keep in our database your e-mail address, its status (pending until you confirm, then confirmed, or unsubscribed once you leave), the time you gave your consent and the page you subscribed on, so that we can send you the newsletter every ${SEND_TIME_WORDS.when} and show that you asked for it. Subscribing twice keeps one entry. Only the people who run this site can read it.`,
        "We first send you one e-mail with a link to confirm; you receive no issue until you press it. If you never confirm, your address is deleted 30 days after you subscribed.",
        "For each issue we send you, we keep the time we sent it, so that no one receives an issue twice. We keep these records as long as you are subscribed.",
        "Issues are sent through our mail delivery provider, which receives your address and the issue only to deliver it. When it tells us that an address no longer exists or that an issue was marked as spam, we stop mailing that address and keep only the address and its status.",
        <>
          Every issue has a link to unsubscribe at once. We keep a confirmed address until you unsubscribe. After that
          we keep only your address and its status, so that we never e-mail you again; to have them deleted too, write
          to us{" "}
          {contactPage ? (
            <>
              through the{" "}
              <Link to="/contact" className="font-semibold text-brand-700 underline dark:text-brand-400">
                contact page
              </Link>{" "}
              or at {mail}
            </>
          ) : (
            <>at {mail}</>
          )}
          ; we delete them within 30 days.
        </>,
      ],
    },
    {
      id: "contact-form",
      title: "The Contact Form",
      paragraphs: [
        `A message you send keeps your name, your e-mail address, the subject, the message itself and the time you sent it in our database, so that we can read it and reply; only the people who run this site can read it. It is deleted automatically ${days} after you sent it.`,
        forms.ownerCopy
          ? "A copy of each message is also e-mailed to our own inbox so that we see it quickly; we delete those copies on the same schedule. We never send your message to anyone else."
          : "We never send your message to anyone else.",
        <>You can also write to us directly at {mail}; those e-mails are deleted on the same schedule.</>,
      ],
    },
  ];
}

const buildSections = (keys: StorageKeys, forms: PublicFormsConfig, contactPage: boolean): LegalSection[] => [
  {
    id: "in-short",
    title: "In Short",
    paragraphs: [
      "We keep as little as we can. We do not use advertising or tracking cookies, we do not run analytics that follow you from site to site, and we never sell or rent your details to anyone.",
    ],
  },
  ...buildFormSections(forms, contactPage),
  {
    id: "your-browser",
    title: "What Stays in Your Browser",
    paragraphs: [
      "A few small values are saved in your own browser. Only the cart cookie, kept when you shop with JavaScript turned off, is ever sent to us; the rest never leave your device and we cannot read them:",
    ],
    points: [
      <>
        <code>{keys.cart}</code> (local storage): the products and quantities in your cart, so the cart survives a
        reload and stays the same in every tab. It is emptied when you go to checkout, when an order is complete, or
        when you remove the items.
      </>,
      <>
        <code>{keys.cartCookie}</code> (a cookie, only when you shop with JavaScript turned off): the products and
        quantities in your cart. Your browser sends it with each request so the cart page can show it; it holds nothing
        else, and it is deleted when your order is complete or 30 days after your last change to the cart.
      </>,
      <>
        <code>{keys.theme}</code> (local storage): whether you chose the light or the dark theme. It stays until you
        switch again.
      </>,
      <>
        <code>{keys.lastOrder}</code> (local storage): the products you sent to checkout, kept aside so that coming back
        without paying brings your cart back as you left it. It is deleted when your cart is restored or your order is
        complete, and ignored after one day.
      </>,
    ],
  },
  {
    id: "checkout",
    title: "Checkout and Payment",
    paragraphs: [
      "When you check out, we send our commerce provider only the products and quantities in your cart, your browser's language and time zone. You then enter your name, address and payment details on the provider's secure checkout page, not on ours; the provider keeps them as its own privacy policy says, and we receive what we need to send your order and answer questions about it.",
      "We keep order records for six years, because tax law requires it.",
    ],
  },
  {
    id: "technical-logs",
    title: "Technical Logs",
    paragraphs: [
      "Like every website, our hosting records technical details of requests (the page asked for, the time, and errors) to keep the site secure and working. These records are not used to identify you and are deleted after 30 days.",
    ],
  },
  {
    id: "your-rights",
    title: "Your Rights",
    paragraphs: [
      <>
        You may ask for a copy of what we hold about you, ask us to correct it, or ask us to delete it. Write to {mail}{" "}
        and we will answer within one month. {REGULATORS[LEGAL_IDENTITY.country].privacy}
      </>,
    ],
  },
  {
    id: "changes",
    title: "Changes to This Policy",
    paragraphs: [
      <>
        If we change what we keep, we will update this page first, and tell subscribers in the newsletter. Questions?
        See our{" "}
        <Link to="/terms" className="font-semibold text-brand-700 underline dark:text-brand-400">
          terms of sale
        </Link>{" "}
        or write to us.
      </>,
    ],
  },
];

export default function Privacy() {
  const { keys, forms, contactPage } = useLoaderData<typeof loader>();
  return (
    <LegalPage
      title="Privacy Policy"
      intro="What we keep when you read, subscribe, write to us or shop, where it is kept, and for how long."
      updated="privacy"
      sellerRole="Data controller"
      sections={buildSections(keys, forms, contactPage)}
    />
  );
}
