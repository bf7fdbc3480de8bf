/**
 * `npm run check:owner`: the gate on another owner's data. Copies the checkout (tracked and new files, with a
 * hard-linked `node_modules`) to a temporary folder, puts in another seller, another catalogue, a filled-in deploy
 * configuration, its own brand, claims, sales country and send schedule, and a changed set of articles (two unlinked
 * sample articles out, three of the owner's in), then runs `npm test` there, and `npm run test:site` with `--site`;
 * then, for each of three more catalogues (one product in pounds, downloads only, neither a sale nor a choice), the
 * build and the store's end-to-end tests with the walk of the owner's catalogue. The copy is removed after a pass and kept after a failure
 * (its path is printed), or always with `--keep`; `--prepare` only makes the copy. Nothing in the checkout itself
 * changes.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { copyCheckout } from "../../scripts/checkout-copy.ts";
import { ROOT } from "../../scripts/wrangler.ts";
import {
  OWNER_ARTICLES,
  OWNER_DIGITAL_PRODUCT_IDS,
  OWNER_EXTRA_CATALOGUES,
  OWNER_FACTS,
  OWNER_PRODUCTS,
  OWNER_PRODUCT_PHOTOS,
  OWNER_SELLER,
  type OwnerCatalogue,
} from "./owner-data.ts";

/** Values an owner writes over each `REPLACE_ME` of `wrangler.toml`, by key. */
const DEPLOY_VALUES: Record<string, string> = {
  id: "4f9c2d7e1a3b4c5d8e9f0a1b2c3d4e5f",
  database_id: "6c1e9a52-7d3f-4b8e-a2c4-19f0d7b3e845",
  COMMERCE_API_URL: "https://api.northwind-commerce.io",
  STORE_ID: "northwind-press",
  CHECKOUT_ALLOWED_HOSTS: "checkout.northwind-commerce.io",
  NEWSLETTER_FROM: "letters@northwindmoney.com",
  SITE_URL: "https://northwindmoney.com",
  MAILGUN_DOMAIN: "mg.northwindmoney.com",
};

/** The owner's own production flags namespace. */
const OWNER_PRODUCTION_FLAGS_ID = "9b3e5a7c1d2f4e6a8b0c2d4e6f8a0b1c";

/**
 * Writes `replacement` over the text between `start` (kept) and the first `end` after it (kept).
 * @throws Error when either marker is missing: the file changed shape and this script must follow it.
 */
function replaceBetween(file: string, start: string, end: string, replacement: string): void {
  const text = readFileSync(file, "utf8");
  const from = text.indexOf(start);
  const to = from < 0 ? -1 : text.indexOf(end, from + start.length);
  if (from < 0 || to < 0) throw new Error(`${path.relative(copy, file)}: cannot find ${JSON.stringify(start)}`);
  writeFileSync(file, text.slice(0, from + start.length) + replacement + text.slice(to));
}

/** Writes `catalogue` (its currency, products and downloads) into the copy at `dir`'s `content/products.ts`. */
function writeCatalogue(dir: string, catalogue: OwnerCatalogue): void {
  const file = path.join(dir, "content", "products.ts");
  replaceBetween(file, "const CURRENCY: Currency = ", ";\n", catalogue.currency);
  replaceBetween(file, "export const products: readonly Product[] = ", ";\n", catalogue.products);
  replaceBetween(
    file,
    "export const DIGITAL_PRODUCT_IDS: readonly string[] = ",
    ";",
    JSON.stringify(catalogue.digital),
  );
}

