import { buildPath, type ParamsIn } from '../../shared/api/endpoint';
import {
  type BaseRow,
  type Collection,
  type LocalDb,
  META,
  type OutboxEntry,
  parseRecordKey,
  recordKey,
} from './database';
import { isRow, type MutationKind, type MutationOf, mutationFor, type Row } from './mutations';
import type { MutationRequest } from './mutations/define';

/**
 * The outbox: every user action that changes data is applied to the local store AND
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

/**
 * The local effect of an entry on one record. An entry of a kind this app version does not know
 * has no known effect: the record shows the server's version while the entry waits (it is shown in
 * the sync panel and never sent, see mutations/index.ts).
 */
function applyEffect(row: Row | null, entry: OutboxEntry, key: string): Row | null {
  const def = mutationFor(entry.kind);
  return def ? def.apply(row, entry as never, key) : row;
}

// ---------------------------------------------------------------------------------------------
// Keys and ordering.
// ---------------------------------------------------------------------------------------------

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
    row: row ? db.stripLocal(parsed.collection, row) : null,
  });
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
    row = applyEffect(row, entry, key);
  }
  const table = db.table_(parsed.collection);
  if (row) await table.put(db.toLocal(parsed.collection, { ...row, id: parsed.id }));
  else await table.delete(parsed.id);
  // The base is only needed while some entry (pending or failed) refers to the record.
  if (entries.length === 0) await db.base.delete(key);
}

/**
 * Recompute now, or note the record for `recomputeAll` at the end of the caller's transaction (a
 * batch of answers: a record with 100 acknowledged scans is rebuilt once, not 100 times over its
 * remaining entries). Equivalent: nothing in between reads the shown row, only the base and the
 * outbox, and a base outlives the batch's acknowledgements while any entry of its record remains.
 */
async function recomputeNowOrLater(db: LocalDb, key: string, later: Set<string> | undefined) {
  if (later) later.add(key);
  else await recompute(db, key);
}

/** Recompute every record noted by acknowledge/reject (`later`); inside their transaction. */
export async function recomputeAll(db: LocalDb, keys: Iterable<string>): Promise<void> {
  for (const key of keys) await recompute(db, key);
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
  later?: Set<string>,
): Promise<void> {
  const key = recordKey(collection, id);
  const base = await db.base.get(key);
  if (base) {
    await db.base.put({ ...base, row });
    await recomputeNowOrLater(db, key, later);
    return;
  }
  const table = db.table_(collection);
  if (row) await table.put(db.toLocal(collection, row));
  else await table.delete(id);
}

/** Bulk form of putServerRow for a pulled page (the common case, no local changes, is one bulkPut). */
export async function putServerRows(
  db: LocalDb,
  collection: Collection,
  upserts: Row[],
  removals: string[],
): Promise<void> {
  const table = db.table_(collection);
  // No record has local changes (the usual case): one count instead of looking up every row of
  // the page in `base`.
  if ((await db.base.count()) === 0) {
    if (upserts.length) await table.bulkPut(upserts.map((r) => db.toLocal(collection, r)));
    if (removals.length) await table.bulkDelete(removals);
    return;
  }
  const keys = [
    ...upserts.map((r) => recordKey(collection, String(r.id))),
    ...removals.map((id) => recordKey(collection, id)),
  ];
  const bases = new Set((await db.base.bulkGet(keys)).filter((b): b is BaseRow => !!b).map((b) => b.key));
  const plainUpserts = upserts.filter((r) => !bases.has(recordKey(collection, String(r.id))));
  const plainRemovals = removals.filter((id) => !bases.has(recordKey(collection, id)));
  if (plainUpserts.length) await table.bulkPut(plainUpserts.map((r) => db.toLocal(collection, r)));
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
  await db.transaction('rw', db.syncScope(), async () => {
    await Promise.all(db.collections.map((c) => db.table(c).clear()));
    for (const key of await db.base.toCollection().primaryKeys()) await recompute(db, key);
    await db.meta.put({ key: META.cursor, value: '0' });
    // A back-fill of added collections is part of the full pull that follows.
    await db.meta.delete(META.backfill);
    await db.meta.delete(META.mirrorComplete);
  });
}

// ---------------------------------------------------------------------------------------------
// Enqueue: the one way a user action changes data.
// ---------------------------------------------------------------------------------------------

export type EnqueueInput<K extends MutationKind = MutationKind> = {
  kind: K;
  summary: string;
  /** Ordering key (defaults to the first of `records`). */
  record_key?: string;
  /** Records the action changes locally, as record keys (`order:<id>`). */
  records: string[];
  /** Use this id as the Idempotency-Key (e.g. to tie it to a client-made order id); default a new UUID. */
  id?: string;
  /** Data the local effect needs that is not sent (see OutboxEntry.local). */
  local?: Record<string, unknown>;
} & (ParamsIn<MutationOf<K>['endpoint']> extends undefined
  ? { params?: undefined }
  : { params: ParamsIn<MutationOf<K>['endpoint']> }) &
  Partial<Pick<MutationRequest<MutationOf<K>['endpoint']>, 'body'>>;

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
export async function enqueue<K extends MutationKind>(
  db: LocalDb,
  input: EnqueueInput<K>,
): Promise<OutboxEntry> {
  return (await enqueueAll(db, [input]))[0] as OutboxEntry;
}

