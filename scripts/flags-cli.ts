/** What `npm run flags` prints (rules 1.1 to 1.3), apart from the commands that reach wrangler (`scripts/flags.ts`). */
import { type Flags, parseStoredFlags } from "../core/flags-schema.ts";
import { type TerminalOutput, terminal } from "./terminal-text.ts";

/** One line per flag, e.g. `  store        on`. */
export function describeFlags(flags: Flags): string {
  return Object.entries(flags)
    .map(([name, on]) => `  ${name.padEnd(12)} ${on ? "on" : "off"}`)
    .join("\n");
}

/**
 * Prints `get`'s answer for the stored text `raw` of `target`'s namespace (`null`: key missing): the flags in force,
 * then a warning naming what is wrong with an invalid value. The value is the operator's or anyone's who could
 * write the namespace, so it goes out through `out` (the escaping `terminal` unless a test gives its own).
 */
export function printFlagsReading(target: string, raw: string | null, out: TerminalOutput = terminal): void {
  const reading = parseStoredFlags(raw);
  out.log(`Flags (${target}${raw === null ? ", key missing: defaults" : ""}):\n${describeFlags(reading.flags)}`);
  if (reading.problem) {
    out.warn(`Warning: the stored value is invalid (${reading.problem}); the worker uses the values above.`);
  }
}
