import { describe, expect, it } from "vitest";
import { BUILD_ID_PLACEHOLDER, stampBuildId } from "./vite-plugin-build-id.ts";

const buildBundle = (manifest: string) => ({
  "index.js": { type: "chunk" as const, fileName: "index.js", code: `const id = "${BUILD_ID_PLACEHOLDER}";` },
  "manifest.js": { type: "chunk" as const, fileName: "manifest.js", code: manifest },
  "wrangler.json": { type: "asset" as const },
});

describe("stampBuildId", () => {
  it("gives the same sources the same id, so an unchanged deploy keeps the page cache", () => {
    const first = buildBundle('export default { entry: "/assets/entry-abc.js" };');
    const second = buildBundle('export default { entry: "/assets/entry-abc.js" };');
    expect(stampBuildId(first)).toBe(stampBuildId(second));
    expect(first["index.js"].code).toBe(second["index.js"].code);
  });

  it("gives a changed client asset a new id, written where the placeholder was", () => {
    const before = buildBundle('export default { entry: "/assets/entry-abc.js" };');
    const after = buildBundle('export default { entry: "/assets/entry-abd.js" };');
    const id = stampBuildId(after);
    expect(id).not.toBe(stampBuildId(before));
    expect(id).toMatch(new RegExp(`^[0-9a-f]{${BUILD_ID_PLACEHOLDER.length}}$`));
    expect(after["index.js"].code).toBe(`const id = "${id}";`);
  });
});
