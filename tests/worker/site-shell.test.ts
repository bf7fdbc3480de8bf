/**
 * The shell every page shares, read from the HTML the worker sends (rules 2.1, 2.2, 2.8): the header's items in
 * order and as the flags allow, the item of the current section marked, the footer's Legal column, and the links and
 * buttons of a closed feature gone.
 */
import { afterEach, describe, expect, it } from "vitest";
import { categories } from "../../content/categories";
import { SIZED } from "../support/catalogue";
import { ARTICLE_PATH } from "./content-items";
import { listElements, putFlags, putRawFlags, readPage } from "./helpers";

/** The header's main navigation (the wide screen's; the phone's menu repeats it). */
const MAIN_NAV_LINKS = 'nav[aria-label="Main"] a';

/** The visible names of the links of `html` matching `selector`. */
async function listLinkNames(html: string, selector: string): Promise<string[]> {
  return (await listElements(html, selector)).map((link) => link.attributes["aria-label"] ?? link.text);
}

describe("the header", () => {
  afterEach(() => putRawFlags(null));

  it("shows every item in order with all flags on, plus Newsletter and the cart", async () => {
    await putFlags({});
    const html = await readPage("/");
    expect(await listLinkNames(html, MAIN_NAV_LINKS)).toEqual([
      "Home",
      "Store",
      "Blog",
      "Categories",
      "About",
      "Contact",
    ]);
    // One in the bar beside the cart, one in the phone's menu.
    expect(await listLinkNames(html, 'header a[href="/newsletter"]')).toEqual(["Newsletter", "Newsletter"]);
    expect(await listLinkNames(html, 'header nav a[href="/newsletter"]')).toEqual(["Newsletter"]);
    expect(await listElements(html, '[data-testid="cart-button"]')).toHaveLength(1);
  });

  it("hides Store, Contact, Newsletter and the cart when their flags are off, in the footer too", async () => {
    await putFlags({ store: false, contact: false, newsletter: false });
    const html = await readPage("/");
    expect(await listLinkNames(html, MAIN_NAV_LINKS)).toEqual(["Home", "Blog", "Categories", "About"]);
    expect(await listLinkNames(html, 'header a[href="/newsletter"]')).toEqual([]);
    expect(await listElements(html, '[data-testid="cart-button"]')).toEqual([]);
    const footerLinks = await listLinkNames(html, "footer a");
    expect(footerLinks).not.toContain("Store");
    expect(footerLinks).not.toContain("Contact");
  });

  it("marks the item of the section the page belongs to, and none elsewhere", async () => {
    const cases: Array<[string, string[]]> = [
      ["/", ["Home"]],
      ["/blog", ["Blog"]],
      ["/categories", ["Categories"]],
      [`/categories/${categories[0]!.slug}`, ["Categories"]],
      ["/store", ["Store"]],
      [`/product/${SIZED.id}`, ["Store"]],
      ["/about", ["About"]],
      ["/contact", ["Contact"]],
      ["/disclaimer", []],
    ];
    for (const [path, current] of cases) {
      const html = await readPage(path);
      expect(await listLinkNames(html, `${MAIN_NAV_LINKS}[aria-current="page"]`), path).toEqual(current);
    }
  });
});

describe("the footer's Legal column", () => {
  it("lists Disclaimer, then Privacy, Terms of Sale and Shipping & Returns, each a page of its own", async () => {
    const html = await readPage("/");
    const links = await listElements(html, 'footer nav[aria-label="Legal"] a');
    expect(links.map((link) => link.text)).toEqual(["Disclaimer", "Privacy", "Terms of Sale", "Shipping & Returns"]);
    const pages: Record<string, [string, RegExp]> = {
      Privacy: ["Privacy Policy", /vpf-cart[\s\S]*vpf-theme/],
      "Terms of Sale": ["Terms of Sale", /Changing Your Mind/],
      "Shipping & Returns": ["Shipping & Returns", /Digital Items/],
    };
    const sitemap = await readPage("/sitemap.xml");
    for (const link of links.slice(1)) {
      const [heading, text] = pages[link.text]!;
      const page = await readPage(link.attributes.href!);
      expect((await listElements(page, "h1")).map((h1) => h1.text)).toEqual([heading]);
      expect((await listElements(page, "main"))[0]!.text).toMatch(text);
      expect(sitemap).toContain(`${link.attributes.href}</loc>`);
    }
  });
});

describe("a closed feature", () => {
  afterEach(() => putRawFlags(null));

  it("with newsletter and contact off, leaves no link to them and no Subscribe button on the blog's pages", async () => {
    await putFlags({ newsletter: false, contact: false });
    const home = await readPage("/");
    const links = await listLinkNames(home, "a");
    expect(links.filter((name) => /newsletter/i.test(name))).toEqual([]);
    expect(links).not.toContain("Contact");
    for (const path of ["/blog", ARTICLE_PATH]) {
      const html = await readPage(path);
      const buttons = await listElements(html, "button");
      expect(
        buttons.filter((button) => button.text === "Subscribe"),
        path,
      ).toEqual([]);
      expect(await listElements(html, 'form[action="/newsletter"]'), path).toEqual([]);
    }
  });

  it("with the store off, leaves no cart button", async () => {
    await putFlags({ store: false });
    expect(await listElements(await readPage("/"), '[data-testid="cart-button"]')).toEqual([]);
  });
});
