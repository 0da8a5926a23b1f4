import 'fake-indexeddb/auto';
import { onlineManager } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../src/client/api/errors';
import { configureHttp, getHttpConfig, type HttpConfig } from '../../src/client/api/http';
import {
  apiMutationFn,
  apiQueryKey,
  apiQueryOptions,
  CACHE_PRESETS,
  createApiQueryClient,
  RequiresServerError,
  shouldRetry,
} from '../../src/client/api/query';
import {
  keepQueryCache,
  keepsAnswer,
  persistOptions,
  QUERY_CACHE_META_KEY,
  storePersister,
} from '../../src/client/api/query-persist';
import { openLocalDb } from '../../src/client/local/database';
import { chooseLanguage } from '../../src/client/shared-ui/i18n';
import { useUi } from '../../src/client/state/ui';
import { API } from '../../src/shared/api/endpoints';
import { startTestServer } from '../helpers/test-server';
import { type Identity, login } from './support/sync-fixtures';

/**
 * The online-only screens' data path against the real server: its cache rules (how long an answer
 * is fresh, which failures are asked again) and its copy on the device, kept per user.
 */
type TestServer = Awaited<ReturnType<typeof startTestServer>>;
let server: TestServer;
let manager: Identity;
let sales: Identity;
const original: HttpConfig = { ...getHttpConfig() };
/** Requests that left the client (each retry is one more). */
let sent: string[] = [];

function useServer(identity: Identity, baseUrl = server.apiBase) {
  sent = [];
  configureHttp({
    baseUrl,
    getToken: () => identity.token,
    getTenant: () => identity.tenant,
    fetch: (input, init) => {
      sent.push(String(input instanceof Request ? input.url : input));
      return fetch(input, init);
    },
  });
}

beforeAll(async () => {
  server = await startTestServer();
  manager = await login(server.apiBase, 'demo', 'manager');
  sales = await login(server.apiBase, 'demo', 'sales');
}, 180_000);

afterEach(() => {
  onlineManager.setOnline(true);
  useUi.setState({ language: 'tr' });
});

afterAll(async () => {
  configureHttp(original);
  await server?.close();
});

describe('cache rules', () => {
  it('a 4xx answer is not asked again; a failure to reach the server is retried 3 times', async () => {
    expect(shouldRetry(0, new ApiError('yok', 404))).toBe(false);
    expect(shouldRetry(0, new ApiError('hata', 503))).toBe(true);
    expect(shouldRetry(3, new NetworkError())).toBe(false);

    // The salesperson may not list drivers: 403, asked once.
    useServer(sales);
    const client = createApiQueryClient({ retryDelay: 0 });
    await expect(client.fetchQuery(apiQueryOptions(API.drivers))).rejects.toMatchObject({ status: 403 });
    expect(sent).toHaveLength(1);

    // Nobody listens on that port: the first try and 3 retries.
    useServer(manager, 'http://127.0.0.1:9/api');
    await expect(
      createApiQueryClient({ retryDelay: 0 }).fetchQuery(apiQueryOptions(API.drivers)),
    ).rejects.toBeInstanceOf(NetworkError);
    expect(sent).toHaveLength(4);
  });

  it('admin data is fresh for 5 minutes, logs for 1 minute', async () => {
    expect(CACHE_PRESETS.admin.staleTime).toBe(5 * 60_000);
    expect(CACHE_PRESETS.logs.staleTime).toBe(60_000);
    useServer(manager);
    const client = createApiQueryClient();
    const first = await client.fetchQuery(apiQueryOptions(API.drivers));
    expect(first.drivers.length).toBeGreaterThan(0);
    expect(sent).toHaveLength(1);

    const key = apiQueryKey(API.drivers);
    const aged = (ms: number) => client.setQueryData(key, first, { updatedAt: Date.now() - ms });
    aged(2 * 60_000);
    await client.fetchQuery(apiQueryOptions(API.drivers, {}, 'admin'));
    expect(sent).toHaveLength(1); // 2 minutes old: still fresh as admin data
    aged(2 * 60_000);
    await client.fetchQuery(apiQueryOptions(API.drivers, {}, 'logs'));
    expect(sent).toHaveLength(2); // …but not as logs
    aged(6 * 60_000);
    await client.fetchQuery(apiQueryOptions(API.drivers, {}, 'admin'));
    expect(sent).toHaveLength(3);
  });

  it('a write needs the server: offline it is refused in the reader’s language and nothing is sent', async () => {
    useServer(manager);
    onlineManager.setOnline(false);
    const write = apiMutationFn(API.profileUpdate);
    await expect(write({ body: { full_name: 'X' } })).rejects.toBeInstanceOf(RequiresServerError);
    await expect(write({ body: { full_name: 'X' } })).rejects.toThrow('sunucu bağlantısı gerektirir');
    await chooseLanguage('en');
    await expect(write({ body: { full_name: 'X' } })).rejects.toThrow('requires the server');
    expect(sent).toHaveLength(0);
  });
});

