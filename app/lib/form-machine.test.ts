import * as v from "valibot";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EmailAddressSchema } from "../../core/email-address";
import { type FormStatus, createFormMachine } from "./form-machine";
import { SIMULATED_SUBMIT_DELAY_MS, simulatedProvider } from "./submissions";

describe("form state machine", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("goes idle → sending → success after the simulated 2000 ms", async () => {
    const seen: FormStatus[] = [];
    const machine = createFormMachine(simulatedProvider.subscribe, (status) => seen.push(status));
    expect(machine.status).toBe("idle");
    const done = machine.submit({ email: v.parse(EmailAddressSchema, "reader@example.com") });
    expect(machine.status).toBe("sending");
    await vi.advanceTimersByTimeAsync(SIMULATED_SUBMIT_DELAY_MS - 1);
    expect(machine.status).toBe("sending");
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBe("success");
    expect(seen).toEqual(["sending", "success"]);
  });

  it("goes sending → failure when the provider rejects", async () => {
    const machine = createFormMachine(
      () => new Promise<void>((_resolve, reject) => setTimeout(() => reject(new Error("down")), 500)),
    );
    const done = machine.submit({});
    await vi.advanceTimersByTimeAsync(500);
    await expect(done).resolves.toBe("failure");
    machine.reset();
    expect(machine.status).toBe("idle");
  });

  it("ignores a second submit while sending (no double submit)", async () => {
    const send = vi.fn(simulatedProvider.sendMessage);
    const machine = createFormMachine(send);
    const form = { name: "Ada", email: v.parse(EmailAddressSchema, "ada@example.com"), subject: "", message: "Hi" };
    const first = machine.submit(form);
    expect(machine.submit(form)).toBe(false);
    await vi.advanceTimersByTimeAsync(SIMULATED_SUBMIT_DELAY_MS);
    await expect(first).resolves.toBe("success");
    expect(send).toHaveBeenCalledTimes(1);
    expect(machine.submit(form)).not.toBe(false);
  });

  it("makes no network call in the simulation", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const machine = createFormMachine(simulatedProvider.subscribe);
    const done = machine.submit({ email: v.parse(EmailAddressSchema, "reader@example.com") });
    await vi.advanceTimersByTimeAsync(SIMULATED_SUBMIT_DELAY_MS);
    await done;
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
