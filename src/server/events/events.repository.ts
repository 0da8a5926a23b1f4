import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The newest of `branches` — each a synced collection's newest change number after the cursor
 * that the user's pull would carry something for (sync/sources.ts `newest`: their own
 * notifications, products, customers, orders they may see now or could have seen; the same
 * conditions as the sync feed) — or null. A stream that opens with a cursor (Last-Event-ID) or
 * whose listener was away asks this once; live changes come by NOTIFY. Each branch walks its
 * (tenant_id, change_seq) index from the newest number down.
 */
export async function latestRelevantChange(
  db: Kysely<Database>,
  branches: readonly RawBuilder<number | null>[],
): Promise<number | null> {
  const result = await sql<{ seq: number | string | null }>`
    SELECT greatest(${sql.join(branches)}) AS seq`.execute(db);
  const seq = result.rows[0]?.seq;
  return seq == null ? null : Number(seq);
}