describe('the copy on the device', () => {
  it('is restored for the same user and never for another user of the device', async () => {
    useServer(manager);
    const mine = openLocalDb({ tenant: 'demo', userId: manager.user.id });
    const theirs = openLocalDb({ tenant: 'demo', userId: sales.user.id });
    await Promise.all([mine.open(), theirs.open()]);

    const online = createApiQueryClient();
    const drivers = await online.fetchQuery(apiQueryOptions(API.drivers));
    await persistQueryClientSave({ queryClient: online, ...persistOptions(storePersister(mine, 0)) });

    // The next session of the same user (a new page load, offline): the answer is there.
    const again = createApiQueryClient();
    await persistQueryClientRestore({ queryClient: again, ...persistOptions(storePersister(mine, 0)) });
    expect(again.getQueryData(apiQueryKey(API.drivers))).toEqual(drivers);

    // Another user on the same device: their own database, nothing of the first user's.
    const other = createApiQueryClient();
    await persistQueryClientRestore({ queryClient: other, ...persistOptions(storePersister(theirs, 0)) });
    expect(other.getQueryData(apiQueryKey(API.drivers))).toBeUndefined();

    // A closed store (signed out) neither gives nor takes anything.
    mine.close();
    const closed = createApiQueryClient();
    await persistQueryClientRestore({ queryClient: closed, ...persistOptions(storePersister(mine, 0)) });
    expect(closed.getQueryData(apiQueryKey(API.drivers))).toBeUndefined();
    theirs.close();
  });
});

describe('the copy on the device is kept until a newer answer replaces it', () => {
  /** A fresh page load of the same user: a new client following the stored copy. */
  async function pageLoad(db: ReturnType<typeof openLocalDb>) {
    const client = createApiQueryClient({ retryDelay: 0 });
    const kept = keepQueryCache(client, storePersister(db, 0));
    expect(await kept.restored).toBe(true);
    return { client, kept };
  }
  const stored = async (db: ReturnType<typeof openLocalDb>) =>
    JSON.parse((await db.getMeta<string>(QUERY_CACHE_META_KEY)) ?? '{"clientState":{"queries":[]}}') as {
      timestamp: number;
      clientState: { queries: { queryKey: unknown[]; state: { status: string } }[] };
    };
  const settle = () => new Promise((r) => setTimeout(r, 20));

  it('survives page loads offline that ask for it again, a sign-out, and a failed refetch', async () => {
    useServer(manager);
    const db = openLocalDb({ tenant: 'demo', userId: `${manager.user.id}-keep` });
    await db.open();

    // Online: the drivers are fetched and saved.
    const first = await pageLoad(db);
    const drivers = await first.client.fetchQuery(apiQueryOptions(API.drivers));
    await settle();
    first.kept.stop();
    first.client.clear();

    // Four page loads offline: each one asks for the list again (the dialog opens), which waits
    // for the connection; the cache changes (a query is added, paused) and is saved each time.
    onlineManager.setOnline(false);
    for (let load = 0; load < 4; load++) {
      const { client, kept } = await pageLoad(db);
      expect(client.getQueryData(apiQueryKey(API.drivers))).toEqual(drivers);
      void client.fetchQuery({ ...apiQueryOptions(API.drivers), staleTime: 0 }).catch(() => undefined);
      void client.prefetchQuery(apiQueryOptions(API.adminSettings));
      await settle();
      // Signing out: the copy stops following the client, then the memory is emptied.
      kept.stop();
      client.clear();
      await settle();
    }
    expect(sent).toHaveLength(1);

    // Online, but the server cannot be reached: the refetch fails; the last answer stays.
    onlineManager.setOnline(true);
    useServer(manager, 'http://127.0.0.1:9/api');
    const unreachable = await pageLoad(db);
    await expect(
      unreachable.client.fetchQuery({ ...apiQueryOptions(API.drivers), staleTime: 0 }),
    ).rejects.toBeInstanceOf(NetworkError);
    await settle();
    const copy = await stored(db);
    expect(copy.clientState.queries.map((q) => q.queryKey[2])).toContain(API.drivers.path);
    unreachable.kept.stop();
    const later = await pageLoad(db);
    expect(later.client.getQueryData(apiQueryKey(API.drivers))).toEqual(drivers);
    expect(later.client.getQueryState(apiQueryKey(API.drivers))?.status).toBe('success');
    later.kept.stop();
    db.close();
  });

  it('is not thrown away for its age, and a newer answer in memory is not replaced by it', async () => {
    useServer(manager);
    const db = openLocalDb({ tenant: 'demo', userId: `${manager.user.id}-age` });
    await db.open();
    const online = await pageLoad(db);
    const drivers = await online.client.fetchQuery(apiQueryOptions(API.drivers));
    await settle();
    online.kept.stop();

    // Three days without the app: the copy is still there.
    const copy = await stored(db);
    await db.setMeta(
      QUERY_CACHE_META_KEY,
      JSON.stringify({ ...copy, timestamp: copy.timestamp - 3 * 86_400_000 }),
    );
    const offline = await pageLoad(db);
    expect(offline.client.getQueryData(apiQueryKey(API.drivers))).toEqual(drivers);
    offline.kept.stop();

    // An answer fetched before the copy was read wins over the copy's older one.
    const newer = { drivers: drivers.drivers.slice(0, 1) };
    const client = createApiQueryClient();
    client.setQueryData(apiQueryKey(API.drivers), newer);
    const kept = keepQueryCache(client, storePersister(db, 0));
    await kept.restored;
    expect(client.getQueryData(apiQueryKey(API.drivers))).toEqual(newer);
    kept.stop();
    db.close();
  });

  it('keeps answers, not refusals', () => {
    const state = (s: object) =>
      ({ state: { data: { x: 1 }, status: 'success', error: null, ...s } }) as never;
    expect(keepsAnswer(state({}))).toBe(true);
    expect(keepsAnswer(state({ status: 'error', error: new NetworkError() }))).toBe(true);
    expect(keepsAnswer(state({ status: 'error', error: new ApiError('yasak', 403) }))).toBe(false);
    expect(keepsAnswer(state({ status: 'pending', data: undefined }))).toBe(false);
  });
});
