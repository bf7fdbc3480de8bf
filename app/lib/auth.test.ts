/**
 * The auth module against a local HTTP stand-in that speaks the Supabase Auth
 * endpoints it uses (`/auth/v1/signup`, `/auth/v1/token?grant_type=password`,
 * `/auth/v1/logout`, `/auth/v1/user`), with the real supabase-js client.
 */
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type AuthStorage, createAuthStore } from "./auth";
import type { ToastMessage } from "./toast";

const GOOD_EMAIL = "reader@vpf.test";
const GOOD_PASSWORD = "correct-horse-battery";
let server: Server;
let baseUrl = "";
let requests: string[] = [];
let logoutFails = false;

function user(email: string) {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    aud: "authenticated",
    role: "authenticated",
    email,
    app_metadata: { provider: "email" },
    user_metadata: {},
    created_at: "2026-01-01T00:00:00Z",
  };
}

function session(email: string) {
  return {
    access_token: "access-token",
    token_type: "bearer",
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    refresh_token: "refresh-token",
    user: user(email),
  };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      const body = raw ? (JSON.parse(raw) as { email?: string; password?: string }) : {};
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(value));
      };
      if (url.pathname === "/auth/v1/token" && url.searchParams.get("grant_type") === "password") {
        if (body.email === GOOD_EMAIL && body.password === GOOD_PASSWORD) return json(200, session(GOOD_EMAIL));
        return json(400, { code: 400, error_code: "invalid_credentials", msg: "Invalid login credentials" });
      }
      if (url.pathname === "/auth/v1/signup") {
        if (body.email === "taken@vpf.test") {
          return json(422, { code: 422, error_code: "user_already_exists", msg: "User already registered" });
        }
        if (body.email === "broken@vpf.test") return json(500, {});
        return json(200, session(body.email ?? ""));
      }
      if (url.pathname === "/auth/v1/logout") {
        if (logoutFails) return json(500, { code: 500, msg: "Logout is unavailable" });
        res.writeHead(204).end();
        return;
      }
      if (url.pathname === "/auth/v1/user") return json(200, user(GOOD_EMAIL));
      return json(404, { msg: "not found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  requests = [];
  logoutFails = false;
});

function memoryStorage(): AuthStorage {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

function makeStore() {
  const toasts: ToastMessage[] = [];
  const store = createAuthStore(
    { url: baseUrl, anonKey: "public-anon-key" },
    { storage: memoryStorage(), notify: (toast) => toasts.push(toast) },
  );
  return { store, toasts };
}

describe("auth store", () => {
  it("starts loading, and stops loading after the first session read", async () => {
    const { store } = makeStore();
    expect(store.getState()).toEqual({ loading: true, session: null, user: null });
    await store.start();
    expect(store.getState()).toEqual({ loading: false, session: null, user: null });
    store.stop();
  });

  it("signing in sets the session and the user", async () => {
    const { store, toasts } = makeStore();
    await store.start();
    const seen: boolean[] = [];
    store.subscribe(() => seen.push(store.getState().session !== null));
    expect(await store.signIn(GOOD_EMAIL, GOOD_PASSWORD)).toEqual({ ok: true });
    expect(store.getState().session?.access_token).toBe("access-token");
    expect(store.getState().user?.email).toBe(GOOD_EMAIL);
    expect(seen).toContain(true);
    expect(requests).toContain("POST /auth/v1/token?grant_type=password");
    expect(toasts).toEqual([]);
    expect(await store.signOut()).toEqual({ ok: true });
    expect(store.getState().session).toBeNull();
    expect(requests.some((line) => line.startsWith("POST /auth/v1/logout"))).toBe(true);
    store.stop();
  });

  it("a failed sign-in shows 'Sign in Failed' with the service's message", async () => {
    const { store, toasts } = makeStore();
    const result = await store.signIn(GOOD_EMAIL, "wrong");
    expect(result).toEqual({ ok: false, message: "Invalid login credentials" });
    expect(toasts).toEqual([
      { title: "Sign in Failed", description: "Invalid login credentials", variant: "destructive" },
    ]);
    expect(store.getState().user).toBeNull();
    store.stop();
  });

  it("a failed sign-up shows 'Sign up Failed' with the service's message", async () => {
    const { store, toasts } = makeStore();
    await store.signUp("taken@vpf.test", "whatever-password");
    expect(toasts).toEqual([
      { title: "Sign up Failed", description: "User already registered", variant: "destructive" },
    ]);
    store.stop();
  });

  it("a failed sign-out shows 'Sign out Failed' and keeps nothing secret in the toast", async () => {
    const { store, toasts } = makeStore();
    await store.signIn(GOOD_EMAIL, GOOD_PASSWORD);
    logoutFails = true;
    const result = await store.signOut();
    expect(result.ok).toBe(false);
    expect(toasts[0]?.title).toBe("Sign out Failed");
    expect(toasts[0]?.variant).toBe("destructive");
    store.stop();
  });

  it("a sign-up error without a message falls back to 'Something went wrong'", async () => {
    const { store, toasts } = makeStore();
    await store.signUp("broken@vpf.test", "whatever-password");
    expect(toasts[0]).toMatchObject({ title: "Sign up Failed" });
    expect(toasts).toEqual([{ title: "Sign up Failed", description: "Something went wrong", variant: "destructive" }]);
    store.stop();
  });

  it("fault: the Supabase stand-in is down; the store still finishes loading as anonymous", async () => {
    const toasts: ToastMessage[] = [];
    const store = createAuthStore(
      { url: "http://127.0.0.1:9", anonKey: "public-anon-key" },
      { storage: memoryStorage(), notify: (toast) => toasts.push(toast) },
    );
    await store.start();
    expect(store.getState()).toMatchObject({ loading: false, user: null });
    const result = await store.signIn(GOOD_EMAIL, GOOD_PASSWORD);
    expect(result.ok).toBe(false);
    expect(toasts[0]?.title).toBe("Sign in Failed");
    store.stop();
  });

  it("with auth off, it never loads supabase-js and makes no request", async () => {
    const loadSupabase = vi.fn(() => import("@supabase/supabase-js"));
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const toasts: ToastMessage[] = [];
    const store = createAuthStore(null, { loadSupabase, notify: (toast) => toasts.push(toast) });
    await store.start();
    expect(store.getState()).toEqual({ loading: false, session: null, user: null });
    expect(await store.signIn(GOOD_EMAIL, GOOD_PASSWORD)).toEqual({ ok: false, message: "Something went wrong" });
    expect(toasts[0]).toEqual({ title: "Sign in Failed", description: "Something went wrong", variant: "destructive" });
    expect(loadSupabase).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(requests).toEqual([]);
    fetchSpy.mockRestore();
  });
});
