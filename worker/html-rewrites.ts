/**
 * Changes to outgoing HTML, made with Workers' `HTMLRewriter` (streaming, no
 * decoding of the page by our own code; ARCHITECTURE.md, "The browser").
 *
 * `addPriorityHints`: React Router preloads every module of the page with
 * `<link rel="modulepreload">`; marked `fetchpriority="low"`, they download
 * alongside the document without competing with the first and largest
 * paint (the font, the largest image), and the page hydrates as soon as they
 * have arrived (bench/README.md, "Interactive when painted").
 */

/** The page with its module preloads at low priority; any other answer unchanged. */
export function addPriorityHints(response: Response): Response {
  if (!(response.headers.get("content-type") ?? "").startsWith("text/html") || !response.body) return response;
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(element) {
        element.setAttribute("fetchpriority", "low");
      },
    })
    .transform(response);
}
