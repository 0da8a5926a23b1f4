import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { LocalDb } from '../../../src/client/local/database';
import { SyncEngine, type SyncEngineOptions } from '../../../src/client/local/sync/engine';
import type { LockManagerLike } from '../../../src/client/local/sync/leader';
import type { AuthResponse, User } from '../../../src/shared/api';

/**
 * Helpers for the sync engine tests: real logins against the in-process server, a fresh
 * IndexedDB (fake-indexeddb) per device, and fetch wrappers that model what a phone's network
 * does (nothing gets through; the request reaches the server but the answer is lost; a gateway
 * answers 503).
 */

export interface Identity {
  user: User;
  token: string;
  tenant: string;
}

export async function login(
  apiBase: string,
  tenant: string,
  username: string,
  password = 'demo1234',
): Promise<Identity> {
  const res = await fetch(`${apiBase}/auth/login?tenant=${tenant}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as AuthResponse;
  if (!res.ok || !body.token)
    throw new Error(`login ${tenant}/${username} failed: ${res.status} ${JSON.stringify(body)}`);
  return { user: body.user, token: body.token, tenant };
}

/** A call to the API as a user from "another device" (plain fetch, no local store). */
export async function api(apiBase: string, who: Identity, method: string, path: string, body?: unknown) {
  const res = await fetch(`${apiBase}${path}${path.includes('?') ? '&' : '?'}tenant=${who.tenant}`, {
    method,
    headers: {
      authorization: `Bearer ${who.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

/** A device: its own IndexedDB. Reopening with the same factory is "the app restarted". */
export function device() {
  const indexedDB = new IDBFactory();
  return {
    indexedDB,
    open(who: Identity): LocalDb {
      return new LocalDb({ tenant: who.tenant, userId: who.user.id }, { indexedDB, IDBKeyRange });
    },
  };
}

export function engine(
  db: LocalDb,
  apiBase: string,
  getToken: () => string | null,
  options: Partial<SyncEngineOptions> = {},
): SyncEngine {
  return new SyncEngine({ db, getToken, baseUrl: apiBase, locks: null, fetch: globalThis.fetch, ...options });
}

function requestInfo(input: RequestInfo | URL, init?: RequestInit) {
  const request = input instanceof Request ? input : null;
  const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
  const url = new URL(request ? request.url : String(input));
  const key =
    (request?.headers.get('idempotency-key') ?? new Headers(init?.headers).get('idempotency-key')) || null;
  const auth = request?.headers.get('authorization') ?? new Headers(init?.headers).get('authorization');
  return {
    method,
    path: url.pathname.replace(/^\/api/, ''),
    tenant: url.searchParams.get('tenant'),
    key,
    auth,
  };
}

export type Sent = ReturnType<typeof requestInfo>;

/**
 * What was sent, one record per outbox entry: a request of its own, or each entry of a batch
 * (POST /sync/push: the entry's method, path and key, the batch's token and tenant).
 */
async function sentEntries(input: RequestInfo | URL, init?: RequestInit): Promise<Sent[]> {
  const call = requestInfo(input, init);
  if (call.method !== 'POST' || call.path !== '/sync/push') return [call];
  const text = input instanceof Request ? await input.clone().text() : String(init?.body ?? '');
  const { entries } = JSON.parse(text) as { entries: { key: string; method: string; path: string }[] };
  return entries.map((e) => ({ ...call, method: e.method, path: e.path, key: e.key }));
}

/**
 * A browser's fetch takes the request's body even when it then fails (ky waits for the body to be
 * taken before it settles): the fakes below do the same.
 */
async function takeBody(input: RequestInfo | URL): Promise<void> {
  if (input instanceof Request) await input.arrayBuffer().catch(() => undefined);
}

/** No network at all: fetch fails before anything leaves the device (what browsers do offline). */
export const offlineFetch: typeof fetch = async (input) => {
  await takeBody(input as RequestInfo | URL);
  throw new TypeError('Failed to fetch');
};

/**
 * A recording fetch: `log` gets every call (each entry of a batch as a call of its own, see
 * sentEntries); `lose(call)` says to let the call reach the server and then lose the answer (throw
 * a network error to the client); `gateway(call)` says to answer 503 without reaching the server;
 * `offline()` says to fail every call. For a batch, `lose` and `gateway` are asked for each of its
 * entries and apply to the whole request when any entry says so.
 */
export function networkFetch(
  hooks: {
    log?: Sent[];
    lose?: (call: Sent) => boolean;
    gateway?: (call: Sent) => boolean;
    offline?: () => boolean;
  } = {},
): typeof fetch {
  return async (input, init) => {
    if (hooks.offline?.()) {
      await takeBody(input as RequestInfo | URL);
      throw new TypeError('Failed to fetch');
    }
    const calls = await sentEntries(input as RequestInfo | URL, init);
    hooks.log?.push(...calls);
    // (every entry is asked, so that a hook counting tries sees each entry's try)
    const answers = (ask: ((call: Sent) => boolean) | undefined) => calls.map((c) => ask?.(c) ?? false);
    if (answers(hooks.gateway).some(Boolean)) {
      // A real gateway reads the request before answering.
      await takeBody(input as RequestInfo | URL);
      return new Response(
        JSON.stringify({
          success: false,
          error: 'Sunucu geçici olarak kullanılamıyor',
          code: 'INTERNAL_ERROR',
        }),
        {
          status: 503,
          headers: { 'content-type': 'application/json' },
        },
      );
    }
    const lost = answers(hooks.lose).some(Boolean);
    const response = await globalThis.fetch(input as RequestInfo, init);
    if (lost) {
      await response.arrayBuffer(); // the server finished; the answer never reaches the phone
      throw new TypeError('network connection was lost');
    }
    return response;
  };
}

/** A minimal Web Locks manager (exclusive, queued, abortable) for leader election in Node. */
export class TestLocks implements LockManagerLike {
  private held = new Map<string, Promise<unknown>>();
  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: () => Promise<unknown>,
  ): Promise<unknown> {
    const previous = this.held.get(name) ?? Promise.resolve();
    let aborted = false;
    const run = previous.then(() => {
      if (aborted || options.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      return callback();
    });
    options.signal?.addEventListener('abort', () => {
      aborted = true;
    });
    const settled = run.catch(() => {});
    this.held.set(name, settled);
    return run;
  }
}
