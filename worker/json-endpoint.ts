/**
 * The kit every JSON endpoint of the worker is built from (`POST /api/checkout`,
 * `/api/csp-report`, `/api/vitals`). `jsonEndpoint` runs the same checks, in
 * this order, before an endpoint's own handler sees a body:
 *
 * 1. same origin, when the endpoint asks for it (Hono's `csrf`): 403 `forbidden`;
 * 2. the endpoint's rate limit, counted by `readClientKey` (rule 8.6): 429
 *    `rate_limited` with `Retry-After: 60`;
 * 3. one of the endpoint's media types: 415 `unsupported_media_type`;
 * 4. at most the endpoint's bytes (Hono's `bodyLimit`): 413 `payload_too_large`;
 * 5. JSON text, whatever the media type: 400 `invalid_json`;
 * 6. the endpoint's schema (`@hono/valibot-validator`): 400 with the endpoint's code.
 *
 * Every refusal or failure is the `ErrorEnvelope`, every answer `no-store`;
 * other methods get 405 `method_not_allowed` with `Allow: POST`.
 */
import { vValidator } from "@hono/valibot-validator";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { csrf } from "hono/csrf";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type * as v from "valibot";
import { readClientKey } from "./client-key";
import type { Bindings, RateLimiter } from "./config";
import { setCachePolicy } from "./response-policy";
import type { WorkerEnv } from "./types";

/** The body of every refusal or failure: a code for programs and one sentence for people. */
export type ErrorEnvelope = { error: string; message: string };

/** Seconds a rate-limited client is asked to wait: the period of every limiter in `wrangler.toml`. */
export const RATE_LIMIT_RETRY_AFTER_S = 60;

const RATE_LIMITED_MESSAGE = "Too many requests from this address. Please wait a minute and try again.";

/**
 * Answers `status` with the envelope, `extra` fields beside it (an endpoint's
 * details, such as checkout's `issues`), and `Cache-Control: no-store`.
 */
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

/** What an endpoint tells the kit about itself. */
export interface JsonEndpointOptions<TSchema extends v.GenericSchema> {
  /** The endpoint's path, `/api/…`. */
  path: string;
  /** Names the body in messages: `checkout request`, `report`, `beacon`. */
  noun: string;
  /** Refuse posts that a page of another site could send (Hono's `csrf`, 403). */
  sameOrigin?: boolean;
  /** The rate limiter this endpoint counts against. */
  limiter: (bindings: Bindings) => RateLimiter | null;
  /** Accepted media types, lower case, without parameters; every one is read as JSON text. */
  mediaTypes: readonly string[];
  /** Largest body, in bytes. */
  maxBytes: number;
  /** The body's schema; its output is what the handler receives. */
  schema: TSchema;
  /** The code of a body that breaks the schema (`invalid_request`), and the details it carries. */
  invalid: { error: string; details?: (issues: readonly v.BaseIssue<unknown>[]) => Record<string, unknown> };
  /** The endpoint's own work, given the body as `schema` outputs it. */
  handle: (c: Context<WorkerEnv>, body: v.InferOutput<TSchema>) => Response | Promise<Response>;
}

/**
 * Same-origin posts only: `Sec-Fetch-Site: same-origin` or our own `Origin`
 * for the media types a page of another site can post without asking
 * (`text/plain`, forms); other types need a CORS preflight, which no endpoint grants.
 */
function sameOriginOnly(noun: string): MiddlewareHandler<WorkerEnv> {
  const check = csrf();
  return async (c, next) => {
    // `csrf` refuses by throwing; handed an empty `next`, it only gives its verdict.
    const refused = await check(c, async () => {}).catch(() => true);
    return refused ? answerError(c, 403, "forbidden", `The ${noun} must come from this site's pages.`) : next();
  };
}

/**
 * The rate limit, keyed by `readClientKey`. The one limiter policy: a missing
 * binding, or a limiter that throws (logged as `ratelimit.failed`), lets the
 * request through. The limits shed abuse; none of these endpoints may fail a
 * visitor because of them (rules 8.4 and 8.5 never answer 5xx).
 */
function rateLimit(pick: (bindings: Bindings) => RateLimiter | null): MiddlewareHandler<WorkerEnv> {
  return async (c, next) => {
    const limiter = pick(c.var.config.bindings);
    let fits = true;
    try {
      if (limiter) fits = (await limiter.limit({ key: readClientKey(c.req.raw) })).success;
    } catch (error) {
      console.warn(JSON.stringify({ level: "warn", event: "ratelimit.failed", reason: String(error) }));
    }
    if (fits) return next();
    c.header("Retry-After", String(RATE_LIMIT_RETRY_AFTER_S));
    return answerError(c, 429, "rate_limited", RATE_LIMITED_MESSAGE);
  };
}

/**
 * The media type (415), then Hono's `bodyLimit` (413). `bodyLimit` reads a
 * stand-in of the body: after an overflow it keeps its reader locked, and the
 * request's own stream must be free again for `drainRequestBodies()` (rule 5.2).
 */
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
        // Nothing is read ahead of `bodyLimit`, so no read is pending when the lock is released.
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

/** JSON text, whatever the media type (400 `invalid_json`). Hono keeps the text for the validator. */
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

/**
 * A POST endpoint at `options.path` whose `handle` runs once the checks of
 * this module passed; other methods get 405.
 *
 * @returns the routes, to mount with `app.route("/", …)`.
 */
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
