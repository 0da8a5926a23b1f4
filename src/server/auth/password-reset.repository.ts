import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface ResetTokenRow {
  token_hash: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
}

/** How many reset links the user was sent since `since` (the per-user cap). */
export async function countTokensSince(
  db: Executor,
  tenantId: string,
  userId: string,
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('password_reset_tokens')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertToken(
  trx: Executor,
  tenantId: string,
  token: { token_hash: string; user_id: string; created_at: Date; expires_at: Date },
): Promise<void> {
  await trx
    .insertInto('password_reset_tokens')
    .values({ tenant_id: tenantId, ...token, used_at: null })
    .execute();
}

export async function findToken(
  db: Executor,
  tenantId: string,
  tokenHash: string,
): Promise<ResetTokenRow | undefined> {
  return db
    .selectFrom('password_reset_tokens')
    .select(['token_hash', 'user_id', 'expires_at', 'used_at'])
    .where('tenant_id', '=', tenantId)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** The token's row, locked until the transaction ends (two uses of one link: the second waits, then sees it used). */
export async function lockToken(
  trx: Transaction<Database>,
  tenantId: string,
  tokenHash: string,
): Promise<ResetTokenRow | undefined> {
  return trx
    .selectFrom('password_reset_tokens')
    .select(['token_hash', 'user_id', 'expires_at', 'used_at'])
    .where('tenant_id', '=', tenantId)
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

/** Marks every unused link of the user used: the one just used, and any older one still out. */
export async function useUserTokens(
  trx: Executor,
  tenantId: string,
  userId: string,
  at: Date,
): Promise<void> {
  await trx
    .updateTable('password_reset_tokens')
    .set({ used_at: at })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Housekeeping: links that expired before `before` are of no use to anyone. */
export async function deleteExpiredTokens(db: Executor, tenantId: string, before: Date): Promise<void> {
  await db
    .deleteFrom('password_reset_tokens')
    .where('tenant_id', '=', tenantId)
    .where('expires_at', '<', before)
    .execute();
}
