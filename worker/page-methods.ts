/** Methods on pages and files (rule 2.5), answered before React Router so a 405 is never logged as an error. */
import type { MiddlewareHandler } from "hono";
import { SITE_NAME } from "../content/site";
import { isStaticFilePath, listAllowedMethods, readPagePath } from "../core/page-registry";
import type { WorkerEnv } from "./types";
import { setCachePolicy } from "./response-policy";

const METHOD_NOT_ALLOWED_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Method Not Allowed | ${SITE_NAME}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f8fafc;color:#0f172a}
main{max-width:32rem;padding:2rem}a{color:#047857}@media (prefers-color-scheme:dark){body{background:#020617;color:#f1f5f9}a{color:#34d399}}</style>
</head>
<body><main><p>Error 405</p><h1>Method Not Allowed</h1>
<p>This address only answers page requests. <a href="/">Go to Homepage</a></p></main></body>
</html>
`;

export function pageMethods(): MiddlewareHandler<WorkerEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD") return next();
    const path = c.req.path;
    if (path.startsWith("/api/")) return next();
    const allowed = isStaticFilePath(path) ? ["GET", "HEAD"] : listAllowedMethods(readPagePath(path));
    if (allowed.includes(method)) return next();
    c.header("Allow", allowed.join(", "));
    setCachePolicy(c, "no-store");
    return c.html(METHOD_NOT_ALLOWED_PAGE, 405);
  };
}
