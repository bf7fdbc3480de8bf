/** Feature flags' schemas (rules 1.1 to 1.3), shared by the worker and `npm run flags`; no runtime bindings. */
import * as v from "valibot";

export { DEFAULT_FLAGS, FLAG_NAMES, type FlagName, type Flags } from "./flags.ts";
import { DEFAULT_FLAGS, FLAG_NAMES, type FlagName, type Flags } from "./flags.ts";

function mapFlags<T>(make: (name: FlagName) => T): Record<FlagName, T> {
  return Object.fromEntries(FLAG_NAMES.map((name) => [name, make(name)])) as Record<FlagName, T>;
}

/** What an operator may store under KV key `flags`; unknown keys are refused so a typo is caught at write time. */
export const FlagsSchema = v.strictObject(mapFlags((name) => v.optional(v.boolean(), DEFAULT_FLAGS[name])));

/** The request-time reading: each bad value takes its default, unknown keys are ignored; never throws. */
export const FlagsFallbackSchema = v.fallback(
  v.object(mapFlags((name) => v.fallback(v.optional(v.boolean(), DEFAULT_FLAGS[name]), DEFAULT_FLAGS[name]))),
  () => ({ ...DEFAULT_FLAGS }),
);

/** Longest stored value the worker will parse, in UTF-16 code units. */
export const MAX_FLAGS_VALUE_LENGTH = 64 * 1024;

export interface FlagsReading {
  flags: Flags;
  /** Why the stored value was refused; absent when it was valid or missing. */
  problem?: string;
}

/** The flags in force for the text under KV key `flags` (`null`: missing); never throws. */
export function parseStoredFlags(raw: string | null): FlagsReading {
  if (raw === null) return { flags: { ...DEFAULT_FLAGS } };
  if (raw.length > MAX_FLAGS_VALUE_LENGTH) {
    return { flags: { ...DEFAULT_FLAGS }, problem: `value longer than ${MAX_FLAGS_VALUE_LENGTH} characters` };
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { flags: { ...DEFAULT_FLAGS }, problem: "value is not JSON" };
  }
  const strict = v.safeParse(FlagsSchema, json);
  if (strict.success) return { flags: strict.output };
  const summary = strict.issues
    .slice(0, 5)
    .map((issue) => `${v.getDotPath(issue) ?? "(root)"}: ${issue.message}`)
    .join("; ");
  return { flags: v.parse(FlagsFallbackSchema, json), problem: `value has the wrong shape (${summary})` };
}

/** Parses operator input such as `["store=false"]`; throws an Error naming the first argument it cannot read. */
export function parseFlagAssignments(args: readonly string[]): Partial<Flags> {
  const changes: Partial<Flags> = {};
  for (const arg of args) {
    const match = /^([A-Za-z]+)=(true|false)$/.exec(arg);
    const name = match?.[1];
    if (!match || !name || !(FLAG_NAMES as readonly string[]).includes(name)) {
      throw new Error(
        `Cannot read "${arg}": expected name=true or name=false with a name among ${FLAG_NAMES.join(", ")}.`,
      );
    }
    changes[name as FlagName] = match[2] === "true";
  }
  return changes;
}
