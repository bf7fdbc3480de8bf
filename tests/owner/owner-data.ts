/**
 * Another owner's data, for `npm run check:owner`: a seller in another country, a catalogue of other shapes (another
 * option name, a choice of formats without stock management, two downloads, a product with no photo) and articles
 * of their own. None of it resembles the sample on purpose: every test must hold on it.
 */

/** The other seller, as the object literal `content/legal-identity.ts` parses: a United States company. */
export const OWNER_SELLER = `{
  placeholder: false,
  legalName: "Northwind Money Press Inc.",
  postalAddress: ["455 Larkspur Avenue, Floor 3", "Portland, OR 97205", "United States"],
  email: CONTACT_EMAIL,
  governingLaw: "the State of Oregon, United States",
  country: "US",
  updated: { disclaimer: "2025-01-20", privacy: "2025-03-14", terms: "2025-02-01", shipping: "2024-12-09" },
}`;

/** The other owner's facts, as literals written over the sample's in `content/site.ts`, `core/newsletter-schedule.ts` and `wrangler.toml`. */
export const OWNER_FACTS = {
  siteName: "Northwind Money",
  siteLongName: "Northwind Money Press",
  readerCountClaim: "null",
  cadenceClaim: '"every month"',
  salesCountry: "GB",
  currency: `{ code: "GBP", symbol: "£", template: "£$1" }`,
  sendSchedule: "{ weekday: 6, hour: 6, minute: 30 }",
  sendCron: "30 6 * * SAT",
} as const;

/** Photos the catalogue below names, each copied from a sample photo: `[new file, sample file]` in `content/images/products/`. */
export const OWNER_PRODUCT_PHOTOS: Array<[string, string]> = [
  ["harbour-hoodie-navy.png", "tee-front.png"],
  ["harbour-hoodie-back.png", "tee-back.png"],
  ["ledger-journal.png", "planner.png"],
  ["spreadsheet-kit.png", "ebook.png"],
];

/** Products delivered as a download, by id (`DIGITAL_PRODUCT_IDS` in `content/products.ts`). */
export const OWNER_DIGITAL_PRODUCT_IDS = ["budget-spreadsheet-kit", "first-portfolio-guide"];

/** A download both catalogues below sell, as a product literal of `content/products.ts`. */
const SPREADSHEET_KIT = `{
  id: "budget-spreadsheet-kit",
  title: "Budget Spreadsheet Kit",
  subtitle: "Five linked sheets for a zero-based budget",
  image: "/images/products/spreadsheet-kit.webp",
  description: "<p>Spreadsheets for income, bills, sinking funds, debts and a monthly review.</p>",
  purchasable: true,
  images: [{ url: "/images/products/spreadsheet-kit.webp", order: 1, type: "image" }],
  options: [],
  variants: [
    variant({ id: "spreadsheet-kit-file", title: "Download", image_url: null, sku: "NW-SHEETS", price_in_cents: 900, sale_price_in_cents: null, inventory_quantity: 0, manage_inventory: false }),
  ],
}`;

