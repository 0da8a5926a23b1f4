import { version } from '../../../../package.json';
import { type DeviceFacts, encodeDeviceReport } from '../../../shared/api/devices';
import { type LocalDb, META } from '../database';

/**
 * What this device says about itself with each pull (shared/api/devices.ts) and shows on /settings:
 * a stable random id, its outbox (length, oldest unsent change, refused entries), its last sync,
 * the app's version, and the browser's storage (persistent or not, used and quota).
 *
 * Cheap by design: the counts are index reads of the outbox; the storage figures (an async browser
 * call each) are re-read at most once a minute.
 */
export const APP_VERSION: string = version;

const DEVICE_ID_KEY = 'device_id';
const STORAGE_FACTS_MS = 60_000;
let memoryId: string | null = null;

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `d${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * This device's id: made once, kept in localStorage (shared by every user and tab of the device,
 * so the admin sees one row per device). Where there is no storage, one per page.
 */
export function deviceId(): string {
  try {
    const stored = globalThis.localStorage?.getItem(DEVICE_ID_KEY);
    if (stored && /^[A-Za-z0-9-]{8,64}$/.test(stored)) return stored;
    const made = randomId();
    globalThis.localStorage?.setItem(DEVICE_ID_KEY, made);
    if (globalThis.localStorage) return made;
  } catch {
    // storage unavailable: one id for this page
  }
  memoryId ??= randomId();
  return memoryId;
}

export interface StorageFacts {
  /** navigator.storage.persisted(); null when the browser cannot tell. */
  persisted: boolean | null;
  used: number | null;
  quota: number | null;
}

let storageCache: { at: number; facts: Promise<StorageFacts> } | null = null;

async function readStorage(): Promise<StorageFacts> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  const [persisted, estimate] = await Promise.all([
    storage?.persisted ? storage.persisted().catch(() => null) : Promise.resolve(null),
    storage?.estimate ? storage.estimate().catch(() => null) : Promise.resolve(null),
  ]);
  return { persisted, used: estimate?.usage ?? null, quota: estimate?.quota ?? null };
}

/** The browser's storage facts, re-read at most once a minute unless `fresh`. */
export function storageFacts(fresh = false): Promise<StorageFacts> {
  const now = Date.now();
  if (fresh || !storageCache || now - storageCache.at >= STORAGE_FACTS_MS)
    storageCache = { at: now, facts: readStorage() };
  return storageCache.facts;
}

/** The outbox as the device sees it: unsent entries, the oldest one's time, refused entries. */
export async function outboxFacts(
  db: LocalDb,
): Promise<{ pending: number; oldestPendingAt: string | null; failed: number }> {
  // Within one status, entries come in `seq` order: the first is the oldest. (One collection per
  // query: a Dexie collection is changed by first(), which limits it.)
  const pending = () => db.outbox.where('status').equals('pending');
  const [count, first, failed] = await Promise.all([
    pending().count(),
    pending().first(),
    db.outbox.where('status').equals('failed').count(),
  ]);
  return { pending: count, oldestPendingAt: first?.created_at ?? null, failed };
}

export async function collectDeviceFacts(db: LocalDb): Promise<DeviceFacts> {
  const [outbox, lastSync, storage] = await Promise.all([
    outboxFacts(db),
    db.getMeta<string>(META.lastPullAt),
    storageFacts(),
  ]);
  return {
    device_id: deviceId(),
    outbox_pending: outbox.pending,
    oldest_pending_at: outbox.oldestPendingAt,
    failed: outbox.failed,
    last_sync_at: lastSync ?? null,
    app_version: APP_VERSION,
    persisted: storage.persisted,
    storage_used: storage.used,
    storage_quota: storage.quota,
  };
}

/** The header value sent with a pull; undefined when the facts cannot be read (the pull goes anyway). */
export async function deviceReport(db: LocalDb): Promise<string | undefined> {
  try {
    return encodeDeviceReport(await collectDeviceFacts(db));
  } catch {
    return undefined;
  }
}
