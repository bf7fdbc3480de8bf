/** The request context the worker hands to React Router; both import this module so they share one key object. */
import { createContext, type RouterContextProvider } from "react-router";
import type { ContentStore } from "../content/content-store.server";
import type { AuthConfig } from "./auth-config";
import type { Flags } from "./flags";
import type { FormKind, FormPageAnswer, PublicFormsConfig } from "./form-contract";
import type { ConfirmOutcome, ConfirmState, UnsubscribeState } from "./newsletter-tokens";
import type { OrderReceipt } from "./order-receipt";

/** What the render reports once the stream ends; `streamError`: React failed after the shell, the page is incomplete. */
export interface RenderOutcome {
  streamError: boolean;
}

export interface EdgeContext {
  flags: Flags;
  /** Base64 CSP nonce, 128 random bits per request (rule 8.1). */
  nonce: string;
  auth: AuthConfig;
  /** Filled in by the render; the page cache reads it before storing a page. */
  render: RenderOutcome;
  /** The receipt if the token is signed and fresh, else `null` (rule 5.8); the key stays in the worker. */
  readOrderReceipt(token: string | null): Promise<OrderReceipt | null>;
  forms: PublicFormsConfig;
  /** The articles of this deployment, read from its content files (decision 021). */
  content: ContentStore;
  /** 0..1 (rule 8.5). */
  vitalsSampleRate: number;
  /** Checks and keeps a form post (`d1` mode, rule 6.6); the worker reads the body, never the page. */
  submitForm(kind: FormKind, request: Request): Promise<FormPageAnswer>;
  /** The newsletter's links (rule 6.8); `null` unless forms are `d1` and mail is set up. */
  newsletter: {
    readConfirmState(token: string | null): Promise<ConfirmState>;
    confirm(token: string | null): Promise<ConfirmOutcome>;
    readUnsubscribeState(token: string | null): Promise<UnsubscribeState>;
    /** `false` for a link the worker did not sign. */
    unsubscribe(token: string | null): Promise<boolean>;
  } | null;
}

export const edgeContext = createContext<EdgeContext>();

/** @throws Error when the request did not come through the worker. */
export function getEdgeContext(context: Readonly<RouterContextProvider>): EdgeContext {
  return context.get(edgeContext);
}
