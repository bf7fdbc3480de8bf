/**
 * Makes the auth store available to the app (`useAuth`). It starts after
 * hydration, so supabase-js loads only then, and only when auth is configured.
 */
import { type ReactNode, createContext, useContext, useEffect, useState, useSyncExternalStore } from "react";
import { type AuthConfig, type AuthState, type AuthStore, createAuthStore } from "../lib/auth";

const AuthContext = createContext<AuthStore | null>(null);
const SERVER_STATE: AuthState = { loading: true, session: null, user: null };

/** Provides the store created from `config` (`null`: auth off). */
export function AuthProvider({ config, children }: { config: AuthConfig; children: ReactNode }) {
  const [store] = useState(() => createAuthStore(config));
  useEffect(() => {
    void store.start();
    return () => store.stop();
  }, [store]);
  return <AuthContext.Provider value={store}>{children}</AuthContext.Provider>;
}

/** Session, user, loading, and the account actions. */
export function useAuth(): AuthState & Pick<AuthStore, "signUp" | "signIn" | "signOut"> {
  const store = useContext(AuthContext);
  if (!store) throw new Error("useAuth must be used inside <AuthProvider>");
  const state = useSyncExternalStore(store.subscribe, store.getState, () => SERVER_STATE);
  return { ...state, signUp: store.signUp, signIn: store.signIn, signOut: store.signOut };
}
