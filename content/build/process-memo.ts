/**
 * Memos that outlive one load of `vite.config.ts`. React Router's child compiler loads the config again, as a new
 * bundle with new module state, so a module-level cache would be rebuilt for every load; these live on `globalThis`,
 * one per process (ARCHITECTURE.md, the build).
 */

/** The process-wide map called `name`, created empty on first use. */
export function readProcessMemo<T>(name: string): Map<string, T> {
  const key = Symbol.for(`vpf.process-memo.${name}`);
  const holder = globalThis as unknown as Record<symbol, Map<string, T> | undefined>;
  return (holder[key] ??= new Map<string, T>());
}
