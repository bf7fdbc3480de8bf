import { afterEach, describe, expect, it } from "vitest";
import type { FlagName } from "../../core/flags-schema";
import { putFlags, putRawFlags, request, requestWithEnv } from "./helpers";
import { ISSUE_PATH, PRODUCT_PATH } from "./content-items";

const GATED: Array<{ flag: FlagName; paths: string[] }> = [
  { flag: "store", paths: ["/store", PRODUCT_PATH] },
  { flag: "contact", paths: ["/contact"] },
  { flag: "newsletter", paths: ["/newsletter", "/newsletter/issues", ISSUE_PATH] },
];

describe("feature gates", () => {
  afterEach(() => putRawFlags(null));

  for (const { flag, paths } of GATED) {
    for (const path of paths) {
      it(`${path} renders the 404 page with status 404 when ${flag} is off`, async () => {
        await putFlags({ [flag]: false });
        const response = await request(path);
        expect(response.status).toBe(404);
        expect(await response.text()).toContain("Page Not Found");
      });

      it(`${path}.data answers 404 when ${flag} is off`, async () => {
        await putFlags({ [flag]: false });
        const response = await request(`${path}.data`);
        expect(response.status).toBe(404);
      });

      it(`${path} answers 200 when ${flag} is on`, async () => {
        await putFlags({ [flag]: true });
        const document = await request(path);
        expect(document.status).toBe(200);
        expect(await document.text()).not.toContain("Page Not Found");
        const data = await request(`${path}.data`);
        expect(data.status).toBe(200);
      });
    }
  }

  it("turning one feature off leaves the others open", async () => {
    await putFlags({ store: false });
    expect((await request("/contact")).status).toBe(200);
    expect((await request("/newsletter")).status).toBe(200);
  });

  it('keeps the store closed with COMMERCE_MODE "off", whatever its flag says', async () => {
    await putFlags({ store: true });
    const off = { COMMERCE_MODE: "off" } as Partial<Env>;
    expect((await requestWithEnv("/store", {}, off)).status).toBe(404);
    const checkout = await requestWithEnv(
      "/api/checkout",
      { method: "POST", headers: { "content-type": "application/json" }, body: "{}" },
      off,
    );
    expect(checkout.status).toBe(404);
    expect((await requestWithEnv("/contact", {}, off)).status).toBe(200);
  });
});

/** The call-to-action band of `path` (rule 1.6): its heading and where its link goes, `null` when there is none. */
async function readCtaBand(path: string): Promise<{ heading: string; links: string[] } | null> {
  const response = await request(path);
  expect(response.status, path).toBe(200);
  let band: { heading: string; links: string[] } | null = null;
  await new HTMLRewriter()
    .on('section[aria-labelledby="cta-heading"]', { element: () => void (band = { heading: "", links: [] }) })
    .on('section[aria-labelledby="cta-heading"] h2', {
      text: (chunk) => void (band && (band.heading += chunk.text)),
    })
    .on('section[aria-labelledby="cta-heading"] a', {
      element: (link) => void band?.links.push(link.getAttribute("href") ?? ""),
    })
    .transform(response)
    .arrayBuffer();
  return band;
}

describe("the call-to-action band", () => {
  afterEach(() => putRawFlags(null));

  for (const path of ["/", "/about"]) {
    it(`${path} shows it, leading to the blog, only while the cta flag is on`, async () => {
      await putFlags({ cta: true });
      expect(await readCtaBand(path)).toEqual({ heading: "Start Your Journey to Financial Freedom", links: ["/blog"] });
      await putFlags({ cta: false });
      expect(await readCtaBand(path)).toBeNull();
    });
  }
});
