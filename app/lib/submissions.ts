/**
 * Where form submissions go (rule 6.3): behind one small interface so a real
 * provider can replace the simulation. The simulation waits 2000 ms and succeeds, with no network.
 */
import type { ContactForm, NewsletterSignup } from "./forms";

/** Simulated submit delay, in ms (rule 6.3). */
export const SIMULATED_SUBMIT_DELAY_MS = 2000;

/** A submissions backend. Each call resolves on success and rejects on failure. */
export interface SubmissionProvider {
  subscribe(signup: NewsletterSignup): Promise<void>;
  sendMessage(message: ContactForm): Promise<void>;
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The simulated provider the product ships with. */
export const simulatedProvider: SubmissionProvider = {
  subscribe: () => wait(SIMULATED_SUBMIT_DELAY_MS),
  sendMessage: () => wait(SIMULATED_SUBMIT_DELAY_MS),
};
