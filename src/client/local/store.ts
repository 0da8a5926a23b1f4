import Dexie from 'dexie';
import type { User } from '../../shared/api';
import { API } from '../../shared/api/endpoints';
import { LocalDb, localDbName, META } from './database';
import * as outbox from './outbox';
import { resetMirror } from './outbox';
import { entryOutcome } from './outcome';
import { registryDb } from './registry';
import { SyncEngine, type SyncEngineOptions, type SyncStatusStore } from './sync/engine';

/**
 * The local store's public face for the UI (framework-free: no React here).
 *
 * After sign-in, or at start with a stored session, the UI calls `openLocalStore` with the
 * signed-in user; on sign-out or a user switch it calls `closeLocalStore` (the data and any unsent
 * changes stay on the device, in that user's own database). Screens read the Dexie tables of
 * `getLocalStore().db` with `useLiveQuery`, read `status` with zustand's `useStore`, and change
 * data only through the bound mutations (they go through the outbox): those several features make
 * in ./shared-mutations.ts, a feature's own in its folder's mutations.ts (their work in its local.ts).
 */
export interface LocalStore {
  db: LocalDb;
  engine: SyncEngine;
  status: SyncStatusStore;
}

export interface OpenLocalStoreOptions {
  tenant: string;
  user: Pick<User, 'id'> & Partial<Pick<User, 'username' | 'full_name' | 'role'>>;
  /** The token of THIS user, or null when they are signed out (see SyncEngineOptions.getToken). */
  getToken: () => string | null;
  onUnauthorized?: (token: string) => void;
  baseUrl?: string;
  fetch?: typeof fetch;
  locks?: SyncEngineOptions['locks'];
}

let current: LocalStore | null = null;
/**
 * Opens and closes run one at a time: React may run the effect that opens the store twice in a
 * row (StrictMode), and two concurrent opens would start two engines on one database.
 */
let lifecycle: Promise<unknown> = Promise.resolve();

function serialized<T>(task: () => Promise<T>): Promise<T> {
  const run = lifecycle.then(task);
  lifecycle = run.catch(() => {});
  return run;
}

/**
 * Open (or return the already open) store of this tenant+user and start its sync engine.
 * Opening another user's store closes the previous one first: one signed-in user per tab.
 */
export function openLocalStore(options: OpenLocalStoreOptions): Promise<LocalStore> {
  return serialized(async () => {
    if (current && current.db.tenant === options.tenant && current.db.userId === options.user.id)
      return current;
    await closeCurrent();
    const db = new LocalDb({ tenant: options.tenant, userId: options.user.id });
    await db.open();
    const previous = await db.getMeta<{ role?: string | null }>(META.user);
    // What a user may see depends on their role (a salesperson's own orders, a driver's assigned
    // ones). The incremental feed only reports rows that changed, so after a role change the
    // mirror is rebuilt from a full pull rather than patched.
    if (previous?.role && options.user.role && previous.role !== options.user.role) await resetMirror(db);
    const user = {
      id: options.user.id,
      username: options.user.username ?? null,
      full_name: options.user.full_name ?? null,
      role: options.user.role ?? null,
    };
    // Written only when it changed: a write transaction on every start is time before the
    // screens get the store.
    const same =
      previous &&
      Object.keys(user).length === Object.keys(previous).length &&
      Object.entries(user).every(([k, v]) => (previous as Record<string, unknown>)[k] === v);
    if (!same) await db.setMeta(META.user, user);
    const engine = new SyncEngine({
      db,
      getToken: options.getToken,
      user: { username: options.user.username, full_name: options.user.full_name },
      onUnauthorized: options.onUnauthorized,
      baseUrl: options.baseUrl,
      fetch: options.fetch,
      locks: options.locks,
    });
    const store: LocalStore = { db, engine, status: engine.status };
    current = store;
    // A tab whose code is older than its database (a newer version upgraded it in another tab)
    // keeps showing the mirror and queueing changes, but leaves syncing to the newer tab: it
    // would skip the collections it does not know (database.ts `isOutdated`).
    db.onSuperseded(() => void engine.stop());
    if (!db.isOutdated()) await engine.start();
    return store;
  });
}

async function closeCurrent(): Promise<void> {
  const store = current;
  current = null;
  if (!store) return;
  await store.engine.stop();
  store.db.close();
}

/** Stop syncing and close the database (sign-out, user switch). Nothing is deleted. */
export function closeLocalStore(): Promise<void> {
  return serialized(closeCurrent);
}

/**
 * Deletes a user's local store on this device — its mirror and its UNSENT changes — and its row
 * in the device registry (the "clear this device's data" of /settings, after sign-out). The
 * store is closed first; other users' stores on the device are left alone.
 */
export function deleteLocalStore(tenant: string, userId: string): Promise<void> {
  return serialized(async () => {
    if (current && current.db.tenant === tenant && current.db.userId === userId) await closeCurrent();
    const name = localDbName(tenant, userId);
    await Dexie.delete(name);
    await registryDb().stores.delete(name);
  });
}

/** The open store, or null before sign-in. */
export function getLocalStore(): LocalStore | null {
  return current;
}

/** The open store; throws when none is open (signed out): what a mutation acts on. */
export function requireStore(): LocalStore {
  if (!current) throw new Error('Yerel veri deposu açık değil (oturum yok).');
  return current;
}

/**
 * Sends the outbox now and waits up to `timeoutMs` for the server's answer to one entry: what a
 * screen says after a user action depends on it (shared-ui/local-action.ts). Gives up at once
 * when the device cannot reach the server (offline, or sending paused on a 401).
 */
export const awaitEntry = async (id: string, timeoutMs: number) => {
  const store = requireStore();
  void store.engine.flushNow();
  return entryOutcome(store.db, id, timeoutMs, () => {
    const status = store.status.getState();
    return !status.online || status.paused !== null;
  });
};
/** Ask the sync engine for a pull now (the warehouse list's 10 s / tab-visible refresh). */
export const pullNow = async () => {
  const store = current;
  if (store) await store.engine.pullNow();
};
/**
 * Ask the server again whether the company may invoice (GET /invoices/readiness) and keep the
 * answer in meta (`META.invoiceReadiness`): the device greys out 'Fatura Kes' by it, offline too.
 * False when it could not be asked (offline, signed out): the kept answer stays.
 */
export const refreshInvoiceReadiness = async () => {
  const store = current;
  if (!store) return false;
  return store.engine.refreshReference(API.invoiceReadiness, META.invoiceReadiness, (data) => ({
    missing: data.missing,
    fetched_at: new Date().toISOString(),
  }));
};
export const retryEntry = async (id: string) => {
  const store = requireStore();
  const ok = await outbox.retryEntry(store.db, id);
  if (ok) void store.engine.flushNow();
  return ok;
};
export const discardEntry = async (id: string) => {
  const store = requireStore();
  const ok = await outbox.discardEntry(store.db, id);
  // The record already shows the server's version we hold; a pull brings anything newer.
  if (ok) void store.engine.pullNow();
  return ok;
};
