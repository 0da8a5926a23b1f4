import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { ProductListBody, productListQuery } from '../../shared/api/catalogue';
import type { Role } from '../../shared/domain/roles';
import type { Database } from '../db/schema';
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

/** GET /products/categories and /products/brands: distinct values, sorted the Turkish way. */
export async function distinctValues(
  db: Kysely<Database>,
  tenantId: string,
  column: 'category' | 'brand',
): Promise<string[]> {
  const values = await repo.distinctProductValues(db, tenantId, column);
  return values.sort(trCollator.compare);
}
