/**
 * The running request's bindings for the domain modules: loaders, actions, the cron and the queue consumer read the
 * deployment's configuration here, so nothing has to hand it down through the router context.
 */
import { env } from "cloudflare:workers";
import { type Config, parseConfig } from "./config.server";

/**
 * The configuration of the bindings the running request was given (the worker's handlers set them with `withEnv`).
 * Parsed on each call, about 5 µs, since the imported `env` is one object whatever bindings it stands for; the
 * worker's own reading (`readConfig`) logs each unusable variable.
 */
export function readServerConfig(): Config {
  return parseConfig(env as unknown as Record<string, unknown>).config;
}
