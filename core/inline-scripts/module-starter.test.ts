import { afterEach, describe, expect, it, vi } from "vitest";
import { createFakeBrowser, FakeElement } from "../../tests/support/fake-dom";
import startModules from "./module-starter";

const INERT = { classic: "vpf/script", module: "vpf/module" };
const HREFS = ["/assets/entry-1.js", "/assets/app-2.js"];

/** A script element as the page holds it: `type` as attribute and property, as a browser reflects it. */
const script = (type: string, textContent: string, nonce: string) =>
  new FakeElement("script", { type, textContent, nonce }, { type });

/**
 * A page with held scripts (the router's context, its module script, the hydration data), then `extra` elements, and
 * the starter running on it; `nonce` is what the held scripts carry and the starter is given ("" for none).
 */
function startOn(extra: FakeElement[], nonce = "N0NCE") {
  const context = script(INERT.classic, "context()", nonce);
  const inert = script(INERT.module, 'import("/assets/entry-1.js")', nonce);
  const data = script(INERT.classic, "enqueue()", nonce);
  const other = script("application/ld+json", "{}", nonce);
  const browser = createFakeBrowser({ elements: [context, inert, other, data, ...extra] });
  for (const [name, value] of Object.entries(browser.globals)) vi.stubGlobal(name, value);
  startModules(HREFS, INERT, nonce);
  return { browser, context, inert, data, other };
}

const hero = (complete: boolean) => new FakeElement("img", { complete }, { fetchpriority: "high" });

/** Lets promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("startModules", () => {
  it("does nothing before the first frame", async () => {
    const { browser, inert } = startOn([]);
    await settle();
    expect(browser.document.head.appended).toEqual([]);
    expect(inert.replacedBy).toBeNull();
  });

  it("after the first frame, preloads every module with the nonce and brings every held script to life", async () => {
    const { browser, context, inert, data, other } = startOn([hero(true)]);
    browser.runFrames();
    await settle();
    expect(
      browser.document.head.appended.map(({ tagName, rel, href, nonce }) => ({ tagName, rel, href, nonce })),
    ).toEqual(HREFS.map((href) => ({ tagName: "LINK", rel: "modulepreload", href, nonce: "N0NCE" })));
    expect(inert.replacedBy).toMatchObject({
      tagName: "SCRIPT",
      type: "module",
      nonce: "N0NCE",
      textContent: 'import("/assets/entry-1.js")',
    });
    // Classic scripts come back classic: a script element without a type.
    for (const [held, text] of [
      [context, "context()"],
      [data, "enqueue()"],
    ] as const) {
      expect(held.replacedBy).toMatchObject({ tagName: "SCRIPT", type: "", nonce: "N0NCE", textContent: text });
    }
    expect(other.replacedBy).toBeNull();
  });

  it("never brings back a script of a held type that lacks the page's nonce (rule 8.1)", async () => {
    // What content could write: a held type with no nonce, with a guessed one, or with an empty one.
    const forged = [
      script(INERT.classic, "forged()", ""),
      script(INERT.module, 'import("/forged.js")', "GUESS"),
      script(INERT.classic, "forged()", " N0NCE"),
    ];
    const { browser, inert } = startOn([...forged, hero(true)]);
    browser.runFrames();
    await settle();
    expect(inert.replacedBy).not.toBeNull();
    expect(forged.map((element) => element.replacedBy)).toEqual([null, null, null]);
  });

  it("on a page without a nonce, brings back no script and preloads without one", async () => {
    const { browser, context, inert, data } = startOn([], "");
    browser.runFrames();
    await settle();
    expect(browser.document.head.appended.map((link) => link.nonce)).toEqual(["", ""]);
    expect([context, inert, data].map((element) => element.replacedBy)).toEqual([null, null, null]);
  });

  it("runs the held scripts in document order, the module script among them", async () => {
    const { browser, context, inert, data } = startOn([]);
    const order: string[] = [];
    for (const held of [context, inert, data]) held.replaceWith = () => order.push(held.textContent);
    browser.runFrames();
    await settle();
    expect(order).toEqual(["context()", 'import("/assets/entry-1.js")', "enqueue()"]);
  });

  it("waits for every high-priority image to load or fail", async () => {
    const loading = hero(false);
    const failing = hero(false);
    const { browser, inert } = startOn([hero(true), loading, failing]);
    browser.runFrames();
    await settle();
    expect(inert.replacedBy).toBeNull();
    loading.fire("load");
    await settle();
    expect(inert.replacedBy).toBeNull();
    failing.fire("error");
    await settle();
    expect(inert.replacedBy).not.toBeNull();
    expect(browser.document.head.appended).toHaveLength(HREFS.length);
  });

  it("starts at the window's load when that comes before the images, and only once", async () => {
    const slow = hero(false);
    const { browser, inert } = startOn([slow]);
    browser.runFrames();
    await settle();
    expect(inert.replacedBy).toBeNull();
    browser.fireWindow("load");
    browser.runFrames();
    expect(inert.replacedBy).not.toBeNull();
    slow.fire("load");
    browser.fireWindow("load");
    browser.runFrames();
    await settle();
    expect(browser.document.head.appended).toHaveLength(HREFS.length);
  });

  it("never starts before the first frame, even when the window has loaded", async () => {
    const { browser, inert } = startOn([hero(true)]);
    browser.fireWindow("load");
    await settle();
    expect(inert.replacedBy).toBeNull();
    expect(browser.document.head.appended).toEqual([]);
    browser.runFrames();
    await settle();
    expect(inert.replacedBy).not.toBeNull();
  });
});
