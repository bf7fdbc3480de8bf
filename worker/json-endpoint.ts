/**
 * The kit every JSON endpoint is built from: Hono's `csrf`, `bodyLimit` and valibot validator as they ship, so each
 * runs the same checks before its handler sees a body. Every refusal, theirs and ours, is thrown and shaped once by
 * `answerRefusal` in `app.onError` (rule 8.6).
 */
import { vValidator } from "@hono/valibot-validator";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { csrf } from "hono/csrf";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type * as v from "valibot";
import { RATE_LIMIT_RETRY_AFTER_S } from "../core/form-contract";
import { fitsRateLimit } from "../server/client-key.server";
import type { Bindings } from "../server/config.server";
import { setCachePolicy } from "./response-policy";
import type { WorkerEnv } from "./types";

/** Every refusal or failure: a code for programs and one sentence for people. */
export type ErrorEnvelope = { error: string; message: string };

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

/** A refusal with its envelope's code, sentence, extra fields and headers; any step may throw it. */
export class Refusal extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(status, { message });
  }
}

/** The code and sentence of a refusal Hono's own middleware threw, known by its status and challenge. */
function describeHonoRefusal(error: HTTPException): [code: string, message: string] {
  // `bearerAuth` alone answers with a challenge (RFC 6750): 400 for a header that is not a bearer token.
  if (error.res?.headers.has("www-authenticate")) {
    return error.status === 400
      ? ["invalid_request", "The Authorization header is not a bearer token."]
      : ["unauthorized", "The request needs the site's bearer token."];
  }
  if (error.status === 400) return ["invalid_json", "The request body is not valid JSON."];
  if (error.status === 403) return ["forbidden", "The request must come from this site's pages."];
  return ["refused", "The request was refused."];
}

/** The envelope of a thrown refusal, with its headers (`Allow`, `Retry-After`, `WWW-Authenticate`). */
export function answerRefusal(c: Context<WorkerEnv>, error: HTTPException): Response {
  if (error instanceof Refusal) {
    for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
    return answerError(c, error.status, error.code, error.message, error.extra);
  }
  const challenge = error.res?.headers.get("www-authenticate");
  if (challenge) c.header("WWW-Authenticate", challenge);
  const [code, message] = describeHonoRefusal(error);
  return answerError(c, error.status, code, message);
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

function rateLimit(pick: (bindings: Bindings) => RateLimit | null): MiddlewareHandler<WorkerEnv> {
  return async (c, next) => {
    if (await fitsRateLimit(pick(c.var.config.bindings), c.req.raw)) return next();
    throw new Refusal(
      429,
      "rate_limited",
      "Too many requests from this address. Please wait a minute and try again.",
      {},
      { "Retry-After": String(RATE_LIMIT_RETRY_AFTER_S) },
    );
  };
}

/** The validator parses JSON media types only; beacons (`text/plain`) and legacy CSP reports carry JSON too. */
function readAsJson(noun: string, mediaTypes: readonly string[]): MiddlewareHandler<WorkerEnv> {
  return async (c, next) => {
    const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (!mediaTypes.includes(type)) {
      throw new Refusal(415, "unsupported_media_type", `Send the ${noun} as ${mediaTypes.join(" or ")}.`);
    }
    if (type !== "application/json") {
      const headers = new Headers(c.req.raw.headers);
      headers.set("content-type", "application/json");
      c.req.raw = new Request(c.req.raw, { headers });
    }
    return next();
  };
}

/** A POST endpoint (other methods get 405), to mount with `app.route("/", …)`. */
export function jsonEndpoint<TSchema extends v.GenericSchema>(options: JsonEndpointOptions<TSchema>): Hono<WorkerEnv> {
  const { path, noun, invalid, maxBytes } = options;
  const routes = new Hono<WorkerEnv>();
  routes.post(
    path,
    options.sameOrigin ? csrf() : (_c, next) => next(),
    rateLimit(options.limiter),
    readAsJson(noun, options.mediaTypes),
    bodyLimit({
      maxSize: maxBytes,
      onError: () => {
        throw new Refusal(413, "payload_too_large", `The ${noun} is larger than ${maxBytes} bytes.`);
      },
    }),
    vValidator("json", options.schema, (result) => {
      if (!result.success) {
        throw new Refusal(400, invalid.error, `The ${noun} is not valid.`, invalid.details?.(result.issues));
      }
    }),
    (c) => {
      setCachePolicy(c, "no-store");
      return options.handle(c, c.req.valid("json"));
    },
  );
  routes.all(path, () => {
    throw new Refusal(405, "method_not_allowed", "Use POST.", {}, { Allow: "POST" });
  });
  return routes;
}
