/**
 * Where form submissions go (rules 6.3 and 6.6), behind one small interface:
 * the simulation the product ships with (2000 ms, then success, with no
 * request), or the worker, which keeps them in D1 when the operator sets
 * `FORMS_MODE = "d1"`. `useSubmissionProvider` picks the one the root
 * loader's `forms.mode` names.
 */
import { FORM_ENDPOINTS, type FormKind } from "../../core/form-contract";
import type { ContactForm, NewsletterSignup } from "../../core/forms";
import { useFrameData } from "./frame-data";

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

/**
 * Posts one form as JSON to its worker endpoint.
 *
 * @throws Error when the network fails or the worker answers anything but 2xx
 *   (400, 403, 413, 429, 503): the form then shows its failure toast.
 */
async function postForm(kind: FormKind, values: ContactForm | NewsletterSignup): Promise<void> {
  const response = await fetch(FORM_ENDPOINTS[kind], {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(values),
    credentials: "same-origin",
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`The ${kind} form was answered with ${response.status}.`);
}

/** The provider of `d1` mode: the worker's form endpoints (rule 6.6). */
export const workerProvider: SubmissionProvider = {
  subscribe: (signup) => postForm("newsletter", signup),
  sendMessage: (message) => postForm("contact", message),
};

/** The provider for this site's forms mode (the simulation when the root data is missing). */
export function useSubmissionProvider(): SubmissionProvider {
  return useFrameData().forms?.mode === "d1" ? workerProvider : simulatedProvider;
}
