import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface StoredImage {
  content_type: string;
  bytes: Uint8Array;
}

/** Stores an image once per content: a second upload of the same bytes changes nothing. */
export async function insertImage(
  trx: Executor,
  tenantId: string,
  image: { hash: string; content_type: string; bytes: Uint8Array },
  at: Date,
): Promise<boolean> {
  const result = await trx
    .insertInto('product_images')
    .values({
      tenant_id: tenantId,
      hash: image.hash,
      content_type: image.content_type,
      bytes: image.bytes,
      size: image.bytes.byteLength,
      created_at: at,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'hash']).doNothing())
    .returning('hash')
    .execute();
  return result.length > 0;
}

export async function findImage(
  db: Executor,
  tenantId: string,
  hash: string,
): Promise<StoredImage | undefined> {
  return db
    .selectFrom('product_images')
    .select(['content_type', 'bytes'])
    .where('tenant_id', '=', tenantId)
    .where('hash', '=', hash)
    .executeTakeFirst();
}

/** Which of `hashes` the tenant has stored. */
export async function existingImageHashes(
  db: Executor,
  tenantId: string,
  hashes: readonly string[],
): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .selectFrom('product_images')
    .select('hash')
    .where('tenant_id', '=', tenantId)
    .where('hash', 'in', [...new Set(hashes)])
    .execute();
  return new Set(rows.map((r) => r.hash));
}

/**
 * Deletes up to `limit` images uploaded before `before` that no product names any more (deleted
 * products included: their rows stay, and old orders still show them). An image is named by its
 * hash inside a product's `images` URLs. Returns how many went.
 */
export async function deleteOrphanImages(db: Executor, before: Date, limit: number): Promise<number> {
  const result = await sql`
    DELETE FROM product_images AS pi
    WHERE (pi.tenant_id, pi.hash) IN (
      SELECT i.tenant_id, i.hash FROM product_images AS i
      WHERE i.created_at < ${before}
        AND NOT EXISTS (
          SELECT 1 FROM products AS p
          WHERE p.tenant_id = i.tenant_id AND strpos(p.images::text, i.hash) > 0
        )
      LIMIT ${limit}
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