/**
 * Several user actions, in the order given, in ONE transaction: what `enqueue` does for each, one
 * after the other — each entry appended with the next sequence number and its effect applied on
 * top of the row as the entries before it left it. For a burst of actions made faster than the
 * device writes them (a scanner's backlog): one write and one refresh of every screen's live
 * queries instead of one per action. All or none of them are queued.
 */
export async function enqueueAll<K extends MutationKind>(
  db: LocalDb,
  inputs: readonly EnqueueInput<K>[],
): Promise<OutboxEntry[]> {
  const entries = inputs.map((input) => entryOf(db, input));
  const keys = [...new Set(entries.flatMap((entry) => entry.records))];
  await db.transaction('rw', scopeFor(db, keys), async () => {
    for (const key of keys) await ensureBase(db, key);
    for (const entry of entries) {
      entry.seq = await db.outbox.add(entry);
      for (const key of entry.records) await applyNewest(db, key, entry);
    }
  });
  return entries;
}

function entryOf<K extends MutationKind>(db: LocalDb, input: EnqueueInput<K>): OutboxEntry {
  const { endpoint } = mutationFor(input.kind) as MutationOf<K>;
  return {
    id: input.id ?? uuid(),
    tenant: db.tenant,
    user_id: db.userId,
    kind: input.kind,
    summary: input.summary,
    // The request is resolved now and stored as it will be sent: a later app version reading the
    // entry back sends exactly what its user asked for.
    method: endpoint.method as OutboxEntry['method'],
    path: buildPath(endpoint.path, input.params as Record<string, unknown> | undefined),
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
    field: null,
    http_status: null,
    last_error: null,
  };
}

/**
 * The shown row after `entry`, just appended, the newest entry of its record: the row shown now IS
 * its base with every pending entry's effect applied in outbox order (every write of a row that has
 * a base goes through recompute, and a record without a base has no entries), so applying the new
 * effect to it gives exactly what recompute would — without reading and re-applying every earlier
 * entry of the record (a backlog of 500 offline scans of one order made the 500th scan fold the 499
 * before it again). A unit test holds it equal to recompute through random mixes of changes,
 * outcomes and pulls.
 */
async function applyNewest(db: LocalDb, key: string, entry: OutboxEntry): Promise<void> {
  const parsed = parseRecordKey(key);
  if (!parsed) return;
  const table = db.table_(parsed.collection);
  const shown = await table.get(parsed.id);
  const row = applyEffect(shown ? db.stripLocal(parsed.collection, shown) : null, entry, key);
  if (row) await table.put(db.toLocal(parsed.collection, { ...row, id: parsed.id }));
  else await table.delete(parsed.id);
}

// ---------------------------------------------------------------------------------------------
// Outcomes (called by the sync engine) and the user's choices on failed entries.
// ---------------------------------------------------------------------------------------------

async function reload(db: LocalDb, entry: OutboxEntry): Promise<OutboxEntry | undefined> {
  return entry.seq !== undefined ? db.outbox.get(entry.seq) : db.outbox.where('id').equals(entry.id).first();
}

/**
 * The server applied the entry (2xx, including a replayed outcome for the same key). `data` is the
 * answer already parsed by the entry's endpoint response schema. When the answer refused part of
 * it (the kind's `refusedPart`), the entry stays as a failed one naming only that part: the
 * applied records are folded in, the refused ones show the server's rows.
 */
export async function acknowledge(
  db: LocalDb,
  entry: OutboxEntry,
  data: unknown,
  later?: Set<string>,
): Promise<void> {
  const def = mutationFor(entry.kind);
  const returned = def?.fromResponse?.(data as never, entry as never) ?? {};
  const refused = data === undefined ? null : (def?.refusedPart?.(data as never, entry as never) ?? null);
  const refusedKeys = new Set(refused?.records ?? []);
  await db.transaction('rw', scopeFor(db, [...entry.records, ...Object.keys(returned)]), async () => {
    const current = await reload(db, entry);
    if (!current) return; // discarded meanwhile: the server applied it anyway; the next pull shows it
    if (refused)
      await db.outbox.update(current.seq as number, {
        body: refused.body,
        records: refused.records,
        record_key: refused.record_key,
        summary: refused.summary,
        status: 'failed',
        error: refused.error,
        code: refused.code,
        field: null,
        http_status: refused.http_status,
        attempts: current.attempts + 1,
        ...(refused.local ? { local: { ...current.local, ...refused.local } } : {}),
      });
    else await db.outbox.delete(current.seq as number);
    for (const key of new Set([...current.records, ...Object.keys(returned)])) {
      const parsed = parseRecordKey(key);
      if (!parsed) continue;
      const base = await db.base.get(key);
      const answer = key in returned ? withoutAppliedOn(returned[key] ?? null) : undefined;
      if (!base) {
        if (answer !== undefined) await putServerRow(db, parsed.collection, parsed.id, answer, later);
        continue;
      }
      if (key in returned) await carryVersions(db, key, base.row, returned[key] ?? null);
      // The server now holds the change: it becomes part of the server version (the base). A
      // refused record without a row in the answer keeps the base it had (nothing was done to it).
      const row =
        answer !== undefined
          ? answer
          : refusedKeys.has(key)
            ? base.row
            : applyEffect(base.row ? { ...base.row } : null, current, key);
      await db.base.put({ ...base, row });
      await recomputeNowOrLater(db, key, later);
    }
  });
}

