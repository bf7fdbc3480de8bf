/**
 * The deploy's smoke check (`scripts/smoke.ts`), run against the built site as the workflow runs it against the
 * live one: it passes on a working site and names what fails on a broken one.
 */
import { runSmokeChecks } from "../../scripts/smoke.ts";
import { expect, test } from "./fixtures";

test("the smoke check passes on the built site: home, an article, and checkout refusing an empty cart", async ({
  baseURL,
}) => {
  const results = await runSmokeChecks(baseURL!);
  expect(results.map(({ check }) => check)).toEqual([
    "GET /",
    "GET /blog",
    expect.stringMatching(/^GET \/blog\/[a-z0-9-]+$/),
    "POST /api/checkout with an empty cart",
  ]);
  expect(results.filter(({ problem }) => problem !== null)).toEqual([]);
});

test("the smoke check fails, naming the check, when checkout does not answer", async ({ baseURL, flags }) => {
  await flags.set({ store: false });
  const failed = (await runSmokeChecks(baseURL!)).filter(({ problem }) => problem !== null);
  expect(failed).toEqual([
    { check: "POST /api/checkout with an empty cart", problem: expect.stringMatching(/^answered \d+, not 400$/) },
  ]);
});
