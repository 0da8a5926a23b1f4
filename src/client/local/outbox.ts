import { PATHS } from '../../shared/api/paths';
import {
  type BaseRow,
  type Collection,
  type HttpMethod,
  type LocalDb,
  META,
  type OutboxEntry,
  parseRecordKey,
  recordKey,
  toLocal,
} from './database';

/**
 * The outbox (DESIGN §6): every user action that changes data is applied to the local store AND
 * appended here in ONE Dexie transaction, then sent by the sync engine with its `Idempotency-Key`.
 *
 * The local store always shows "server version + my unacknowledged changes". The server version
 * of a record with unacknowledged changes is kept in the `base` table; each outbox entry's local
 * effect is a pure function registered below by `kind`, so the shown row can be recomputed at any
 * time as base → effects of the record's pending entries, in outbox order. That one operation
 * (`recompute`) is what keeps the mirror right when:
 *  - a pull brings a newer server version of a record with pending changes: the base is replaced
 *    and the pending changes are re-applied on top (so the user's optimistic change is not
 *    clobbered, and the server's other changes to the record are not lost either);
 *  - the server acknowledges an entry: its effect is folded into the base (or the base becomes the
 *    row the server returned) and the entry leaves the outbox;
 *  - the server rejects an entry (4xx) or the user discards it: the entry stops contributing, so
 *    the record returns to the server's version at once, offline too (a 409's `current` replaces
 *    the base first);
 *  - the user retries a failed entry: it contributes again.
 *
 * We chose re-applying over "skip pulled records that have pending entries" because skipping
 * would hide everything else the server changed about the record (another user's status change,
 * a driver assignment) until our entry is acknowledged, and because after a rejection we would
 * have nothing to restore from without a network round trip.
 */

// ---------------------------------------------------------------------------------------------
// Mutation registry: how each kind of entry changes the local rows it names.
// ---------------------------------------------------------------------------------------------

type Row = Record<string, unknown>;

export interface MutationDef {
  /**
   * The local (optimistic) effect on one record the entry names in `records`: takes the row as it
   * is (null = absent) and returns it changed (null = removed). Must be pure and idempotent-safe:
   * it is re-applied on top of every newer server version until the entry is acknowledged.
   */
  apply: (row: Row | null, entry: OutboxEntry, key: string) => Row | null;
  /**
   * The server's rows after a successful response, by record key (e.g. the updated notification,
   * or the created order with its real `order_number`). Records not returned here get the effect
   * folded into their base instead (`apply(base)`), since the server has now applied it.
   */
  fromResponse?: (data: unknown, entry: OutboxEntry) => Record<string, Row | null>;
}

const MUTATIONS = new Map<string, MutationDef>();

/** Register a kind of outbox entry (issue 3 adds 'order.create', 'order.status', …). */
export function defineMutation(kind: string, def: MutationDef): void {
  MUTATIONS.set(kind, def);
}

function mutation(kind: string): MutationDef {
  const def = MUTATIONS.get(kind);
  // An entry of an unknown kind (written by a newer app version, then downgraded) has no local
  // effect; it is still sent as recorded.
  return def ?? { apply: (row) => row };
}

defineMutation('notification.read', {
  apply: (row) => (row ? { ...row, is_read: true } : null),
  fromResponse: (data, entry) => (isRow(data) && data.id ? { [entry.record_key]: data } : {}),
});
defineMutation('notification.read-all', {
  apply: (row) => (row ? { ...row, is_read: true } : null),
});
defineMutation('notification.delete', {
  apply: () => null,
  fromResponse: (_data, entry) => ({ [entry.record_key]: null }),
});

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ---------------------------------------------------------------------------------------------
// Keys and ordering.
// ---------------------------------------------------------------------------------------------

/**
 * Two ordering keys overlap when they are equal or one is a wildcard over the other's collection
 * (`notification:*` and `notification:abc`): overlapping entries are sent strictly in order.
 */
export function keysOverlap(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.endsWith(':*') && b.startsWith(a.slice(0, -1))) return true;
  if (b.endsWith(':*') && a.startsWith(b.slice(0, -1))) return true;
  return false;
}

