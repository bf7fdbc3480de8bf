import { describe, expect, it } from "vitest";
import { THEME_INIT_SCRIPT, THEME_STORAGE_KEY } from "./theme";
import { readStoredTheme } from "./theme-storage";

function storage(value: string | null): Pick<Storage, "getItem"> {
  return { getItem: (key) => (key === THEME_STORAGE_KEY ? value : null) };
}

describe("readStoredTheme", () => {
  it.each(["dark", "light"] as const)("reads %s", (theme) => {
    expect(readStoredTheme(storage(theme))).toBe(theme);
  });

  it.each([null, "", "DARK", "blue", '{"theme":"dark"}'])("ignores %s", (value) => {
    expect(readStoredTheme(storage(value))).toBeNull();
  });

  it("survives a storage that throws", () => {
    expect(
      readStoredTheme({
        getItem: () => {
          throw new Error("denied");
        },
      }),
    ).toBeNull();
  });
});

describe("THEME_INIT_SCRIPT", () => {
  it("uses the storage key and is a self-contained expression", () => {
    expect(THEME_INIT_SCRIPT).toContain(`"${THEME_STORAGE_KEY}"`);
    expect(() => new Function(THEME_INIT_SCRIPT)).not.toThrow();
  });
});