/** The other catalogue, as the array literal `content/products.ts` exports (it has `variant()` and `CURRENCY`). */
export const OWNER_PRODUCTS = `[
  {
    id: "harbour-hoodie",
    title: "Harbour Hoodie",
    subtitle: "Brushed-back fleece in four colours",
    image: "/images/products/harbour-hoodie-navy.webp",
    description: "<p>A midweight hoodie with a kangaroo pocket and a stitched wordmark.</p>",
    purchasable: true,
    images: [
      { url: "/images/products/harbour-hoodie-navy.webp", order: 1, type: "image" },
      { url: "/images/products/harbour-hoodie-back.webp", order: 2, type: "image" },
    ],
    options: [
      {
        id: "colour",
        title: "Colour",
        values: [
          { id: "colour-navy", value: "Navy" },
          { id: "colour-forest", value: "Forest" },
          { id: "colour-sand", value: "Sand" },
          { id: "colour-charcoal", value: "Charcoal" },
        ],
      },
    ],
    variants: [
      variant({ id: "hoodie-navy", title: "Navy", image_url: null, sku: "NW-HOOD-NVY", price_in_cents: 5400, sale_price_in_cents: null, inventory_quantity: 12, manage_inventory: true }),
      variant({ id: "hoodie-forest", title: "Forest", image_url: null, sku: "NW-HOOD-FST", price_in_cents: 5400, sale_price_in_cents: null, inventory_quantity: 8, manage_inventory: true }),
      variant({ id: "hoodie-sand", title: "Sand", image_url: null, sku: "NW-HOOD-SND", price_in_cents: 5400, sale_price_in_cents: null, inventory_quantity: 6, manage_inventory: true }),
      variant({ id: "hoodie-charcoal", title: "Charcoal", image_url: null, sku: "NW-HOOD-CHR", price_in_cents: 5400, sale_price_in_cents: null, inventory_quantity: 21, manage_inventory: true }),
    ],
  },
  {
    id: "ledger-journal",
    title: "Ledger Journal",
    subtitle: "Dot-grid pages for a year of spending notes",
    image: "/images/products/ledger-journal.webp",
    description: "<p>A cloth-bound notebook with a monthly spending log and a year-end review.</p>",
    purchasable: true,
    ribbon_text: "Half price",
    images: [{ url: "/images/products/ledger-journal.webp", order: 1, type: "image" }],
    options: [],
    variants: [
      variant({ id: "ledger-journal-only", title: "Default", image_url: null, sku: "NW-LEDGER", price_in_cents: 2400, sale_price_in_cents: 1200, inventory_quantity: 15, manage_inventory: true }),
    ],
  },
  {
    id: "compound-poster",
    title: "Compound Interest Poster",
    subtitle: "Printed to order on matte paper",
    image: null,
    description: "<p>A chart of thirty years of steady saving, printed when you order it.</p>",
    purchasable: true,
    images: [],
    options: [
      {
        id: "format",
        title: "Format",
        values: [
          { id: "format-a3", value: "A3" },
          { id: "format-a2", value: "A2" },
        ],
      },
    ],
    variants: [
      variant({ id: "poster-a3", title: "A3", image_url: null, sku: "NW-POSTER-A3", price_in_cents: 1800, sale_price_in_cents: null, inventory_quantity: 0, manage_inventory: false }),
      variant({ id: "poster-a2", title: "A2", image_url: null, sku: "NW-POSTER-A2", price_in_cents: 2600, sale_price_in_cents: null, inventory_quantity: 0, manage_inventory: false }),
    ],
  },
  ${SPREADSHEET_KIT},
  {
    id: "first-portfolio-guide",
    title: "Your First Portfolio",
    subtitle: "A short guide to choosing and holding a few funds",
    image: null,
    description: "<p>Sixty pages on asset mixes, costs and staying the course.</p>",
    purchasable: true,
    images: [],
    options: [],
    variants: [
      variant({ id: "portfolio-guide-pdf", title: "PDF", image_url: null, sku: "NW-GUIDE", price_in_cents: 1500, sale_price_in_cents: null, inventory_quantity: 0, manage_inventory: false }),
    ],
  },
]`;

/** A catalogue of another shape, tried by `npm run check:owner` with a build and the store's walk. */
export interface OwnerCatalogue {
  /** What the catalogue is, as the check prints it. */
  name: string;
  /** The object literal of `CURRENCY` in `content/products.ts`. */
  currency: string;
  /** The array literal of `products`. */
  products: string;
  /** `DIGITAL_PRODUCT_IDS`. */
  digital: string[];
}

