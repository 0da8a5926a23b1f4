import { z } from 'zod';
import { limitQuery } from './common';
import { parseCollectionList, pullCollectionsShape, SYNCED, type SyncedTable } from './synced';

/**
 * GET /sync/pull?tenant=&cursor=&limit=
 *
 * Incremental pull. Every tenant-owned row carries `change_seq`, taken from a
 * per-tenant counter row bumped inside the writing transaction, so change order = commit order.
 * The response holds the changes with change_seq > cursor, oldest first, at most `limit` of them
 * across all collections, and the cursor to ask with next. A changed row the caller may not see
 * (deleted, or out of their visibility) comes as a removal (its id); on a first pull (cursor 0)
 * removals are omitted. `has_more` says to ask again at once.
 */
/** Rows per pull page: by default, and at most (a device catching up asks for the most). */
export const SYNC_PULL_DEFAULT_LIMIT = 500;
export const SYNC_PULL_MAX_LIMIT = 2000;

/**
 * Headers of a pull's answer that repeat its body's `cursor` and `has_more`: a device reads them
 * as soon as the answer starts, and asks for the next page at once — before it has read, parsed
 * and checked a page of up to 2,000 orders — so the server works on the next page meanwhile.
 */
export const SYNC_NEXT_CURSOR_HEADER = 'X-Sync-Next-Cursor';
export const SYNC_HAS_MORE_HEADER = 'X-Sync-Has-More';

export const syncPullQuery = z.object({
  cursor: z
    .string({ error: 'Eşitleme konumu geçersiz' })
    .regex(/^\d{1,16}$/, 'Eşitleme konumu geçersiz')
    // Change numbers are handled as JS numbers (and bigint in the database): a cursor past
    // Number.MAX_SAFE_INTEGER (2^53 − 1, itself far inside bigint's 2^63 − 1) cannot name a real
    // change and would lose precision on the way to SQL (then overflow bigint: a 500) → 400.
    .refine((v) => Number(v) <= Number.MAX_SAFE_INTEGER, 'Eşitleme konumu geçersiz')
    .default('0'),
  limit: limitQuery(SYNC_PULL_DEFAULT_LIMIT, SYNC_PULL_MAX_LIMIT),
  /**
   * Only these collections (comma-separated names of the synced table), for a device back-filling
   * a collection its mirror did not have before (a new app version added it): the boundary and
   * the rows then come from these collections alone, the others answer empty. Absent: all.
   */
  collections: z
    .string({ error: 'Eşitlenecek veriler geçersiz' })
    .max(500, 'Eşitlenecek veriler geçersiz')
    .refine((v) => parseCollectionList(SYNCED, v) !== null, 'Eşitlenecek veriler geçersiz')
    .optional(),
});

const pullHead = {
  /**
   * Names the tenant's history of change numbers. A device whose mirror was built under another
   * epoch (the server's data was restored or re-created) must discard its mirror — keeping its
   * unsent changes — and pull again from cursor 0.
   */
  epoch: z.string(),
  cursor: z.string(),
  has_more: z.boolean(),
};

/** The contract of a pull answer over a table of synced collections (synced.ts). */
export function pullResponseSchema<T extends SyncedTable>(table: T) {
  return z.object({ ...pullHead, ...pullCollectionsShape(table) });
}

/** The pull answer: the head above, then `{ upserts, removals }` for every synced collection. */
export const syncPullResponse = pullResponseSchema(SYNCED);
export type SyncPullResponse = z.infer<typeof syncPullResponse>;
