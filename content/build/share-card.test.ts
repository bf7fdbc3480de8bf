import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { drawArticleCover } from "./cover-art";
import { drawShareCard } from "./share-card";

const cover = () => sharp(Buffer.from(drawArticleCover("a-slug", "investing"))).png().toBuffer();

describe("drawShareCard", () => {
  it("draws a 1200 × 630 JPEG from any cover, the same each time", async () => {
    const first = await drawShareCard(await cover(), "A title", "VPF");
    expect(await sharp(first).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    expect(Buffer.compare(first, await drawShareCard(await cover(), "A title", "VPF"))).toBe(0);
    const square = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer();
    expect(await sharp(await drawShareCard(square, "A title", "VPF")).metadata()).toMatchObject({
      width: 1200,
      height: 630,
    });
  });

  it("writes the title and the brand: another of either, another picture", async () => {
    const base = await drawShareCard(await cover(), "Index funds and the long game", "VPF");
    expect(Buffer.compare(base, await drawShareCard(await cover(), "Index funds and the short game", "VPF"))).not.toBe(0);
    expect(Buffer.compare(base, await drawShareCard(await cover(), "Index funds and the long game", "PFV"))).not.toBe(0);
  });
});