/** A v4 UUID. `crypto.randomUUID` exists only in secure contexts (HTTPS/localhost); a LAN IP over HTTP still has getRandomValues. */
export function uuid(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = new Uint8Array(16);
  c.getRandomValues(b);
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

// ---------------------------------------------------------------------------------------------
// Recomputing a record from its base and its pending entries.
// ---------------------------------------------------------------------------------------------

function tablesFor(db: LocalDb, keys: string[]) {
  const collections = new Set<Collection>();
  for (const key of keys) {
    const parsed = parseRecordKey(key);
    if (parsed) collections.add(parsed.collection);
  }
  return [...collections].map((c) => db.table_(c));
}

/** All tables a write on these records may touch (for the transaction scope). */
export function scopeFor(db: LocalDb, keys: string[]) {
  return [db.outbox, db.base, ...tablesFor(db, keys)];
}

/**
 * Make sure the record has a base (the server's version before our first unacknowledged change).
 * Called inside the enqueue transaction BEFORE the effect is applied, so the snapshot is the pure
 * server version (no base means no entry refers to the record, so the row shown IS the server's).
 */
async function ensureBase(db: LocalDb, key: string): Promise<void> {
  const parsed = parseRecordKey(key);
  if (!parsed) return;
  if (await db.base.get(key)) return;
  const row = (await db.table_(parsed.collection).get(parsed.id)) ?? null;
  await db.base.put({
    key,
    collection: parsed.collection,
    row: row ? stripLocal(parsed.collection, row) : null,
  });
}

function stripLocal(collection: Collection, row: Row): Row {
  const copy = { ...row };
  if (collection === 'notifications') delete copy.unread;
  if (collection === 'orders') delete copy.pending_sync;
  return copy;
}

/**
 * Shown row := base → effects of the record's PENDING entries in outbox order. Failed entries do
 * not contribute (the server refused them; the user sees the server's version and the failure in
 * the sync panel until they retry or discard). Must run inside a transaction over `scopeFor`.
 */
export async function recompute(db: LocalDb, key: string): Promise<void> {
  const parsed = parseRecordKey(key);
  if (!parsed) return;
  const base = await db.base.get(key);
  if (!base) return; // no local changes: the row is the server's, nothing to do
  const entries = await entriesFor(db, key);
  let row: Row | null = base.row ? { ...base.row } : null;
  for (const entry of entries) {
    if (entry.status !== 'pending') continue;
    row = mutation(entry.kind).apply(row, entry, key);
  }
  const table = db.table_(parsed.collection);
  if (row) await table.put(toLocal(parsed.collection, { ...row, id: parsed.id }));
  else await table.delete(parsed.id);
  // The base is only needed while some entry (pending or failed) refers to the record.
  if (entries.length === 0) await db.base.delete(key);
}

async function entriesFor(db: LocalDb, key: string): Promise<OutboxEntry[]> {
  const entries = await db.outbox.where('records').equals(key).toArray();
  return entries.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/**
 * A server version of a record arrived (pull upsert/removal, a 409's `current`). Records without
 * local changes are written as they are; records with local changes get a new base and their
 * pending changes re-applied. Must run inside a transaction over `scopeFor`.
 */
export async function putServerRow(
  db: LocalDb,
  collection: Collection,
  id: string,
  row: Row | null,
): Promise<void> {
  const key = recordKey(collection, id);
  const base = await db.base.get(key);
  if (base) {
    await db.base.put({ ...base, row });
    await recompute(db, key);
    return;
  }
  const table = db.table_(collection);
  if (row) await table.put(toLocal(collection, row));
  else await table.delete(id);
}

/** Bulk form of putServerRow for a pulled page (the common case, no local changes, is one bulkPut). */
export async function putServerRows(
  db: LocalDb,
  collection: Collection,
  upserts: Row[],
  removals: string[],
): Promise<void> {
  const keys = [
    ...upserts.map((r) => recordKey(collection, String(r.id))),
    ...removals.map((id) => recordKey(collection, id)),
  ];
  const bases = new Set((await db.base.bulkGet(keys)).filter((b): b is BaseRow => !!b).map((b) => b.key));
  const table = db.table_(collection);
  const plainUpserts = upserts.filter((r) => !bases.has(recordKey(collection, String(r.id))));
  const plainRemovals = removals.filter((id) => !bases.has(recordKey(collection, id)));
  if (plainUpserts.length) await table.bulkPut(plainUpserts.map((r) => toLocal(collection, r)));
  if (plainRemovals.length) await table.bulkDelete(plainRemovals);
  for (const r of upserts)
    if (bases.has(recordKey(collection, String(r.id)))) await putServerRow(db, collection, String(r.id), r);
  for (const id of removals)
    if (bases.has(recordKey(collection, id))) await putServerRow(db, collection, id, null);
}

/**
 * Forget the mirrored rows and the cursor so that the next pull is a full one (e.g. after a role
 * change). Records with unacknowledged changes keep showing them: they are rebuilt from their
 * base at once, and the full pull then refreshes their base. One transaction: a crash in between
 * must not leave an empty mirror with an advanced cursor (the rows would never come back).
 */
export async function resetMirror(db: LocalDb): Promise<void> {
  await db.transaction(
    'rw',
    [db.orders, db.notifications, db.products, db.customers, db.outbox, db.base, db.meta],
    async () => {
      await Promise.all([
        db.orders.clear(),
        db.notifications.clear(),
        db.products.clear(),
        db.customers.clear(),
      ]);
      for (const key of await db.base.toCollection().primaryKeys()) await recompute(db, key);
      await db.meta.put({ key: META.cursor, value: '0' });
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Enqueue: the one way a user action changes data.
// ---------------------------------------------------------------------------------------------

export interface EnqueueInput {
  kind: string;
  summary: string;
  method: HttpMethod;
  path: string;
  body?: unknown;
  /** Ordering key (defaults to the first of `records`). */
  record_key?: string;
  /** Records the action changes locally, as record keys (`order:<id>`). */
  records: string[];
  /** Use this id as the Idempotency-Key (e.g. to tie it to a client-made order id); default a new UUID. */
  id?: string;
  /** Data the local effect needs that is not sent (see OutboxEntry.local). */
  local?: Record<string, unknown>;
}

/**
 * Apply a user action locally and append it to the outbox, in ONE Dexie transaction.
 *
 * Why one transaction: if the local effect committed without its entry (the tab is closed, the
 * phone kills the browser), the user would see a change that never reaches the server, and
 * nothing would ever tell them; if the entry committed without the effect, the change would be
 * sent but not shown, and the user would likely do it again. The transaction also orders the
 * action against a pull page being applied in the leader tab: either the page lands first (and
 * our effect goes on top of it) or our entry does (and the page re-applies it).
 */
export async function enqueue(db: LocalDb, input: EnqueueInput): Promise<OutboxEntry> {
  const entry: OutboxEntry = {
    id: input.id ?? uuid(),
    tenant: db.tenant,
    user_id: db.userId,
    kind: input.kind,
    summary: input.summary,
    method: input.method,
    path: input.path,
    body: input.body ?? null,
    ...(input.local ? { local: input.local } : {}),
    record_key: input.record_key ?? input.records[0] ?? `${input.kind}:*`,
    records: [...new Set(input.records)],
    created_at: new Date().toISOString(),
    attempts: 0,
    next_attempt_at: 0,
    status: 'pending',
    error: null,
    code: null,
    http_status: null,
    last_error: null,
  };
  await db.transaction('rw', scopeFor(db, entry.records), async () => {
    for (const key of entry.records) await ensureBase(db, key);
    entry.seq = await db.outbox.add(entry);
    for (const key of entry.records) await recompute(db, key);
  });
  return entry;
}

// ---------------------------------------------------------------------------------------------
// The notification actions the bell and the notifications screen use.
// ---------------------------------------------------------------------------------------------

/** Mark one notification read. Returns null (nothing queued) when it is unknown or already read. */
export async function markNotificationRead(db: LocalDb, id: string): Promise<OutboxEntry | null> {
  const row = await db.notifications.get(id);
  if (!row || row.is_read) return null;
  return enqueue(db, {
    kind: 'notification.read',
    summary: 'Bildirim okundu olarak işaretlendi',
    method: 'PATCH',
    path: PATHS.notificationRead(id),
    records: [recordKey('notifications', id)],
  });
}

/**
 * Mark every notification read. The entry names the locally unread ones as the records it changes;
 * its ordering key is the wildcard `notification:*`, so it is sent in order with every other
 * notification action. Returns null when nothing is unread locally.
 */
export async function markAllNotificationsRead(db: LocalDb): Promise<OutboxEntry | null> {
  const unread = await db.notifications.where('unread').equals(1).primaryKeys();
  if (unread.length === 0) return null;
  return enqueue(db, {
    kind: 'notification.read-all',
    summary: 'Tüm bildirimler okundu olarak işaretlendi',
    method: 'PATCH',
    path: PATHS.notificationsMarkAllRead,
    record_key: 'notification:*',
    records: unread.map((id) => recordKey('notifications', id)),
  });
}

/** Delete a notification. Returns null when it is not in the local store. */
export async function deleteNotification(db: LocalDb, id: string): Promise<OutboxEntry | null> {
  const row = await db.notifications.get(id);
  if (!row) return null;
  return enqueue(db, {
    kind: 'notification.delete',
    summary: 'Bildirim silindi',
    method: 'DELETE',
    path: PATHS.notification(id),
    records: [recordKey('notifications', id)],
  });
}

// ---------------------------------------------------------------------------------------------
// Outcomes (called by the sync engine) and the user's choices on failed entries.
// ---------------------------------------------------------------------------------------------

async function reload(db: LocalDb, entry: OutboxEntry): Promise<OutboxEntry | undefined> {
  return entry.seq !== undefined ? db.outbox.get(entry.seq) : db.outbox.where('id').equals(entry.id).first();
}

/** The server applied the entry (2xx, including a replayed outcome for the same key). */
export async function acknowledge(db: LocalDb, entry: OutboxEntry, data: unknown): Promise<void> {
  const def = mutation(entry.kind);
  const returned = def.fromResponse?.(data, entry) ?? {};
  await db.transaction('rw', scopeFor(db, [...entry.records, ...Object.keys(returned)]), async () => {
    const current = await reload(db, entry);
    if (!current) return; // discarded meanwhile: the server applied it anyway; the next pull shows it
    await db.outbox.delete(current.seq as number);
    for (const key of new Set([...current.records, ...Object.keys(returned)])) {
      const parsed = parseRecordKey(key);
      if (!parsed) continue;
      const base = await db.base.get(key);
      if (!base) {
        if (key in returned) await putServerRow(db, parsed.collection, parsed.id, returned[key] ?? null);
        continue;
      }
      // The server now holds the change: it becomes part of the server version (the base).
      const row =
        key in returned
          ? (returned[key] ?? null)
          : def.apply(base.row ? { ...base.row } : null, current, key);
      await db.base.put({ ...base, row });
      await recompute(db, key);
    }
  });
}

export interface Rejection {
  status: number;
  error: string;
  code: string | null;
  /** The record as the server has it now (409 CONFLICT carries `current`). */
  current?: Row | null;
}

/**
 * The server refused the entry (4xx other than 401): it is marked failed with the server's
 * Turkish message and code, and stops contributing to the shown rows, so the record returns to
 * the server's version at once (replaced by the 409's `current` when the server sent one).
 */
export async function reject(db: LocalDb, entry: OutboxEntry, rejection: Rejection): Promise<void> {
  await db.transaction('rw', scopeFor(db, entry.records), async () => {
    const current = await reload(db, entry);
    if (!current) return;
    await db.outbox.update(current.seq as number, {
      status: 'failed',
      error: rejection.error,
      code: rejection.code,
      http_status: rejection.status,
      attempts: current.attempts + 1,
    });
    const single = current.records.length === 1 ? current.records[0] : undefined;
    if (single && isRow(rejection.current) && rejection.current.id) {
      const base = await db.base.get(single);
      if (base) await db.base.put({ ...base, row: rejection.current });
    }
    for (const key of current.records) await recompute(db, key);
  });
}

/** A transient failure (network, 5xx, 429, in flight): try again after `delayMs`. */
export async function postpone(
  db: LocalDb,
  entry: OutboxEntry,
  delayMs: number,
  message: string,
): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const current = await reload(db, entry);
    if (!current) return;
    await db.outbox.update(current.seq as number, {
      attempts: current.attempts + 1,
      next_attempt_at: Date.now() + delayMs,
      last_error: message,
    });
  });
}

/**
 * Send a failed entry again. It gets a NEW Idempotency-Key: the server refused the old one and
 * stored that refusal as the key's outcome, so the same key would only replay the refusal. A new
 * key is safe because a refused request changed nothing. It keeps its place in the FIFO.
 */
export async function retryEntry(db: LocalDb, id: string): Promise<boolean> {
  let found = false;
  const entry = await db.outbox.where('id').equals(id).first();
  if (!entry) return false;
  await db.transaction('rw', scopeFor(db, entry.records), async () => {
    const current = await reload(db, entry);
    if (current?.status !== 'failed') return;
    found = true;
    await db.outbox.update(current.seq as number, {
      id: uuid(),
      status: 'pending',
      attempts: 0,
      next_attempt_at: 0,
      error: null,
      code: null,
      http_status: null,
      last_error: null,
    });
    for (const key of current.records) await recompute(db, key);
  });
  return found;
}

/**
 * Drop an entry (failed, or pending if the user changes their mind): its local effect is removed
 * at once, so the record shows the server's version again (the latest we have; the engine then
 * pulls, which brings anything newer).
 */
export async function discardEntry(db: LocalDb, id: string): Promise<boolean> {
  let found = false;
  const entry = await db.outbox.where('id').equals(id).first();
  if (!entry) return false;
  await db.transaction('rw', scopeFor(db, entry.records), async () => {
    const current = await reload(db, entry);
    if (!current) return;
    found = true;
    await db.outbox.delete(current.seq as number);
    for (const key of current.records) await recompute(db, key);
  });
  return found;
}

/** Outbox entries in send order, optionally of one status (use with useLiveQuery for the sync panel). */
export async function listEntries(db: LocalDb, status?: 'pending' | 'failed'): Promise<OutboxEntry[]> {
  const rows = status ? await db.outbox.where('status').equals(status).toArray() : await db.outbox.toArray();
  return rows.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

export async function countEntries(db: LocalDb): Promise<{ pending: number; failed: number }> {
  const [pending, failed] = await Promise.all([
    db.outbox.where('status').equals('pending').count(),
    db.outbox.where('status').equals('failed').count(),
  ]);
  return { pending, failed };
}
