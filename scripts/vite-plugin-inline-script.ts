/**
 * Inline browser scripts written as TypeScript modules and compiled to text at
 * build time (ARCHITECTURE.md, "The browser").
 *
 * `import render from "./theme-init.ts?inline-script"` bundles that module,
 * whose default export is the script's function, with Rolldown (Vite's own
 * bundler) into one minified classic script, and gives a `render(...args)`
 * that returns `(function(){…f(args)})();`: an IIFE that names no outer
 * binding and carries no `import` or `export`, so it can go into a nonce'd
 * `<script>` as it is. Its arguments are written as JSON with `<`, U+2028 and
 * U+2029 escaped, so no value can close the `<script>` element.
 */
import path from "node:path";
import { rolldown } from "rolldown";
import type { Plugin } from "vite";

/** The import query that asks for a module's compiled script. */
export const INLINE_SCRIPT_QUERY = "?inline-script";

/** Prefix of the resolved id: Rollup's mark for a virtual module, so no other plugin transforms it. */
const RESOLVED_PREFIX = "\0inline-script:";

/** The free identifier the bundle passes to the function, replaced by the arguments on each render. */
const ARGUMENTS_PLACEHOLDER = "__VPF_INLINE_SCRIPT_ARGUMENTS__";

/**
 * Syntax of the emitted script: ES2015 (arrow functions, `let`, template
 * strings), which every browser that runs the site's modules has and older
 * ones still parse.
 */
const SCRIPT_TARGET = "es2015";

/** A compiled script, cut where its arguments go, and every file it was built from. */
export interface CompiledInlineScript {
  before: string;
  after: string;
  files: string[];
}

/**
 * Bundles `file` (its default export called with the arguments) into one
 * minified IIFE for a classic script.
 *
 * @throws Error when the module has no default export, or when the minifier
 *   moved the call so that the arguments no longer have a place of their own.
 */
export async function compileInlineScript(file: string): Promise<CompiledInlineScript> {
  const entry = `${RESOLVED_PREFIX}entry`;
  const bundle = await rolldown({
    input: entry,
    platform: "browser",
    logLevel: "silent",
    transform: { target: SCRIPT_TARGET },
    plugins: [
      {
        name: "vpf-inline-script-entry",
        resolveId: (id) => (id === entry ? id : null),
        load: (id) =>
          id === entry ? `import run from ${JSON.stringify(file)};\nrun(${ARGUMENTS_PLACEHOLDER});\n` : null,
      },
    ],
  });
  try {
    const { output } = await bundle.generate({
      format: "iife",
      minify: true,
      keepNames: false,
      comments: { legal: false, annotation: false, jsdoc: false },
    });
    const code = output[0].code.trim();
    const parts = code.split(ARGUMENTS_PLACEHOLDER);
    const [before, after] = parts;
    if (parts.length !== 2 || !before?.endsWith("(") || !after?.startsWith(")")) {
      throw new Error(`${file}: the compiled script does not call its function with the arguments alone: ${code}`);
    }
    const files = output[0].moduleIds.filter((id) => path.isAbsolute(id));
    return { before, after, files };
  } finally {
    await bundle.close();
  }
}

/**
 * The render function's source: each argument as JSON, with the characters
 * that could end the `<script>` element, or a line in an old parser, escaped.
 */
const WRITE_ARGUMENT = String.raw`(value) => {
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError("an inline script's argument must be JSON");
  return json.replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}`;

/** Vite plugin: resolves and compiles `…?inline-script` imports, in every environment and in Vitest. */
export function inlineScriptPlugin(): Plugin {
  return {
    name: "vpf-inline-script",
    enforce: "pre",
    // Filters keep the hooks from being called for every other module of the build.
    resolveId: {
      filter: { id: /\?inline-script$/ },
      async handler(source, importer) {
        const file = source.slice(0, -INLINE_SCRIPT_QUERY.length);
        const resolved = await this.resolve(file, importer, { skipSelf: true });
        if (!resolved) throw new Error(`${importer ?? "?"}: cannot resolve ${source}`);
        return RESOLVED_PREFIX + resolved.id;
      },
    },
    load: {
      filter: { id: /^\0inline-script:/ },
      async handler(id) {
        const { before, after, files } = await compileInlineScript(id.slice(RESOLVED_PREFIX.length));
        for (const file of files) this.addWatchFile(file);
        return [
          `const writeArgument = ${WRITE_ARGUMENT};`,
          `const BEFORE = ${JSON.stringify(before)};`,
          `const AFTER = ${JSON.stringify(after)};`,
          `export default (...args) => BEFORE + args.map((value) => writeArgument(value)).join(",") + AFTER;`,
        ].join("\n");
      },
    },
  };
}
