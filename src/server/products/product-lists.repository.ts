import type { Kysely, Transaction } from 'kysely';
import { listNameKey } from '../../shared/domain/turkish-text';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** The tenant's category list or brand list. */
export type ListKind = 'product_categories' | 'product_brands';

/** What a new tenant's lists start with (an admin adds more from the product dialog). */
export const DEFAULT_LIST_NAMES: Readonly<Record<ListKind, readonly string[]>> = {
  product_categories: ['Elektronik', 'Bilgisayar', 'Giyim', 'Ev & Yaşam'],
  product_brands: ['Apple', 'Samsung', 'Dell'],
};

/** Gives a tenant the default lists plus the names `products` use. */
export async function seedListNames(
  trx: Executor,
  tenantId: string,
  products: readonly { category: string | null; brand: string | null }[],
  at: Date,
): Promise<void> {
  const used = (key: 'category' | 'brand') =>
    products.map((p) => p[key]).filter((v): v is string => typeof v === 'string');
  await insertListNames(
    trx,
    tenantId,
    'product_categories',
    [...DEFAULT_LIST_NAMES.product_categories, ...used('category')],
    at,
  );
  await insertListNames(
    trx,
    tenantId,
    'product_brands',
    [...DEFAULT_LIST_NAMES.product_brands, ...used('brand')],
    at,
  );
}

/** Every name of the list (unsorted). */
export async function listNames(db: Executor, tenantId: string, kind: ListKind): Promise<string[]> {
  const rows = await db.selectFrom(kind).select('name').where('tenant_id', '=', tenantId).execute();
  return rows.map((r) => r.name);
}

/** The stored name that is the same name as `name` (Turkish case folding), if any. */
export async function findListName(
  db: Executor,
  tenantId: string,
  kind: ListKind,
  name: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom(kind)
    .select('name')
    .where('tenant_id', '=', tenantId)
    .where('name_key', '=', listNameKey(name))
    .executeTakeFirst();
  return row?.name;
}

/**
 * Adds the names the list does not hold yet (by their folded key), keeping the first spelling of
 * each; returns how many were added. A name added meanwhile by another writer is kept as it was.
 */
export async function insertListNames(
  trx: Executor,
  tenantId: string,
  kind: ListKind,
  names: readonly string[],
  at: Date = new Date(),
): Promise<number> {
  const byKey = new Map<string, string>();
  for (const raw of names) {
    const name = raw.trim().replace(/\s+/g, ' ');
    const key = listNameKey(name);
    if (name && !byKey.has(key)) byKey.set(key, name);
  }
  if (byKey.size === 0) return 0;
  const result = await trx
    .insertInto(kind)
    .values([...byKey].map(([name_key, name]) => ({ tenant_id: tenantId, name, name_key, created_at: at })))
    .onConflict((oc) => oc.columns(['tenant_id', 'name_key']).doNothing())
    .returning('id')
    .execute();
  return result.length;
}
