/**
 * Vitest global setup of the `worker-archive` project (Node): writes the generated archive
 * (`tests/support/archive-fixture.ts`) and the built worker's configuration that serves it.
 */
import { ARCHIVE_ROOT, prepareArchive } from "../support/archive-fixture.ts";
import { ROOT } from "../../scripts/wrangler.ts";

export default function setup(): void {
  prepareArchive(ROOT, ARCHIVE_ROOT);
}
