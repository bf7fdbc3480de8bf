/**
 * The inline scripts as the page carries them: the build's text, run in a
 * bare `vm` context that holds only the fake browser globals, so a reference
 * to any outer binding (a bundler helper, a module import) fails.
 */
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { earlyEventsScript, moduleStarterScript, themeInitScript } from "./compiled";
import { createFakeBrowser, FakeElement, type FakeBrowserOptions } from "../../tests/support/fake-dom";

/** Runs `text` as a classic script in a fresh context made of a fake browser's globals. */
function runScript(text: string, options: FakeBrowserOptions = {}) {
  const browser = createFakeBrowser(options);
  vm.runInNewContext(text, { ...browser.globals });
  return browser;
}

const INERT = { classic: "vpf/script", module: "vpf/module" };

const SCRIPTS = {
  theme: themeInitScript("vpf-theme"),
  earlyEvents: earlyEventsScript("__vpfEarlyEvents", "vpf-theme"),
  starter: moduleStarterScript(["/assets/a.js"], INERT, "N"),
};

describe("compiled inline scripts", () => {
  it.each(Object.entries(SCRIPTS))("%s is one self-invoking classic script, minified", (_name, text) => {
    expect(text).toMatch(/^\(function\(\)\{[\s\S]*\}\)\(\);$/);
    expect(text).not.toMatch(/\bimport\b|\bexport\b|__name|\n/);
    // Parses as a classic script body (module syntax would throw here).
    expect(() => new vm.Script(text)).not.toThrow();
  });

  it("the theme script applies the stored theme", () => {
    const browser = runScript(SCRIPTS.theme, { stored: { "vpf-theme": "dark" }, prefersDark: false });
    expect(browser.document.documentElement.classList.contains("dark")).toBe(true);
    expect(browser.document.documentElement.style.colorScheme).toBe("dark");
  });

  it("the early-events script records on the global it is given", () => {
    const go = new FakeElement("button", { textContent: "Go", type: "button" });
    const browser = runScript(SCRIPTS.earlyEvents, { elements: [go] });
    browser.document.dispatch("click", go);
    expect((browser.globals.window as Record<string, unknown>).__vpfEarlyEvents).toEqual({
      log: [["click", "Go", 0, 0]],
      open: true,
      typing: true,
    });
  });

  it("the starter preloads its modules once the page has loaded, with its nonce, and brings back only its scripts", () => {
    const held = new FakeElement("script", { type: INERT.classic, nonce: "N" }, { type: INERT.classic });
    const forged = new FakeElement("script", { type: INERT.classic }, { type: INERT.classic });
    const browser = runScript(SCRIPTS.starter, { elements: [held, forged] });
    browser.fireWindow("load");
    browser.runFrames();
    expect(browser.document.head.appended.map((link) => [link.rel, link.href, link.nonce])).toEqual([
      ["modulepreload", "/assets/a.js", "N"],
    ]);
    expect(held.replacedBy).not.toBeNull();
    expect(forged.replacedBy).toBeNull();
  });

  it("writes arguments as JSON that cannot close the script element", () => {
    const text = moduleStarterScript(["/assets/</script><script>alert(1)</script>.js", "/\u2028"], INERT, "N");
    expect(text).not.toContain("</script");
    expect(text).toContain(String.raw`["/assets/\u003c/script>\u003cscript>alert(1)\u003c/script>.js","/\u2028"]`);
    const browser = runScript(text);
    browser.fireWindow("load");
    browser.runFrames();
    expect(browser.document.head.appended.map((link) => link.href)).toEqual([
      "/assets/</script><script>alert(1)</script>.js",
      "/\u2028",
    ]);
  });
});