/** Puts the other owner's seller, catalogue, articles and deploy configuration into the copy at `dir`. */
function applyOwnerData(dir: string): void {
  const content = path.join(dir, "content");
  replaceBetween(path.join(content, "legal-identity.ts"), "v.parse(LegalIdentitySchema, ", ");", OWNER_SELLER);
  writeCatalogue(dir, {
    name: "the owner's",
    currency: OWNER_FACTS.currency,
    products: OWNER_PRODUCTS,
    digital: OWNER_DIGITAL_PRODUCT_IDS,
  });
  // The brand, the claims, the sales country and the send's weekday and time, as an owner sets them.
  const site = path.join(content, "site.ts");
  replaceBetween(site, 'export const SITE_NAME = "', '"', OWNER_FACTS.siteName);
  replaceBetween(site, 'export const SITE_LONG_NAME = "', '"', OWNER_FACTS.siteLongName);
  replaceBetween(site, "export const READER_COUNT_CLAIM: string | null = ", ";", OWNER_FACTS.readerCountClaim);
  replaceBetween(site, "export const ARTICLE_CADENCE_CLAIM: string | null = ", ";", OWNER_FACTS.cadenceClaim);
  replaceBetween(site, 'export const SALES_COUNTRY: keyof typeof COUNTRY_LOCALES = "', '"', OWNER_FACTS.salesCountry);
  const schedule = path.join(dir, "core", "newsletter-schedule.ts");
  replaceBetween(schedule, "export const SEND_SCHEDULE = ", " as const;", OWNER_FACTS.sendSchedule);
  const photos = path.join(content, "images", "products");
  for (const [name, from] of OWNER_PRODUCT_PHOTOS) cpSync(path.join(photos, from), path.join(photos, name));

  // Two sample articles go, and every link to them becomes its plain text, as an owner unpublishing them would do.
  const articles = path.join(content, "articles");
  const markdown = [articles, path.join(content, "newsletters")].flatMap((folder) =>
    readdirSync(folder)
      .filter((name) => name.endsWith(".md"))
      .map((name) => path.join(folder, name)),
  );
  const removed = markdown.filter((file) => path.dirname(file) === articles).slice(0, 2);
  const slugs = removed.map((file) => path.basename(file, ".md"));
  for (const file of removed) {
    rmSync(file);
    console.log(`  removed ${path.relative(dir, file)}`);
  }
  const link = new RegExp(`\\[([^\\]]+)\\]\\(/blog/(?:${slugs.join("|")})\\)`, "g");
  for (const file of markdown.filter((file) => !removed.includes(file))) {
    writeFileSync(file, readFileSync(file, "utf8").replace(link, "$1"));
  }
  for (const [name, markdown] of OWNER_ARTICLES) writeFileSync(path.join(articles, name), markdown);

  const toml = path.join(dir, "wrangler.toml");
  const sampleCron = '"0 7 * * SUN"';
  const filled = readFileSync(toml, "utf8")
    .replaceAll(sampleCron, JSON.stringify(OWNER_FACTS.sendCron))
    .replace(/^(\w+)(\s*=\s*)"REPLACE_ME"/gm, (line, key: string, eq) => {
      const value = DEPLOY_VALUES[key];
      if (value === undefined) throw new Error(`wrangler.toml: no owner value for ${key}; add one to DEPLOY_VALUES`);
      return `${key}${eq}${JSON.stringify(value)}`;
    });
  // Production's flags namespace ships with the local one's id, which the deploy check refuses; the owner's own.
  const production = /(\[\[env\.production\.kv_namespaces\]\]\s*binding = "FLAGS"\s*id = )"[0-9a-f]+"/;
  if (!production.test(filled)) throw new Error("wrangler.toml: cannot find production's FLAGS namespace id");
  writeFileSync(toml, filled.replace(production, `$1"${OWNER_PRODUCTION_FLAGS_ID}"`));

  // An owner formats what they write; the gate's Prettier check then judges the code, not this script's layout.
  const prettier = path.join(dir, "node_modules", ".bin", "prettier");
  const written = [
    "content/legal-identity.ts",
    "content/products.ts",
    "content/site.ts",
    "core/newsletter-schedule.ts",
  ];
  const formatted = spawnSync(prettier, ["--write", ...written, "content/articles"], { cwd: dir, encoding: "utf8" });
  if (formatted.status !== 0) throw new Error(`prettier failed on the owner's files: ${formatted.stderr}`);
}

/** Runs an npm script in the copy, streaming its output; exits with its code when it fails. */
function runNpm(args: string[]): void {
  console.log(`\n▶ npm ${args.join(" ")}  (in ${copy})`);
  const result = spawnSync("npm", args, { cwd: copy, stdio: "inherit", env: { ...process.env, CI: "true" } });
  if (result.status !== 0) {
    console.error(`\n✖ npm ${args.join(" ")} failed on the owner's data; the copy stays at ${copy}`);
    process.exit(result.status ?? 1);
  }
}

const { values } = parseArgs({
  options: {
    site: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    prepare: { type: "boolean", default: false },
  },
});

if (!existsSync(path.join(ROOT, "node_modules", ".bin"))) {
  console.error("✖ node_modules is missing: run `npm ci` first.");
  process.exit(1);
}

const copy = copyCheckout("vpf-owner-");
console.log(`▶ Copied the checkout to ${copy}`);

console.log("▶ Putting in the other owner's seller, catalogue, articles and deploy configuration");
applyOwnerData(copy);

if (values.prepare) {
  console.log(`✔ Prepared (no tests run): ${copy}`);
  process.exit(0);
}
runNpm(["test"]);
if (values.site) runNpm(["run", "test:site"]);
// Each other shape of shop: built (the catalogue's schema and photos checked), then walked by a buyer, with the
// store's own tests beside it on the tests' products.
for (const catalogue of OWNER_EXTRA_CATALOGUES) {
  console.log(`\n▶ Another catalogue: ${catalogue.name}`);
  writeCatalogue(copy, catalogue);
  runNpm(["run", "test:e2e", "--", "tests/e2e/owner-catalogue.spec.ts", "tests/e2e/store.spec.ts"]);
}
console.log(
  `\n✔ The gate passed on the other owner's data${values.site ? ", the sweep too" : ""}, and the store on ` +
    `${OWNER_EXTRA_CATALOGUES.length} more catalogues.`,
);
if (values.keep) console.log(`  The copy stays at ${copy}`);
else rmSync(copy, { recursive: true, force: true });
