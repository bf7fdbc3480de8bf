import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { dismissCurrentToast, dismissToast, readCurrentToast, showToast, useToast } from "./toast";

function Probe() {
  const toast = useToast();
  return createElement("span", null, toast ? `${toast.title}:${String(toast.open)}` : "none");
}

describe("toast queue", () => {
  it("renders nothing on the server", () => {
    showToast({ title: "Hello" });
    expect(renderToString(createElement(Probe))).toBe("<span>none</span>");
  });

  it("keeps one toast at a time: a new toast replaces the current one", () => {
    const first = showToast({ title: "One", description: "First" });
    const second = showToast({ title: "Two", variant: "destructive" });
    expect(second).toBeGreaterThan(first);
    expect(readCurrentToast()).toMatchObject({ id: second, title: "Two", variant: "destructive", open: true });
  });

  it("defaults the variant and dismisses only the toast still on screen", () => {
    const first = showToast({ title: "One" });
    expect(readCurrentToast()?.variant).toBe("default");
    const second = showToast({ title: "Two" });
    dismissToast(first);
    expect(readCurrentToast()).toMatchObject({ id: second, open: true });
    dismissToast(second);
    expect(readCurrentToast()).toMatchObject({ id: second, open: false });
  });

  it("keeps a toast's action and closes whatever toast is on screen", () => {
    const onSelect = () => {};
    const id = showToast({ title: "Added to Cart!", action: { label: "View cart", altText: "Cart button", onSelect } });
    expect(readCurrentToast()).toMatchObject({ id, action: { label: "View cart", onSelect }, open: true });
    dismissCurrentToast();
    expect(readCurrentToast()).toMatchObject({ id, open: false });
  });
});
