/**
 * Vitest global setup: the bulk mail provider's stand-in (`scripts/mail-provider-stand-in.ts`) for the worker
 * tests, its origin provided as `mailProviderUrl`; `GET {mailProviderUrl}/__mails?to=ADDRESS` lists what it took.
 */
import type { TestProject } from "vitest/node";
import { startMailProviderStandIn } from "../../scripts/mail-provider-stand-in.ts";

declare module "vitest" {
  interface ProvidedContext {
    mailProviderUrl: string;
  }
}

/** The key the worker tests give the worker as MAILGUN_API_KEY. */
export const TEST_MAILGUN_API_KEY = "worker-tests-mailgun-key";

export default async function setup(project: TestProject) {
  const standIn = await startMailProviderStandIn({ port: 0, apiKey: TEST_MAILGUN_API_KEY });
  project.provide("mailProviderUrl", standIn.url);
  return () => standIn.close();
}
