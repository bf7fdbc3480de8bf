/**
 * The request context the worker hands to React Router: only what belongs to this one request. The domain (content,
 * forms, the newsletter's list, receipts) is imported from `server/`, which reads the bindings itself.
 */
import { createContext, type RouterContextProvider } from "react-router";
import type { Flags } from "./flags";

/** What the render reports once the stream ends; `streamError`: React failed after the shell, the page is incomplete. */
export interface RenderOutcome {
  streamError: boolean;
}

export interface EdgeContext {
  /** The operator's flags as read for this request (rule 1.5). */
  flags: Flags;
  /** Base64 CSP nonce, 128 random bits per request (rule 8.1). */
  nonce: string;
  /** Filled in by the render; the page cache reads it before storing a page. */
  render: RenderOutcome;
}

export const edgeContext = createContext<EdgeContext>();

/** @throws Error when the request did not come through the worker. */
export function getEdgeContext(context: Readonly<RouterContextProvider>): EdgeContext {
  return context.get(edgeContext);
}