/** Three more shapes an owner's shop may take: one product, downloads only, and neither a sale nor a choice. */
export const OWNER_EXTRA_CATALOGUES: OwnerCatalogue[] = [
  {
    name: "one product only, in US dollars",
    currency: `{ code: "USD", symbol: "$", template: "$$1" }`,
    products: `[
  {
    id: "ledger-journal",
    title: "Ledger Journal",
    subtitle: "Dot-grid pages for a year of spending notes",
    image: "/images/products/ledger-journal.webp",
    description: "<p>A cloth-bound notebook with a monthly spending log and a year-end review.</p>",
    purchasable: true,
    images: [{ url: "/images/products/ledger-journal.webp", order: 1, type: "image" }],
    options: [],
    variants: [
      variant({ id: "ledger-journal-only", title: "Default", image_url: null, sku: "NW-LEDGER", price_in_cents: 1900, sale_price_in_cents: null, inventory_quantity: 40, manage_inventory: true }),
    ],
  },
]`,
    digital: [],
  },
  {
    name: "downloads only",
    currency: `{ code: "USD", symbol: "$", template: "$$1" }`,
    products: `[
  ${SPREADSHEET_KIT},
  {
    id: "first-portfolio-guide",
    title: "Your First Portfolio",
    subtitle: "A short guide to choosing and holding a few funds",
    image: null,
    description: "<p>Sixty pages on asset mixes, costs and staying the course.</p>",
    purchasable: true,
    images: [],
    options: [],
    variants: [
      variant({ id: "portfolio-guide-pdf", title: "PDF", image_url: null, sku: "NW-GUIDE", price_in_cents: 1500, sale_price_in_cents: 1200, inventory_quantity: 0, manage_inventory: false }),
    ],
  },
]`,
    digital: ["budget-spreadsheet-kit", "first-portfolio-guide"],
  },
  {
    name: "no sale and no choice, in euros",
    currency: `{ code: "EUR", symbol: "€", template: "€$1" }`,
    products: `[
  {
    id: "harbour-hoodie",
    title: "Harbour Hoodie",
    subtitle: "Brushed-back fleece",
    image: "/images/products/harbour-hoodie-navy.webp",
    description: "<p>A midweight hoodie with a kangaroo pocket.</p>",
    purchasable: true,
    images: [
      { url: "/images/products/harbour-hoodie-navy.webp", order: 1, type: "image" },
      { url: "/images/products/harbour-hoodie-back.webp", order: 2, type: "image" },
    ],
    options: [],
    variants: [
      variant({ id: "hoodie-one-size", title: "One size", image_url: null, sku: "NW-HOOD", price_in_cents: 5900, sale_price_in_cents: null, inventory_quantity: 3, manage_inventory: true }),
    ],
  },
  {
    id: "compound-poster",
    title: "Compound Interest Poster",
    subtitle: "Printed on matte paper",
    image: null,
    description: "<p>A chart of thirty years of steady saving.</p>",
    purchasable: true,
    images: [],
    options: [],
    variants: [
      variant({ id: "poster-a2", title: "A2", image_url: null, sku: "NW-POSTER-A2", price_in_cents: 2600, sale_price_in_cents: null, inventory_quantity: 25, manage_inventory: true }),
    ],
  },
  {
    id: "sold-out-mug",
    title: "Sold-out Mug",
    subtitle: "Back next season",
    image: null,
    description: "<p>A stoneware mug, sold out for now.</p>",
    purchasable: false,
    images: [],
    options: [],
    variants: [
      variant({ id: "mug-default", title: "Default", image_url: null, sku: "NW-MUG", price_in_cents: 1400, sale_price_in_cents: null, inventory_quantity: 0, manage_inventory: true }),
    ],
  },
]`,
    digital: [],
  },
];

/** One paragraph of plain prose, repeated with a number so each article has the words rule 3.1 asks for. */
function writeParagraphs(topic: string, count: number): string {
  return Array.from(
    { length: count },
    (_, index) =>
      `Note ${index + 1} on ${topic}: write down what you spend for a month before you change anything, because a ` +
      `plan built on guesses breaks in the first busy week. Then pick one number to move, give it a date, and ` +
      `check it every Friday. Small, boring habits repeated for years do more than any clever trick tried once.`,
  ).join("\n\n");
}

/** Three articles of the other owner: `[file name, Markdown]`; one has no sections, one sits in the far past. */
export const OWNER_ARTICLES: Array<[string, string]> = [
  [
    "owner-sinking-funds-explained.md",
    `---
id: "9001"
slug: "owner-sinking-funds-explained"
title: "Sinking Funds: Paying for Known Costs Without Stress"
excerpt: "Irregular bills are not emergencies. A sinking fund spreads them over the year so December and car repairs stop hurting."
author: "Dana Whitfield"
publishedAt: "2019-04-02"
category: "Personal Finance"
tags: ["sinking funds", "budgeting", "bills"]
---

${writeParagraphs("sinking funds", 3)}

## List the Costs You Already Know

${writeParagraphs("known costs", 3)}

### Car, home and gifts

${writeParagraphs("yearly bills", 2)}

## Automate the Transfers

${writeParagraphs("automatic transfers", 3)}
`,
  ],
  [
    "owner-rebalancing-once-a-year.md",
    `---
id: "9002"
slug: "owner-rebalancing-once-a-year"
title: "Rebalancing Once a Year Is Enough for Most Investors"
excerpt: "Markets drift your mix away from the plan. A yearly check, with a threshold, keeps risk where you chose it at little cost."
author: "Dana Whitfield"
publishedAt: "2025-09-30"
updated: "2026-02-11"
category: "Investing"
tags: ["rebalancing", "asset allocation", "index funds", "risk"]
---

${writeParagraphs("rebalancing", 4)}

## Set a Threshold

${writeParagraphs("drift thresholds", 3)}

## Use New Money First

${writeParagraphs("contributions", 3)}
`,
  ],
  [
    "owner-a-weekly-review-in-twenty-minutes.md",
    `---
id: "9003"
slug: "owner-a-weekly-review-in-twenty-minutes"
title: "A Weekly Money Review in Twenty Minutes"
excerpt: "One short appointment with yourself each week catches problems early and keeps goals in view, without spreadsheets taking over."
author: "Sam Okafor"
publishedAt: "2026-06-19"
category: "Progress"
tags: ["weekly review", "habits"]
---

${writeParagraphs("the weekly review", 8)}
`,
  ],
];
