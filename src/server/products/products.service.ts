import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { ProductListBody, productListQuery } from '../../shared/api/catalogue';
import type { Role } from '../../shared/domain/roles';
import type { Database } from '../db/schema';
import type { MutationResult } from '../idempotency/mutation';
import { findListName, insertListNames, type ListKind, listNames } from './product-lists.repository';
import { productForRole } from './product-projection';
import * as repo from './products.repository';

const trCollator = new Intl.Collator('tr-TR');

/** GET /products: the spec's list body — `data` is the array, `pagination` sits beside it. */
export async function list(
  db: Kysely<Database>,
  tenantId: string,
  role: Role,
  query: z.output<typeof productListQuery>,
): Promise<ProductListBody> {
  const { items, total } = await repo.listProducts(
    db,
    tenantId,
    {
      search: query.search || undefined,
      category: query.category || undefined,
      brand: query.brand || undefined,
      status: query.status,
    },
    {
      sortBy: query.sort_by,
      sortOrder: query.sort_order,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    },
  );
  return {
    success: true,
    data: items.map((item) => productForRole(repo.toWireProduct(item), role)),
    pagination: {
      page: query.page,
      limit: query.limit,
      total,
      totalDocs: total,
      pages: Math.ceil(total / query.limit),
    },
  };
}

/** GET /products/categories and /products/brands: the tenant's list, sorted the Turkish way. */
export async function listNamesSorted(
  db: Kysely<Database>,
  tenantId: string,
  kind: ListKind,
): Promise<string[]> {
  const values = await listNames(db, tenantId, kind);
  return values.sort(trCollator.compare);
}

/**
 * POST /products/categories and /products/brands: adds the name unless the list holds the same
 * name under Turkish case folding — then that one is the answer (200, created false), so adding it
 * twice (a replay, a second admin) is adding it once.
 */
export async function addListName(
  trx: Transaction<Database>,
  tenantId: string,
  kind: ListKind,
  name: string,
): Promise<MutationResult<{ name: string; created: boolean }>> {
  const existing = await findListName(trx, tenantId, kind, name);
  if (existing !== undefined)
    return { data: { name: existing, created: false }, statusCode: 200, changed: false };
  const added = await insertListNames(trx, tenantId, kind, [name]);
  const stored = (await findListName(trx, tenantId, kind, name)) ?? name;
  return {
    data: { name: stored, created: added > 0 },
    statusCode: added > 0 ? 201 : 200,
    changed: added > 0,
  };
}
