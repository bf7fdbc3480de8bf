/**
 * Accounts (spec §1, §4 "Auth", §7, §8) on Supabase Auth with e-mail and
 * password. No screen shows them (every visible screen treats the visitor as
 * anonymous), but the module is real: session, user and loading (true until
 * the first session read, then following the service's change events), and
 * signUp / signIn / signOut whose failures show the destructive toasts
 * 'Sign up Failed' / 'Sign in Failed' / 'Sign out Failed' with the service's
 * message, else 'Something went wrong'.
 *
 * `@supabase/supabase-js` is imported lazily when the store starts, so it is
 * in no page's first JavaScript; with no configuration (both worker variables
 * empty) it is never imported and no request is made.
 */
import type { Session, SupabaseClient, User, createClient } from "@supabase/supabase-js";
import * as v from "valibot";
import { showToast, type ToastMessage } from "./toast";

/** Public client configuration handed to the browser by the root loader; `null` means auth is off. */
export const AuthConfigSchema = v.nullable(
  v.object({
    url: v.pipe(v.string(), v.url(), v.startsWith("http")),
    anonKey: v.pipe(v.string(), v.nonEmpty()),
  }),
);

export type AuthConfig = v.InferOutput<typeof AuthConfigSchema>;

/**
 * Reads the worker variables `SUPABASE_URL` and `SUPABASE_ANON_KEY`. Both
 * empty, either missing, or a URL that does not parse: auth is off (`null`).
 */
export function readAuthConfig(env: { SUPABASE_URL?: string; SUPABASE_ANON_KEY?: string }): AuthConfig {
  const parsed = v.safeParse(AuthConfigSchema, { url: env.SUPABASE_URL ?? "", anonKey: env.SUPABASE_ANON_KEY ?? "" });
  return parsed.success ? parsed.output : null;
}

/** The origin the CSP's `connect-src` must allow for auth, or `null`. */
export function readAuthOrigin(env: { SUPABASE_URL?: string; SUPABASE_ANON_KEY?: string }): string | null {
  const config = readAuthConfig(env);
  return config ? new URL(config.url).origin : null;
}

/** What the rest of the app may know about the visitor's account. */
export interface AuthState {
  loading: boolean;
  session: Session | null;
  user: User | null;
}

/** Storage the client keeps its session in (localStorage in the browser). */
export interface AuthStorage {
  getItem(key: string): string | null | Promise<string | null>;
  setItem(key: string, value: string): void | Promise<void>;
  removeItem(key: string): void | Promise<void>;
}

/** Outcome of an account action. */
export type AuthResult = { ok: true } | { ok: false; message: string };

/** The auth store. */
export interface AuthStore {
  getState(): AuthState;
  subscribe(listener: () => void): () => void;
  /** Reads the first session and follows changes; resolves when `loading` is false. */
  start(): Promise<void>;
  signUp(email: string, password: string, options?: { data?: Record<string, unknown> }): Promise<AuthResult>;
  signIn(email: string, password: string): Promise<AuthResult>;
  signOut(): Promise<AuthResult>;
  /** Stops following changes (tests, hot reload). */
  stop(): void;
}

/** Fallback description when the service gives no message (spec §8). */
export const AUTH_FALLBACK_MESSAGE = "Something went wrong";

/** Key the session is stored under. */
export const AUTH_STORAGE_KEY = "vpf-auth";

interface Dependencies {
  loadSupabase?: () => Promise<{ createClient: typeof createClient }>;
  storage?: AuthStorage;
  notify?: (toast: ToastMessage) => void;
}

/**
 * Creates the auth store.
 *
 * @param config from the root loader; `null` turns auth off (no import, no request).
 * @param deps for tests: the supabase-js loader, the session storage, the toast function.
 */
export function createAuthStore(config: AuthConfig, deps: Dependencies = {}): AuthStore {
  const loadSupabase = deps.loadSupabase ?? (() => import("@supabase/supabase-js"));
  const notify = deps.notify ?? showToast;
  let state: AuthState = { loading: true, session: null, user: null };
  let client: SupabaseClient | null = null;
  let unsubscribe: (() => void) | null = null;
  let starting: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  const set = (next: Partial<AuthState>) => {
    state = { ...state, ...next };
    listeners.forEach((listener) => listener());
  };

  const fail = (title: string, message: string | undefined): AuthResult => {
    const description = message && message.trim() ? message : AUTH_FALLBACK_MESSAGE;
    notify({ title, description, variant: "destructive" });
    return { ok: false, message: description };
  };

  async function ensureClient(): Promise<SupabaseClient | null> {
    await store.start();
    return client;
  }

  const store: AuthStore = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      starting ??= (async () => {
        if (!config) {
          set({ loading: false });
          return;
        }
        try {
          const { createClient } = await loadSupabase();
          client = createClient(config.url, config.anonKey, {
            auth: {
              storageKey: AUTH_STORAGE_KEY,
              storage: deps.storage,
              persistSession: true,
              autoRefreshToken: typeof window !== "undefined",
              detectSessionInUrl: false,
            },
          });
          const { data } = await client.auth.getSession();
          set({ loading: false, session: data.session, user: data.session?.user ?? null });
          const { data: listener } = client.auth.onAuthStateChange((_event, session) => {
            set({ session, user: session?.user ?? null });
          });
          unsubscribe = () => listener.subscription.unsubscribe();
        } catch (error) {
          console.warn("[auth] could not start; continuing as anonymous.", error);
          set({ loading: false, session: null, user: null });
        }
      })();
      return starting;
    },
    async signUp(email, password, options) {
      try {
        const auth = await ensureClient();
        if (!auth) return fail("Sign up Failed", undefined);
        const { data, error } = await auth.auth.signUp({ email, password, options });
        if (error) return fail("Sign up Failed", error.message);
        set({ session: data.session, user: data.user });
        return { ok: true };
      } catch (error) {
        return fail("Sign up Failed", error instanceof Error ? error.message : undefined);
      }
    },
    async signIn(email, password) {
      try {
        const auth = await ensureClient();
        if (!auth) return fail("Sign in Failed", undefined);
        const { data, error } = await auth.auth.signInWithPassword({ email, password });
        if (error) return fail("Sign in Failed", error.message);
        set({ session: data.session, user: data.user });
        return { ok: true };
      } catch (error) {
        return fail("Sign in Failed", error instanceof Error ? error.message : undefined);
      }
    },
    async signOut() {
      try {
        const auth = await ensureClient();
        if (!auth) return fail("Sign out Failed", undefined);
        const { error } = await auth.auth.signOut();
        if (error) return fail("Sign out Failed", error.message);
        set({ session: null, user: null });
        return { ok: true };
      } catch (error) {
        return fail("Sign out Failed", error instanceof Error ? error.message : undefined);
      }
    },
    stop() {
      unsubscribe?.();
      unsubscribe = null;
      void client?.auth.stopAutoRefresh();
    },
  };
  return store;
}
