import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export async function insertSession(
  trx: Executor,
  tenantId: string,
  session: { id: string; user_id: string; expires_at: Date; ip: string | null; user_agent: string | null },
): Promise<void> {
  await trx
    .insertInto('sessions')
    .values({ tenant_id: tenantId, ...session, revoked_at: null })
    .execute();
}

/** Revokes a session; returns true when it was active until now. */
export async function revokeSession(
  trx: Executor,
  tenantId: string,
  sessionId: string,
  at: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Housekeeping: sessions that expired more than a day ago are of no use to anyone. */
export async function deleteExpiredSessions(db: Executor, tenantId: string, before: Date): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('tenant_id', '=', tenantId)
    .where('expires_at', '<', before)
    .execute();
}

export interface SessionUser {
  session_id: string;
  session_expires_at: Date;
  session_revoked_at: Date | null;
  /** The session's last request as recorded (refreshed at most once a minute). */
  session_last_seen_at: Date;
  user_id: string;
  username: string;
  full_name: string;
  role: string;
  is_active: boolean;
  /** The user's password is a one-time password: the session may only replace it. */
  password_must_change: boolean;
  password_expires_at: Date | null;
}

/** The session named by a token's jti, with its user, in one query (runs on every request). */
export async function findSessionWithUser(
  db: Executor,
  tenantId: string,
  sessionId: string,
): Promise<SessionUser | undefined> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', (join) =>
      join.onRef('u.tenant_id', '=', 's.tenant_id').onRef('u.id', '=', 's.user_id'),
    )
    .select([
      's.id as session_id',
      's.expires_at as session_expires_at',
      's.revoked_at as session_revoked_at',
      's.last_seen_at as session_last_seen_at',
      'u.id as user_id',
      'u.username',
      'u.full_name',
      'u.role',
      'u.is_active',
      'u.password_must_change',
      'u.password_expires_at',
    ])
    .where('s.tenant_id', '=', tenantId)
    .where('s.id', '=', sessionId)
    // A deleted account has no sessions any more (its row stays for the records naming it).
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
  return row ?? undefined;
}

/** After a password change: every other session of the user ends. */
export async function revokeOtherSessions(
  trx: Executor,
  tenantId: string,
  userId: string,
  keepSessionId: string,
  at: Date,
): Promise<void> {
  await trx
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('id', '!=', keepSessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Records that the session was used now (the idle timeout counts from here). */
export async function touchSession(
  db: Executor,
  tenantId: string,
  sessionId: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: at })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', sessionId)
    .execute();
}

/**
 * Every live session of a user ends (an admin deactivated, deleted, re-roled the user or reset
 * their password): their next request is a 401. Returns how many ended.
 */
export async function revokeUserSessions(
  trx: Executor,
  tenantId: string,
  userId: string,
  at: Date,
): Promise<number> {
  const result = await trx
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
