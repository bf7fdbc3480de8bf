import { describe, expect, it } from "vitest";
import { OrderReceiptSchema } from "./order-receipt";
import {
  CONFIRM_LINK_TTL_MS,
  readConfirmToken,
  readUnsubscribeToken,
  signConfirmToken,
  signUnsubscribeToken,
} from "./newsletter-tokens";
import { generateSigningKey, signToken, verifyToken } from "./signed-token";

describe("the newsletter's links", () => {
  it("give back the address, the opt-in and an expiry 7 days after the mail", async () => {
    const key = await generateSigningKey();
    const token = await signConfirmToken(key, "reader@vpf.test", 1_000, 5_000);
    expect(await readConfirmToken(key, token)).toEqual({
      p: "newsletter-confirm",
      e: "reader@vpf.test",
      r: 1_000,
      x: 5_000 + CONFIRM_LINK_TTL_MS,
    });
    expect(await readUnsubscribeToken(key, await signUnsubscribeToken(key, "reader@vpf.test"))).toBe("reader@vpf.test");
  });

  it("never stand in for one another or for a receipt", async () => {
    const key = await generateSigningKey();
    const confirm = await signConfirmToken(key, "reader@vpf.test", 1, 1);
    const unsubscribe = await signUnsubscribeToken(key, "reader@vpf.test");
    expect(await readConfirmToken(key, unsubscribe)).toBeNull();
    expect(await readUnsubscribeToken(key, confirm)).toBeNull();
    expect(await verifyToken(key, confirm, OrderReceiptSchema)).toBeNull();
    const receipt = await signToken(key, { reference: "VPF-0A1B2C3D", issuedAt: 1, lines: [] });
    expect(await readUnsubscribeToken(key, receipt)).toBeNull();
  });

  it("refuse another key's signature", async () => {
    const token = await signUnsubscribeToken(await generateSigningKey(), "reader@vpf.test");
    expect(await readUnsubscribeToken(await generateSigningKey(), token)).toBeNull();
  });
});
