/**
 * What the worker's hold of `<body>` scripts relies on in React's streamed render (`app/entry.server.tsx` passes the
 * request's nonce; `worker/html-rewrites.ts`, decision 018): every script a late Suspense boundary brings carries
 * the nonce, so it is held and brought back, and `</body>`, where the starter goes, comes only after the last
 * boundary, so the starter, an inline module script that runs once the parser is done, never misses one.
 */
import { Suspense, use } from "react";
import { renderToReadableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";

const NONCE = "bm9uY2Vub25jZW5vbmNlMQ==";

function Late({ value }: { value: Promise<string> }) {
  return <p>{use(value)}</p>;
}

function Page({ value }: { value: Promise<string> }) {
  return (
    <html lang="en">
      <head>
        <title>t</title>
      </head>
      <body>
        <main>
          <Suspense fallback={<p>fallback</p>}>
            <Late value={value} />
          </Suspense>
        </main>
      </body>
    </html>
  );
}

describe("a late Suspense boundary in the streamed page", () => {
  it("arrives before </body>, each of its scripts with the nonce", async () => {
    let resolve!: (text: string) => void;
    const value = new Promise<string>((done) => (resolve = done));
    const stream = await renderToReadableStream(<Page value={value} />, { nonce: NONCE });
    const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
    // The shell goes out with the fallback while the value is pending.
    let html = "";
    while (!html.includes("fallback")) {
      const { value: chunk, done } = await reader.read();
      if (done) break;
      html += chunk;
    }
    expect(html).toContain("<p>fallback</p>");
    expect(html).not.toContain("</body>");
    resolve("late content");
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) html += chunk.value;

    const late = html.indexOf("late content");
    expect(late).toBeGreaterThan(html.indexOf("fallback"));
    expect(html.endsWith("</body></html>")).toBe(true);
    const scripts = [...html.slice(late).matchAll(/<script\b([^>]*)>/g)].map(([, attributes]) => attributes);
    // The reveal: React's boundary-completing script.
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${NONCE}"`);
  });
});
