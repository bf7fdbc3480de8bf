/**
 * Feature flags: the five switches operators flip in KV without a redeploy
 * (rules 1.1 to 1.3).
 *
 * Shared by the worker (reads KV on each isolate), the root loader (header and
 * footer visibility) and the operator CLI `npm run flags` (validates before
 * writing). Pure module: valibot only, no runtime bindings.
 */
import * as v from "valibot";

export { DEFAULT_FLAGS, FLAG_NAMES, type FlagName, type Flags } from "./flags.ts";
import { DEFAULT_FLAGS, FLAG_NAMES, type FlagName, type Flags } from "./flags.ts";

/**
 * What an operator may store under KV key `flags`: a JSON object whose known
 * keys are booleans. Keys may be omitted (they take their default); unknown
 * keys are refused so a typo such as `{"stor": false}` is caught at write time.
 */
export const FlagsSchema = v.strictObject({
  newsletter: v.optional(v.boolean(), DEFAULT_FLAGS.newsletter),
  store: v.optional(v.boolean(), DEFAULT_FLAGS.store),
  cta: v.optional(v.boolean(), DEFAULT_FLAGS.cta),
  contact: v.optional(v.boolean(), DEFAULT_FLAGS.contact),
  holdingPage: v.optional(v.boolean(), DEFAULT_FLAGS.holdingPage),
});

/**
 * The forgiving reading of a stored value used at request time: any flag whose
 * value is not a boolean takes its own default, unknown keys are ignored, and
 * anything that is not an object gives all defaults. It never throws.
 */
export const FlagsFallbackSchema = v.fallback(
  v.object({
    newsletter: v.fallback(v.optional(v.boolean(), DEFAULT_FLAGS.newsletter), DEFAULT_FLAGS.newsletter),
    store: v.fallback(v.optional(v.boolean(), DEFAULT_FLAGS.store), DEFAULT_FLAGS.store),
    cta: v.fallback(v.optional(v.boolean(), DEFAULT_FLAGS.cta), DEFAULT_FLAGS.cta),
    contact: v.fallback(v.optional(v.boolean(), DEFAULT_FLAGS.contact), DEFAULT_FLAGS.contact),
    holdingPage: v.fallback(v.optional(v.boolean(), DEFAULT_FLAGS.holdingPage), DEFAULT_FLAGS.holdingPage),
  }),
  () => ({ ...DEFAULT_FLAGS }),
);

/** Longest stored value the worker will parse, in bytes of UTF-16 text (64 KiB). */
export const MAX_FLAGS_VALUE_LENGTH = 64 * 1024;

/** Result of reading a stored flags value: the flags in force and, if the value was bad, why. */
export interface FlagsReading {
  flags: Flags;
  /** Absent when the stored value was valid or missing; otherwise a short reason. */
  problem?: string;
}

/**
 * Turns the raw text stored under KV key `flags` into the flags in force.
 *
 * @param raw the stored text, or `null` when the key is missing.
 * @returns the flags (defaults filled in) and a `problem` description when the
 *   value was too long, not JSON, or not of the `FlagsSchema` shape. Never throws.
 */
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

/**
 * Parses operator input such as `["store=false", "holdingPage=true"]` into a
 * partial flags object.
 *
 * @throws Error naming the first argument that is not `name=true|false` with a known name.
 */
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
