/** The kit every JSON endpoint is built from, so each runs the same checks before its handler sees a body. */
import { vValidator } from "@hono/valibot-validator";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { csrf } from "hono/csrf";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type * as v from "valibot";
import { RATE_LIMIT_RETRY_AFTER_S } from "../core/form-contract";
import { readClientKey } from "./client-key";
import type { Bindings } from "./config";
import { setCachePolicy } from "./response-policy";
import type { WorkerEnv } from "./types";

/** Every refusal or failure: a code for programs and one sentence for people. */
export type ErrorEnvelope = { error: string; message: string };

const RATE_LIMITED_MESSAGE = "Too many requests from this address. Please wait a minute and try again.";

/** The envelope with `extra` fields beside it, `no-store`. */
export function answerError(
  c: Context<WorkerEnv>,
  status: ContentfulStatusCode,
  error: string,
  message: string,
  extra: Record<string, unknown> = {},
): Response {
  setCachePolicy(c, "no-store");
  const envelope: ErrorEnvelope = { error, message };
  return c.json({ ...envelope, ...extra }, status);
}

export interface JsonEndpointOptions<TSchema extends v.GenericSchema> {
  path: string;
  /** Names the body in messages: `checkout request`, `report`, `beacon`. */
  noun: string;
  /** Refuse posts that a page of another site could send (403). */
  sameOrigin?: boolean;
  limiter: (bindings: Bindings) => RateLimit | null;
  /** Lower case, without parameters; every one is read as JSON text. */
  mediaTypes: readonly string[];
  maxBytes: number;
  schema: TSchema;
  /** The error code of a body that breaks the schema, and the details it carries. */
  invalid: { error: string; details?: (issues: readonly v.BaseIssue<unknown>[]) => Record<string, unknown> };
  handle: (c: Context<WorkerEnv>, body: v.InferOutput<TSchema>) => Response | Promise<Response>;
}

function sameOriginOnly(noun: string): MiddlewareHandler<WorkerEnv> {
  const check = csrf();
  return async (c, next) => {
    // `csrf` refuses by throwing; with an empty `next` it only gives its verdict.
    const refused = await check(c, async () => {}).catch(() => true);
    return refused ? answerError(c, 403, "forbidden", `The ${noun} must come from this site's pages.`) : next();
  };
}

/**
 * Whether `request` fits its limiter's budget, counted by `readClientKey`. A missing or throwing limiter
 * lets it through: limits shed abuse, never fail a visitor (rule 8.6). Forms use it too.
 */
export async function fitsRateLimit(limiter: RateLimit | null | undefined, request: Request): Promise<boolean> {
  if (!limiter) return true;
  try {
    return (await limiter.limit({ key: readClientKey(request) })).success;
  } catch (error) {
    console.warn(JSON.stringify({ level: "warn", event: "ratelimit.failed", reason: String(error) }));
    return true;
  }
}

function rateLimit(pick: (bindings: Bindings) => RateLimit | null): MiddlewareHandler<WorkerEnv> {
  return async (c, next) => {
    if (await fitsRateLimit(pick(c.var.config.bindings), c.req.raw)) return next();
    c.header("Retry-After", String(RATE_LIMIT_RETRY_AFTER_S));
    return answerError(c, 429, "rate_limited", RATE_LIMITED_MESSAGE);
  };
}

/** `bodyLimit` reads a stand-in body: it keeps its reader locked after an overflow, and the drain needs the stream. */
function acceptBody(noun: string, mediaTypes: readonly string[], maxBytes: number): MiddlewareHandler<WorkerEnv> {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: (c) => answerError(c, 413, "payload_too_large", `The ${noun} is larger than ${maxBytes} bytes.`),
  });
  return async (c, next) => {
    const request = c.req.raw;
    const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (!mediaTypes.includes(type)) {
      return answerError(c, 415, "unsupported_media_type", `Send the ${noun} as ${mediaTypes.join(" or ")}.`);
    }
    const reader = request.body?.getReader();
    const body =
      reader &&
      new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            const chunk = await reader.read();
            if (chunk.done) controller.close();
            else controller.enqueue(chunk.value);
          },
        },
        // No read ahead, so none is pending when the lock is released.
        { highWaterMark: 0 },
      );
    // The validator parses JSON media types only; beacons (`text/plain`) and legacy reports carry JSON too.
    const headers = new Headers(request.headers);
    headers.set("content-type", "application/json");
    c.req.raw = new Request(request, { body: body ?? null, headers });
    try {
      return await limit(c, next);
    } finally {
      reader?.releaseLock();
      c.req.raw = request;
    }
  };
}

function parsesAsJson(noun: string): MiddlewareHandler<WorkerEnv> {
  return async (c, next) => {
    try {
      await c.req.json();
    } catch {
      return answerError(c, 400, "invalid_json", `The ${noun} is not valid JSON.`);
    }
    return next();
  };
}

/** A POST endpoint (other methods get 405), to mount with `app.route("/", …)`. */
export function jsonEndpoint<TSchema extends v.GenericSchema>(options: JsonEndpointOptions<TSchema>): Hono<WorkerEnv> {
  const { path, noun, invalid } = options;
  const routes = new Hono<WorkerEnv>();
  routes.post(
    path,
    options.sameOrigin ? sameOriginOnly(noun) : (_c, next) => next(),
    rateLimit(options.limiter),
    acceptBody(noun, options.mediaTypes, options.maxBytes),
    parsesAsJson(noun),
    vValidator("json", options.schema, (result, c: Context<WorkerEnv>) => {
      if (!result.success) {
        return answerError(c, 400, invalid.error, `The ${noun} is not valid.`, invalid.details?.(result.issues));
      }
    }),
    (c) => {
      setCachePolicy(c, "no-store");
      return options.handle(c, c.req.valid("json"));
    },
  );
  routes.all(path, (c) => {
    c.header("Allow", "POST");
    return answerError(c, 405, "method_not_allowed", "Use POST.");
  });
  return routes;
}
