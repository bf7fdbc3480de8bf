import { describe, expect, it } from "vitest";
import { THEME_STORAGE_KEY } from "./theme";
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
