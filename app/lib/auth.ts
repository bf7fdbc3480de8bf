/**
 * Accounts (rules 9.1, 9.2) on Supabase Auth: session, user, loading and the account actions.
 * supabase-js is imported only when the store starts, and never when accounts are not configured.
 */
import type { Session, SupabaseClient, User, createClient } from "@supabase/supabase-js";
import { showToast, type ToastMessage } from "./toast";

import type { AuthConfig } from "../../core/auth-config";

export type { AuthConfig };

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

export type AuthResult = { ok: true } | { ok: false; message: string };

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

/** Fallback description when the service gives no message (rule 9.2). */
export const AUTH_FALLBACK_MESSAGE = "Something went wrong";

/**
 * The service's own error message, or `undefined` when it gave none (rule 9.2); supabase-js turns a
 * body without a message field into its JSON text ("{}"), which is no message for a visitor.
 */
export function readServiceMessage(message: string | undefined): string | undefined {
  const text = message?.trim();
  if (!text) return undefined;
  if (text.startsWith("{") || text.startsWith("[")) {
    try {
      JSON.parse(text);
      return undefined;
    } catch {
      // Plain text that happens to start with a bracket.
    }
  }
  return text;
}

/** Key the session is stored under. */
export const AUTH_STORAGE_KEY = "vpf-auth";

interface Dependencies {
  loadSupabase?: () => Promise<{ createClient: typeof createClient }>;
  storage?: AuthStorage;
  notify?: (toast: ToastMessage) => void;
}

/** A client that keeps its session under `AUTH_STORAGE_KEY` and refreshes it only in a browser. */
function connectSupabase(
  supabase: Awaited<ReturnType<NonNullable<Dependencies["loadSupabase"]>>>,
  config: NonNullable<AuthConfig>,
  storage: Dependencies["storage"],
): SupabaseClient {
  return supabase.createClient(config.url, config.anonKey, {
    auth: {
      storageKey: AUTH_STORAGE_KEY,
      storage,
      persistSession: true,
      autoRefreshToken: typeof window !== "undefined",
      detectSessionInUrl: false,
    },
  });
}

/**
 * Connects to the service, reads its session into `set` and follows its changes there.
 *
 * @returns the client and how to stop following it; `null` when it cannot start (the visitor stays anonymous).
 */
async function openSession(
  config: NonNullable<AuthConfig>,
  loadSupabase: NonNullable<Dependencies["loadSupabase"]>,
  storage: Dependencies["storage"],
  set: (next: Partial<AuthState>) => void,
): Promise<{ client: SupabaseClient; unsubscribe: () => void } | null> {
  try {
    const client = connectSupabase(await loadSupabase(), config, storage);
    const { data } = await client.auth.getSession();
    set({ loading: false, session: data.session, user: data.session?.user ?? null });
    const { data: listener } = client.auth.onAuthStateChange((_event, session) => {
      set({ session, user: session?.user ?? null });
    });
    return { client, unsubscribe: () => listener.subscription.unsubscribe() };
  } catch (error) {
    console.warn("[auth] could not start; continuing as anonymous.", error);
    return null;
  }
}

/** Creates the auth store; `config` `null` turns auth off (no import, no request), `deps` are for tests. */
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
    const description = readServiceMessage(message) ?? AUTH_FALLBACK_MESSAGE;
    notify({ title, description, variant: "destructive" });
    return { ok: false, message: description };
  };

  /** Runs one account action; any failure, auth being off included, shows the toast `failureTitle` (rule 9.2). */
  async function runAction(
    failureTitle: string,
    action: (
      auth: SupabaseClient["auth"],
    ) => Promise<{ error: { message: string } | null; session: Session | null; user: User | null }>,
  ): Promise<AuthResult> {
    try {
      await store.start();
      if (!client) return fail(failureTitle, undefined);
      const { error, session, user } = await action(client.auth);
      if (error) return fail(failureTitle, error.message);
      set({ session, user });
      return { ok: true };
    } catch (error) {
      return fail(failureTitle, error instanceof Error ? error.message : undefined);
    }
  }

  const store: AuthStore = {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      starting ??= (async () => {
        const opened = config ? await openSession(config, loadSupabase, deps.storage, set) : null;
        if (opened) ({ client, unsubscribe } = opened);
        else set({ loading: false, session: null, user: null });
      })();
      return starting;
    },
    signUp: (email, password, options) =>
      runAction("Sign up Failed", async (auth) => {
        const { data, error } = await auth.signUp({ email, password, options });
        return { error, session: data.session, user: data.user };
      }),
    signIn: (email, password) =>
      runAction("Sign in Failed", async (auth) => {
        const { data, error } = await auth.signInWithPassword({ email, password });
        return { error, session: data.session, user: data.user };
      }),
    signOut: () =>
      runAction("Sign out Failed", async (auth) => {
        const { error } = await auth.signOut();
        return { error, session: null, user: null };
      }),
    stop() {
      unsubscribe?.();
      unsubscribe = null;
      void client?.auth.stopAutoRefresh();
    },
  };
  return store;
}
