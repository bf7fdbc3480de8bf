/**
 * The page's one auth store and the `useAuth` hook; the shell imports it only when idle and only when
 * accounts are configured, so it stays out of every page's first JavaScript.
 */
import { useEffect, useSyncExternalStore } from "react";
import { type AuthConfig, type AuthState, type AuthStore, createAuthStore } from "./auth";
import { useFrameData } from "./frame-data";

const SERVER_STATE: AuthState = { loading: true, session: null, user: null };
let store: AuthStore | null = null;

/** The store for this page, created on first use with `config` (`null`: accounts off). */
export function getAuthStore(config: AuthConfig): AuthStore {
  store ??= createAuthStore(config);
  return store;
}

/** Starts the store: reads the first session and follows changes. */
export function startAuth(config: AuthConfig): Promise<void> {
  return getAuthStore(config).start();
}

/** Session, user, loading, and the account actions, for a screen that needs them. */
export function useAuth(): AuthState & Pick<AuthStore, "signUp" | "signIn" | "signOut"> {
  const config = useFrameData().auth;
  const auth = getAuthStore(config);
  useEffect(() => {
    void auth.start();
  }, [auth]);
  const state = useSyncExternalStore(auth.subscribe, auth.getState, () => SERVER_STATE);
  return { ...state, signUp: auth.signUp, signIn: auth.signIn, signOut: auth.signOut };
}
