/**
 * A local HTTPS + HTTP/2 front proxying to `wrangler dev`, because production serves the site over one warm h2
 * connection per origin. Its certificate is self-signed; browsers reach it with `--ignore-certificate-errors`.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from "node:http";
import { type Http2ServerRequest, type Http2ServerResponse, createSecureServer } from "node:http2";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TLSSocket } from "node:tls";
import { gunzipSync, gzipSync } from "node:zlib";
import { log } from "./common.ts";

/**
 * A page's path behind this prefix asks the front for the page's zero-JavaScript copy: the same HTML with every
 * `<script>` and `modulepreload` link removed, gzip'd, so a load of it shows what the page would cost without scripts.
 */
export const ZERO_JS_PREFIX = "/__zero-js";

/** A running front: its `https://127.0.0.1:{port}` origin, and how to stop it. */
export interface HttpsFront {
  origin: string;
  port: number;
  close(): Promise<void>;
}

/** Hop-by-hop headers: illegal in HTTP/2 (RFC 9113 8.2.2) and not forwarded by a proxy (RFC 9110 7.6.1). */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
  "http2-settings",
  "host",
]);

/** The headers of `headers` that may cross a hop: no pseudo-headers, no hop-by-hop ones, none `Connection` names. */
function filterHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = String(headers.connection ?? "")
    .split(",")
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name.startsWith(":") || HOP_BY_HOP.has(name) || named.includes(name)) continue;
    kept[name] = value;
  }
  return kept;
}

/** `html` without its scripts and module preloads. */
export function removeScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, "");
}

/** Answers with the zero-JavaScript copy of an upstream HTML answer, whole (not streamed), gzip'd. */
function answerZeroJsCopy(answer: http.IncomingMessage, response: Http2ServerResponse): void {
  const chunks: Buffer[] = [];
  answer.on("data", (chunk: Buffer) => chunks.push(chunk));
  answer.on("end", () => {
    const raw = Buffer.concat(chunks);
    const html = answer.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw;
    const body = gzipSync(removeScripts(html.toString("utf8")));
    const headers = filterHeaders(answer.headers);
    delete headers["content-length"];
    response.writeHead(answer.statusCode ?? 502, {
      ...headers,
      "content-encoding": "gzip",
      "content-length": body.length,
    });
    response.end(body);
  });
}

/** A throwaway self-signed PEM key and certificate for 127.0.0.1 and localhost; throws when `openssl` fails. */
export function createSelfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), "vpf-bench-tls-"));
  try {
    const keyFile = path.join(dir, "key.pem");
    const certFile = path.join(dir, "cert.pem");
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1,DNS:localhost",
        "-keyout",
        keyFile,
        "-out",
        certFile,
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    return { key: readFileSync(keyFile), cert: readFileSync(certFile) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Starts the front on 127.0.0.1:`port`, streaming to `upstream` (e.g. `http://127.0.0.1:20100`) without hop-by-hop
 * headers, with `Host` its own and `X-Forwarded-Proto: https`; an upstream failure answers 502, except that a GET or
 * HEAD sent on a kept-alive socket the upstream had just closed is sent once more (Node's `reusedSocket`). Paths under
 * `ZERO_JS_PREFIX` get the page's zero-JavaScript copy.
 */
export async function startHttpsFront(options: { port: number; upstream: string }): Promise<HttpsFront> {
  const target = new URL(options.upstream);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = createSecureServer({ ...createSelfSignedCertificate(), allowHTTP1: true });
  // Browsers keep connections open; `close` ends them so it does not wait for their idle timeout.
  const sockets = new Set<TLSSocket>();
  server.on("secureConnection", (socket: TLSSocket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  server.on("request", (request: Http2ServerRequest, response: Http2ServerResponse) => {
    const authority = request.headers[":authority"] ?? request.headers.host ?? `127.0.0.1:${options.port}`;
    const headers = filterHeaders(request.headers);
    headers.host = authority;
    headers["x-forwarded-proto"] = "https";
    headers["x-forwarded-for"] = request.socket.remoteAddress ?? "127.0.0.1";
    const zeroJs = request.url.startsWith(`${ZERO_JS_PREFIX}/`);
    const bodiless = request.method === "GET" || request.method === "HEAD";
    /** One upstream request; a GET or HEAD whose kept-alive socket the server had just closed is sent once more. */
    const send = (retried: boolean) => {
      const upstream = http.request(
        {
          agent,
          hostname: target.hostname,
          port: target.port,
          method: request.method,
          path: zeroJs ? request.url.slice(ZERO_JS_PREFIX.length) : request.url,
          headers,
        },
        (answer) => {
          if (zeroJs) return answerZeroJsCopy(answer, response);
          response.writeHead(answer.statusCode ?? 502, filterHeaders(answer.headers));
          answer.pipe(response);
          answer.on("error", () => response.destroy());
        },
      );
      // A browser that cancels a stream (or a whole connection) stops the upstream request too.
      const cancel = () => {
        if (!response.writableFinished) upstream.destroy();
      };
      response.on("close", cancel);
      upstream.on("error", (error: NodeJS.ErrnoException) => {
        response.off("close", cancel);
        if (response.headersSent || response.writableEnded || request.destroyed) response.destroy();
        else if (bodiless && upstream.reusedSocket && !retried) send(true);
        else {
          log(`front: ${request.method} ${request.url} answered 502: ${error.code ?? error.message}`);
          response.writeHead(502, { "content-type": "text/plain" }).end("upstream failed");
        }
      });
      if (bodiless) upstream.end();
      else request.pipe(upstream);
    };
    send(false);
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => resolve());
  });
  return {
    origin: `https://127.0.0.1:${options.port}`,
    port: options.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        agent.destroy();
      }),
  };
}
