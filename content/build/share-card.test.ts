import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { drawArticleCover } from "./cover-art";
import { drawProductShareCard, drawShareCard } from "./share-card";

// Each cover, photo and card is drawn once per run and shared: a card takes a few hundred ms of CPU.
const once = <T>(make: () => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
};
const cover = once(() => sharp(Buffer.from(drawArticleCover("a-slug", "investing"))).png().toBuffer());

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

describe("drawProductShareCard", () => {
  const photo = once(() =>
    sharp({ create: { width: 400, height: 400, channels: 3, background: "#cc8844" } })
      .png()
      .toBuffer(),
  );
  const withPhoto = once(async () => drawProductShareCard(await photo(), "A product", "$25.00", "VPF"));
  const without = once(() => drawProductShareCard(null, "A product", "$25.00", "VPF"));

  it("draws a 1200 × 630 JPEG with a photo or without one, the same each time", async () => {
    for (const card of [await withPhoto(), await without()]) {
      expect(await sharp(card).metadata()).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
    }
    expect(Buffer.compare(await withPhoto(), await without())).not.toBe(0);
    expect(Buffer.compare(await without(), await drawProductShareCard(null, "A product", "$25.00", "VPF"))).toBe(0);
  });

  it("puts the photo on the right and writes the title and the price", async () => {
    const { data } = await sharp(await withPhoto()).extract({ left: 1000, top: 300, width: 1, height: 1 }).raw().toBuffer({
      resolveWithObject: true,
    });
    // The photo's colour, give or take the JPEG's rounding.
    for (const [index, channel] of [0xcc, 0x88, 0x44].entries()) expect(Math.abs(data[index]! - channel)).toBeLessThan(12);
    const base = await without();
    expect(Buffer.compare(base, await drawProductShareCard(null, "A product", "$29.00", "VPF"))).not.toBe(0);
    expect(Buffer.compare(base, await drawProductShareCard(null, "Another product", "$25.00", "VPF"))).not.toBe(0);
  });
});
