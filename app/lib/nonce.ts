/** The request's CSP nonce, provided by the server; `""` in the browser, which hides nonces from the DOM. */
import { createContext, useContext } from "react";

/** React context carrying the nonce. */
export const NonceContext = createContext("");

/** The nonce for an inline `<script nonce>`. */
export function useNonce(): string {
  return useContext(NonceContext);
}
