/**
 * What the worker tests load in place of React: the source modules they import (the registry, the edge context) use
 * only React Router's router core, and rendering is tested through the built worker, which bundles its own React.
 */
export function createElement() {
  throw new Error("React does not render in the worker tests: request the built worker instead");
}
