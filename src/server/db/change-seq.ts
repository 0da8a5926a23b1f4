import { sql, type Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * CHANGE ORDER = COMMIT ORDER (the invariant incremental sync stands on).
 *
 * Every syncable row (orders — their items travel with them —, notifications, products,
 * customers) carries `change_seq`. A client pulls "everything with change_seq > my cursor" and
 * then moves its cursor to the highest number it received. That is only correct if no change
 * can ever become visible LATER with a LOWER number than one a client has already seen.
 *
 * A PostgreSQL SEQUENCE (or max()+1) does not give that: transaction A takes 41, transaction B
 * takes 42, B commits first, a client pulls and sees 42, moves its cursor to 42, then A commits
 * 41 — and that client never sees A's change. Ever.
 *
 * So every writing transaction takes its number with
 *
 *     UPDATE tenant_counters SET change_seq = change_seq + 1 WHERE tenant_id = $1 RETURNING change_seq
 *
 * INSIDE the transaction. The UPDATE takes the row lock on the tenant's counter row and holds it
 * until COMMIT/ROLLBACK, so a second writer of the same tenant blocks on that UPDATE until the
 * first one has committed, and only then reads the incremented value. PostgreSQL makes a
 * transaction visible to new snapshots before it releases its locks, so by the time writer 2 holds
 * the number N+1, writer 1's N is already visible. Numbers are therefore handed out in commit
 * order: any snapshot that sees N+1 also sees N. The pull reads all collections in ONE
 * repeatable-read snapshot (sync.repository.ts), so it can never return N+1 without N.
 * (A rolled-back writer also rolls its increment back; gaps are harmless, reordering is not.)
 *
 * The price is that writers of ONE tenant serialize from the moment they bump until they commit.
 * That is why the bump comes LAST, after the transaction's reads and row locks: it keeps the
 * serialized window short, and it fixes the lock order. On PostgreSQL every writer locks
 *   1. the entity rows it changes (e.g. the order: SELECT … FOR UPDATE), then
 *   2. the tenant counter,
 * and takes no lock on an existing row after the counter. Two writers then can never each hold
 * what the other waits for, so they cannot deadlock (a writer holding the counter only waits for
 * nothing; a writer holding an order row may wait for the counter, which is released at commit).
 * Inserting brand-new rows after the bump is fine: they conflict with no existing row lock (a
 * duplicate unique key only waits for a writer that is itself past the counter, i.e. committing).
 *
 * On PGlite there is one connection and transactions run one after another, so the lock is
 * uncontended and the same code is trivially correct.
 *
 * `count` > 1 reserves a block of numbers (N-count+1 … N) so that a transaction changing many rows
 * (mark all read) gives each row its own number: a page boundary of the pull then never falls
 * inside a group of rows sharing one number.
 */
export async function bumpChangeSeq(
  trx: Transaction<Database>,
  tenantId: string,
  count = 1,
): Promise<number> {
  if (!Number.isInteger(count) || count < 1) throw new RangeError('count must be a positive integer');
  const row = await trx
    .updateTable('tenant_counters')
    .set({ change_seq: sql`change_seq + ${count}` })
    .where('tenant_id', '=', tenantId)
    .returning('change_seq')
    .executeTakeFirstOrThrow();
  return Number(row.change_seq);
}

/** Reserves a block of `count` numbers and returns them in ascending order. */
export async function reserveChangeSeqs(
  trx: Transaction<Database>,
  tenantId: string,
  count: number,
): Promise<number[]> {
  if (count === 0) return [];
  const last = await bumpChangeSeq(trx, tenantId, count);
  return Array.from({ length: count }, (_, i) => last - count + 1 + i);
}

/**
 * Next order / customer number of the tenant. Same row, same lock (these run in the writing
 * transaction that creates the order or customer, and that transaction bumps change_seq too).
 */
export async function nextTenantNumber(
  trx: Transaction<Database>,
  tenantId: string,
  counter: 'order_seq' | 'customer_seq',
): Promise<number> {
  const row = await trx
    .updateTable('tenant_counters')
    .set({ [counter]: sql`${sql.ref(counter)} + 1` })
    .where('tenant_id', '=', tenantId)
    .returning(counter)
    .executeTakeFirstOrThrow();
  return Number((row as Record<string, unknown>)[counter]);
}