function withoutAppliedOn(row: Row | null): Row | null {
  if (!row || !('applied_on_version' in row)) return row;
  const { applied_on_version: _applied, ...rest } = row;
  return rest;
}

function versionOf(row: Row | null | undefined): number | undefined {
  if (row === null) return 0; // "nothing": what a create is applied on
  return typeof row?.version === 'number' ? row.version : undefined;
}

/**
 * VERSIONED WRITES: an edit names the version of the record its user saw
 * (`expected_version`), and the server refuses it when the record changed since. A user who makes
 * two edits of one order offline made BOTH on the version they saw (plus their own first edit), so
 * both name that version; once the first is applied the record has a new version, and the second
 * would be refused although its user saw everything in it.
 *
 * So when the server applies an entry and says it applied it on exactly the version this device
 * had (`applied_on_version` = the base's version: nothing else happened in between), the new
 * version is what the user saw plus their own change, and the queued entries of the record that
 * named the old version move on to the new one. If anything else happened in between, they keep
 * the old version and the server refuses them: the user sees the conflict and the record as it is.
 */
async function carryVersions(db: LocalDb, key: string, seen: Row | null, answer: Row | null): Promise<void> {
  const before = versionOf(seen);
  const appliedOn = answer?.applied_on_version;
  const after = versionOf(answer);
  if (before === undefined || after === undefined || appliedOn !== before || after === before) return;
  for (const waiting of await entriesFor(db, key)) {
    const body = waiting.body;
    if (waiting.status !== 'pending' || !isRow(body) || body.expected_version !== before) continue;
    await db.outbox.update(waiting.seq as number, { body: { ...body, expected_version: after } });
  }
}

export interface Rejection {
  status: number;
  error: string;
  code: string | null;
  /** The field the refusal names (a 400's or 409's `field`), if any. */
  field?: string | null;
  /** The record as the server has it now (409 CONFLICT carries `current`). */
  current?: Row | null;
}

/**
 * The server refused the entry (4xx other than 401): it is marked failed with the server's
 * Turkish message and code, and stops contributing to the shown rows, so the record returns to
 * the server's version at once (replaced by the 409's `current` when the server sent one).
 */
export async function reject(
  db: LocalDb,
  entry: OutboxEntry,
  rejection: Rejection,
  later?: Set<string>,
): Promise<void> {
  await db.transaction('rw', scopeFor(db, entry.records), async () => {
    const current = await reload(db, entry);
    if (!current) return;
    await db.outbox.update(current.seq as number, {
      status: 'failed',
      error: rejection.error,
      code: rejection.code,
      field: rejection.field ?? null,
      http_status: rejection.status,
      attempts: current.attempts + 1,
    });
    const single = current.records.length === 1 ? current.records[0] : undefined;
    const serverRow = rejection.current;
    if (single && isRow(serverRow) && serverRow.id) {
      const base = await db.base.get(single);
      if (base) await db.base.put({ ...base, row: withoutAppliedOn(serverRow) });
    }
    for (const key of current.records) await recomputeNowOrLater(db, key, later);
  });
}

/**
 * A transient failure: try again after `delayMs`. `waitingFor` 'network' (no answer) is cut short
 * as soon as the server answers again; 'server' (5xx, 429, in flight) waits out its backoff.
 */
export async function postpone(
  db: LocalDb,
  entry: OutboxEntry,
  delayMs: number,
  message: string,
  waitingFor: 'network' | 'server' = 'server',
): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const current = await reload(db, entry);
    if (!current) return;
    await db.outbox.update(current.seq as number, {
      attempts: current.attempts + 1,
      next_attempt_at: Date.now() + delayMs,
      last_error: message,
      waiting_for: waitingFor,
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
    // A versioned edit refused because the record changed: the user has now seen the record as the
    // server has it (the sync panel and the screen show it) and asks to apply their change anyway,
    // so it names that version now. Without this a retry could only be refused again.
    const single = current.records.length === 1 ? current.records[0] : undefined;
    const shown = single ? versionOf((await db.base.get(single))?.row) : undefined;
    const sent = current.body;
    const body =
      isRow(sent) && typeof sent.expected_version === 'number' && shown !== undefined
        ? { ...sent, expected_version: shown }
        : sent;
    await db.outbox.update(current.seq as number, {
      body,
      id: uuid(),
      status: 'pending',
      attempts: 0,
      next_attempt_at: 0,
      error: null,
      code: null,
      field: null,
      http_status: null,
      last_error: null,
      waiting_for: null,
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
