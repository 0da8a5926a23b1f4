import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface LoginAttemptState {
  failed_count: number;
  locked_until: Date | null;
}

/** Failed-login state per tenant + lower-cased username (also for usernames that do not exist). */
export async function readLoginAttempts(
  db: Executor,
  tenantId: string,
  usernameKey: string,
): Promise<LoginAttemptState | undefined> {
  const row = await db
    .selectFrom('login_attempts')
    .select(['failed_count', 'locked_until'])
    .where('tenant_id', '=', tenantId)
    .where('username', '=', usernameKey)
    .executeTakeFirst();
  return row ?? undefined;
}

/**
 * Counts one failure atomically (upsert), starting again from 1 when an earlier lock has expired,
 * and sets the lock when the count reaches `limit`. Concurrent failures are all counted.
 */
export async function recordLoginFailure(
  db: Executor,
  tenantId: string,
  usernameKey: string,
  now: Date,
  limit: number,
  lockMs: number,
): Promise<LoginAttemptState> {
  const lockUntil = new Date(now.getTime() + lockMs);
  const row = await db
    .insertInto('login_attempts')
    .values({
      tenant_id: tenantId,
      username: usernameKey,
      failed_count: 1,
      last_failed_at: now,
      updated_at: now,
      locked_until: limit <= 1 ? lockUntil : null,
    })
    .onConflict((oc) =>
      oc.columns(['tenant_id', 'username']).doUpdateSet({
        failed_count: sql`CASE WHEN login_attempts.locked_until IS NOT NULL AND login_attempts.locked_until <= ${now}
          THEN 1 ELSE login_attempts.failed_count + 1 END`,
        locked_until: sql`CASE
          WHEN login_attempts.locked_until IS NOT NULL AND login_attempts.locked_until > ${now} THEN login_attempts.locked_until
          WHEN (CASE WHEN login_attempts.locked_until IS NOT NULL AND login_attempts.locked_until <= ${now}
                THEN 1 ELSE login_attempts.failed_count + 1 END) >= ${limit} THEN ${lockUntil}::timestamptz
          ELSE NULL END`,
        last_failed_at: now,
        updated_at: now,
      }),
    )
    .returning(['failed_count', 'locked_until'])
    .executeTakeFirstOrThrow();
  return row;
}

export async function clearLoginAttempts(db: Executor, tenantId: string, usernameKey: string): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('tenant_id', '=', tenantId)
    .where('username', '=', usernameKey)
    .execute();
}

/** Housekeeping: counters nobody touched for a day and that hold no running lock. */
export async function deleteStaleLoginAttempts(
  db: Executor,
  tenantId: string,
  before: Date,
  now: Date,
): Promise<void> {
  await db
    .deleteFrom('login_attempts')
    .where('tenant_id', '=', tenantId)
    .where('updated_at', '<', before)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .execute();
}

/** The running locks among these (lower-cased) usernames: username → locked until. */
export async function runningLocks(
  db: Executor,
  tenantId: string,
  usernameKeys: readonly string[],
  now: Date,
): Promise<Map<string, Date>> {
  if (usernameKeys.length === 0) return new Map();
  const rows = await db
    .selectFrom('login_attempts')
    .select(['username', 'locked_until'])
    .where('tenant_id', '=', tenantId)
    .where('username', 'in', [...usernameKeys])
    .where('locked_until', '>', now)
    .execute();
  return new Map(rows.flatMap((r) => (r.locked_until ? [[r.username, r.locked_until] as const] : [])));
}
