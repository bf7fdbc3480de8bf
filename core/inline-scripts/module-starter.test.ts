import { afterEach, describe, expect, it, vi } from "vitest";
import { createFakeBrowser, FakeElement } from "../../tests/support/fake-dom";
import startModules from "./module-starter";

const INERT = "vpf/module";
const HREFS = ["/assets/entry-1.js", "/assets/app-2.js"];

/** A page with an inert module script and `heroes`, the starter running on it. */
function startOn(heroes: FakeElement[], scriptNonce: string | null = "N0NCE") {
  const inert = new FakeElement(
    "script",
    { nonce: "N0NCE", textContent: 'import("/assets/entry-1.js")' },
    { type: INERT },
  );
  const other = new FakeElement("script", { textContent: "other()" }, { type: "application/ld+json" });
  const browser = createFakeBrowser({ elements: [inert, other, ...heroes], scriptNonce: scriptNonce ?? undefined });
  for (const [name, value] of Object.entries(browser.globals)) vi.stubGlobal(name, value);
  startModules(HREFS, INERT);
  return { browser, inert, other };
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

  it("after the first frame, preloads every module with the nonce and brings the inert script to life", async () => {
    const { browser, inert, other } = startOn([hero(true)]);
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
    expect(other.replacedBy).toBeNull();
  });

  it("leaves the nonce off the preloads when no current script gives one", async () => {
    const { browser } = startOn([], null);
    browser.runFrames();
    await settle();
    expect(browser.document.head.appended.map((link) => link.nonce)).toEqual(["", ""]);
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

  it("starts at the window's load when that comes first, and only once", async () => {
    const slow = hero(false);
    const { browser, inert } = startOn([slow]);
    browser.fireWindow("load");
    expect(inert.replacedBy).not.toBeNull();
    browser.runFrames();
    slow.fire("load");
    browser.fireWindow("load");
    await settle();
    expect(browser.document.head.appended).toHaveLength(HREFS.length);
  });
});
