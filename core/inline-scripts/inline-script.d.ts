/** A module compiled to an inline script (`scripts/vite-plugin-inline-script.ts`). */
declare module "*?inline-script" {
  /** The script's text, its default export called with `args` (written as JSON). */
  const render: (...args: unknown[]) => string;
  export default render;
}
