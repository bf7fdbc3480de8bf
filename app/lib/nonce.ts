/**
 * The request's CSP nonce for inline scripts we render ourselves. The server
 * provides it around `<ServerRouter>`; in the browser it is `""` (browsers hide
 * nonces from the DOM, and hydrated scripts do not run again).
 */
import { createContext, useContext } from "react";

/** React context carrying the nonce. */
export const NonceContext = createContext("");

/** The nonce for an inline `<script nonce>`. */
export function useNonce(): string {
  return useContext(NonceContext);
}
