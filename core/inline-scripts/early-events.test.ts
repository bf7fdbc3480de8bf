import { afterEach, describe, expect, it, vi } from "vitest";
import captureEarlyEvents, { type EarlyCapture } from "./early-events";
import { createFakeBrowser, FakeElement, type FakeBrowser } from "../../tests/support/fake-dom";

const LOG_KEY = "__testEarlyEvents";
const THEME_KEY = "vpf-theme";

/** A fake page with `elements`, the script running on it. */
function startOn(elements: FakeElement[], options: { storageThrows?: boolean } = {}) {
  const browser: FakeBrowser = createFakeBrowser({ elements, ...options });
  for (const [name, value] of Object.entries(browser.globals)) vi.stubGlobal(name, value);
  captureEarlyEvents(LOG_KEY, THEME_KEY);
  const capture = (browser.globals.window as Record<string, EarlyCapture>)[LOG_KEY]!;
  return { browser, capture, click: (target: unknown) => browser.document.dispatch("click", target) };
}

const button = (text: string, properties: Partial<FakeElement> = {}, attributes: Record<string, string> = {}) =>
  new FakeElement("button", { textContent: text, type: "button", ...properties }, attributes);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("captureEarlyEvents", () => {
  it("starts an open, empty log on window[logKey]", () => {
    const { capture } = startOn([]);
    expect(capture).toEqual({ log: [], open: true, typing: true });
  });

  it("records a press by name (aria-label, else trimmed text), occurrence and position", () => {
    const add1 = button(" Add to cart ");
    const menu = button("☰", {}, { "aria-label": "Open menu" });
    const add2 = button("Add to cart");
    const { capture, click } = startOn([add1, menu, add2]);
    click(add2);
    click(menu);
    click(add1);
    expect(capture.log).toEqual([
      ["click", "Add to cart", 1, 2],
      ["click", "Open menu", 0, 1],
      ["click", "Add to cart", 0, 0],
    ]);
  });

  it("finds the button around the element pressed (an icon inside it)", () => {
    const plus = button("+", {}, { "aria-label": "More" });
    const icon = new FakeElement("svg", { parent: plus });
    const { capture, click } = startOn([plus]);
    click(icon);
    click(new FakeElement("p"));
    click(null);
    click({});
    expect(capture.log).toEqual([["click", "More", 0, 0]]);
  });

  it("leaves out buttons that submit a form, but not submit buttons outside one", () => {
    const submit = button("Send", { type: "submit", form: {} });
    const lone = button("Go", { type: "submit" });
    const { capture, click } = startOn([submit, lone]);
    click(submit);
    click(lone);
    expect(capture.log).toEqual([["click", "Go", 0, 1]]);
  });

  it("switches and saves the theme at once on the theme toggle, without recording it", () => {
    const toggle = button("", {}, { "data-theme-toggle": "", "aria-label": "Switch theme" });
    const { browser, capture, click } = startOn([toggle]);
    const root = browser.document.documentElement;
    click(toggle);
    expect([root.classList.contains("dark"), root.style.colorScheme, browser.stored.get(THEME_KEY)]).toEqual([
      true,
      "dark",
      "dark",
    ]);
    click(toggle);
    expect([root.classList.contains("dark"), root.style.colorScheme, browser.stored.get(THEME_KEY)]).toEqual([
      false,
      "light",
      "light",
    ]);
    expect(capture.log).toEqual([]);
  });

  it("still switches the theme when saving it fails", () => {
    const toggle = button("", {}, { "data-theme-toggle": "" });
    const { browser, click } = startOn([toggle], { storageThrows: true });
    expect(() => click(toggle)).not.toThrow();
    expect(browser.document.documentElement.style.colorScheme).toBe("dark");
  });

  it("keeps one value per run of typing into the same field", () => {
    const search = new FakeElement("input", { id: "q", type: "search" });
    const quantity = new FakeElement("input", { id: "qty", type: "number" });
    const notes = new FakeElement("textarea", { id: "notes" });
    const { browser, capture } = startOn([search, quantity, notes]);
    const type = (field: FakeElement, value: string) => {
      field.value = value;
      browser.document.dispatch("input", field);
    };
    type(search, "s");
    type(search, "sa");
    type(quantity, "2");
    type(search, "sav");
    type(notes, "hi");
    expect(capture.log).toEqual([
      ["value", "q", "sa"],
      ["value", "qty", "2"],
      ["value", "q", "sav"],
      ["value", "notes", "hi"],
    ]);
  });

  it("ignores input from fields without an id, radios, checkboxes and other elements", () => {
    const { browser, capture } = startOn([]);
    for (const target of [
      new FakeElement("input", { type: "text", value: "x" }),
      new FakeElement("input", { id: "r", type: "radio", value: "x" }),
      new FakeElement("input", { id: "c", type: "checkbox", value: "x" }),
      new FakeElement("select", { id: "s", value: "x" }),
      null,
    ]) {
      browser.document.dispatch("input", target);
    }
    expect(capture.log).toEqual([]);
  });

  it("records the radio chosen in a named group, not one unchecked or unnamed", () => {
    const { browser, capture } = startOn([]);
    const change = (properties: Partial<FakeElement>) =>
      browser.document.dispatch("change", new FakeElement("input", { type: "radio", ...properties }));
    change({ name: "size", value: "M", checked: true });
    change({ name: "size", value: "L", checked: false });
    change({ name: "", value: "S", checked: true });
    browser.document.dispatch("change", new FakeElement("input", { type: "checkbox", name: "gift", checked: true }));
    expect(capture.log).toEqual([["radio", "size", "M"]]);
  });

  it("records no press once closed, the theme toggle included, but still the text typed until typing ends", () => {
    const go = button("Go");
    const toggle = button("", {}, { "data-theme-toggle": "" });
    const { browser, capture, click } = startOn([go, toggle]);
    const type = (value: string) =>
      browser.document.dispatch("input", new FakeElement("input", { id: "q", type: "text", value }));
    click(go);
    type("fiv");
    capture.open = false;
    click(go);
    click(toggle);
    type("five");
    expect(capture.log).toEqual([
      ["click", "Go", 0, 0],
      ["value", "q", "five"],
    ]);
    capture.typing = false;
    type("five six");
    expect(capture.log).toEqual([
      ["click", "Go", 0, 0],
      ["value", "q", "five"],
    ]);
    expect(browser.document.documentElement.classList.contains("dark")).toBe(false);
  });
});
