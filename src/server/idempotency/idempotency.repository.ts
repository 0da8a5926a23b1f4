import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { AuditLogsTable, Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface StoredOutcome {
  request_hash: string;
  status_code: number;
  response: unknown;
}

export interface KeyScope {
  tenantId: string;
  userId: string;
  key: string;
}

export async function findOutcome(db: Executor, scope: KeyScope): Promise<StoredOutcome | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status_code', 'response'])
    .where('tenant_id', '=', scope.tenantId)
    .where('user_id', '=', scope.userId)
    .where('key', '=', scope.key)
    .executeTakeFirst();
  return row ?? undefined;
}

/** Inserts the outcome; returns false when the key already has one (a concurrent request won). */
export async function insertOutcome(
  trx: Executor,
  scope: KeyScope,
  outcome: StoredOutcome,
): Promise<boolean> {
  const row = await trx
    .insertInto('idempotency_keys')
    .values({
      tenant_id: scope.tenantId,
      user_id: scope.userId,
      key: scope.key,
      request_hash: outcome.request_hash,
      status_code: outcome.status_code,
      response: JSON.stringify(outcome.response ?? null),
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return !!row;
}

/** One outcome to store: its key's scope and what to answer on a replay. */
export interface OutcomeRow {
  scope: KeyScope;
  outcome: StoredOutcome;
}

/**
 * Stores outcomes and the audit rows of their mutations in ONE statement (the audit rows in a
 * data-modifying CTE, so both are written or neither). Returns the keys stored; a key missing from
 * it already had an outcome (a concurrent request won): the caller rolls its transaction back.
 */
export async function insertOutcomes(
  trx: Executor,
  rows: readonly OutcomeRow[],
  audits: readonly Insertable<AuditLogsTable>[],
): Promise<Set<string>> {
  if (rows.length === 0) {
    if (audits.length > 0)
      await trx
        .insertInto('audit_logs')
        .values([...audits])
        .execute();
    return new Set();
  }
  const values = rows.map(({ scope, outcome }) => ({
    tenant_id: scope.tenantId,
    user_id: scope.userId,
    key: scope.key,
    request_hash: outcome.request_hash,
    status_code: outcome.status_code,
    response: JSON.stringify(outcome.response ?? null),
  }));
  const insert = (db: Executor) =>
    db
      .insertInto('idempotency_keys')
      .values(values)
      .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'key']).doNothing())
      .returning('key');
  const stored =
    audits.length === 0
      ? await insert(trx).execute()
      : await trx
          .with('audit', (db) => db.insertInto('audit_logs').values([...audits]))
          .insertInto('idempotency_keys')
          .values(values)
          .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'key']).doNothing())
          .returning('key')
          .execute();
  return new Set(stored.map((r) => r.key));
}

/** A key's advisory lock (see lockAndFindOutcomes) and its stored outcome, if any. */
export interface LockedKey {
  locked: boolean;
  outcome: StoredOutcome | undefined;
}

/**
 * Locks several keys of one tenant and user and looks up their outcomes, in ONE statement.
 *
 * The lock is transaction-scoped and advisory: when two API processes (PostgreSQL) work on the
 * same key at once, the second finds it taken (`locked` false) and answers 409 at once instead of
 * running the mutation too (always true on PGlite: one connection). The look-up
 * reads the statement's snapshot, taken just before the locks: an outcome another process commits
 * in between is not seen here, but its key then makes this transaction's insertOutcomes skip the
 * key (the primary key is checked against committed rows whatever the snapshot), and the caller
 * rolls back and replays it — the same end as a look-up after the lock, one statement less.
 */
export async function lockAndFindOutcomes(
  trx: Transaction<Database>,
  tenantId: string,
  userId: string,
  keys: readonly string[],
): Promise<Map<string, LockedKey>> {
  const result = new Map<string, LockedKey>();
  if (keys.length === 0) return result;
  const { rows } = await sql<{
    key: string;
    locked: boolean;
    request_hash: string | null;
    status_code: number | null;
    response: unknown;
  }>`
    SELECT k.key,
      pg_try_advisory_xact_lock(hashtextextended('idem:' || ${tenantId}::text || ':' || ${userId}::text || ':' || k.key, 0)) AS locked,
      i.request_hash, i.status_code, i.response
    FROM unnest(${[...keys]}::text[]) WITH ORDINALITY AS k(key, n)
    LEFT JOIN idempotency_keys i ON i.tenant_id = ${tenantId} AND i.user_id = ${userId}::uuid AND i.key = k.key
    ORDER BY k.n`.execute(trx);
  for (const row of rows) {
    result.set(row.key, {
      locked: row.locked === true,
      outcome:
        row.request_hash === null
          ? undefined
          : {
              request_hash: row.request_hash,
              status_code: Number(row.status_code),
              response: typeof row.response === 'string' ? JSON.parse(row.response) : row.response,
            },
    });
  }
  return result;
}

/** Keys are kept at least IDEMPOTENCY_TTL_MS; older ones are purged now and then, per tenant. */
export async function purgeOutcomes(db: Executor, tenantId: string, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('tenant_id', '=', tenantId)
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
