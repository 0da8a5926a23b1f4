import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

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

/**
 * A transaction-scoped advisory lock on the key: when two API processes (PostgreSQL) work on the
 * same key at once, the second answers 409 at once instead of running the mutation too.
 * Returns true when this transaction holds it (always true on PGlite: one connection).
 */
export async function tryLockKey(trx: Transaction<Database>, scope: KeyScope): Promise<boolean> {
  const lockKey = `idem:${scope.tenantId}:${scope.userId}:${scope.key}`;
  const result = await sql<{
    locked: boolean;
  }>`SELECT pg_try_advisory_xact_lock(hashtextextended(${lockKey}, 0)) AS locked`.execute(trx);
  return result.rows[0]?.locked === true;
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
