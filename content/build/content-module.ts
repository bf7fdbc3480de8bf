/** A virtual module compiled from a content folder, which the dev server recompiles when a file in it changes. */
import path from "node:path";
import type { Plugin, ResolvedConfig } from "vite";

/**
 * Whether `config` is the dev server's, which previews drafts and scheduled items (rule 3.1). Vitest serves modules
 * too, in mode `test`, and its tests hold the built site; a build's child compiler (React Router's) serves in
 * production mode and is part of the build.
 */
export function isDevPreview(config: ResolvedConfig): boolean {
  return config.command === "serve" && !config.isProduction && config.mode !== "test";
}

/** The hooks of `virtualId`, whose code `compile` returns; a change under `dir` reloads it on the next request. */
export function contentModuleHooks(
  virtualId: string,
  dir: string,
  compile: () => string,
): Pick<Plugin, "resolveId" | "load" | "hotUpdate"> {
  const resolvedId = `\0${virtualId}`;
  return {
    resolveId: (id) => (id === virtualId ? resolvedId : undefined),
    load(id) {
      if (id !== resolvedId) return undefined;
      this.addWatchFile(dir);
      return compile();
    },
    hotUpdate(options) {
      if (!options.file.startsWith(dir + path.sep)) return undefined;
      const graph = this.environment.moduleGraph;
      const module = graph.getModuleById(resolvedId);
      if (!module) return undefined;
      graph.invalidateModule(module);
      return [module];
    },
  };
}
