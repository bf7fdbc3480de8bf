/** Hot reload for a virtual module compiled from a content folder: the dev server recompiles it when a file changes. */
import path from "node:path";
import type { DevEnvironment, EnvironmentModuleNode, HotUpdateOptions } from "vite";

/**
 * A `hotUpdate` hook: when a file under `dir` is added, changed or removed, the virtual module `resolvedId` is
 * invalidated in the environment that loaded it and handed to Vite's update, so the next request sees the change.
 */
export function createContentHotUpdate(dir: string, resolvedId: string) {
  return function hotUpdate(
    this: { environment: DevEnvironment },
    options: HotUpdateOptions,
  ): EnvironmentModuleNode[] | undefined {
    if (!options.file.startsWith(dir + path.sep)) return undefined;
    const graph = this.environment.moduleGraph;
    const module = graph.getModuleById(resolvedId);
    if (!module) return undefined;
    graph.invalidateModule(module);
    return [module];
  };
}
