import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { API } from '../../shared/api/endpoints';
import { useApiMutation, useApiQuery } from '../api/query';
import { useLocalDb } from '../shared-ui/local-store';
import { type ProductPage, type ProductPageFilter, productFieldValues, queryProductPage } from './local';

/**
 * Products as the management screen sees them: read live from the device's mirror (a synced
 * collection, so the screen works offline after one visit and a sync re-renders it); the tenant's
 * category and brand lists from the server (cached, so they show offline too) together with the
 * values the mirrored products carry.
 */

export interface ShownProductPage extends ProductPage {
  /** Read for this render's filter and page (false while a newer read runs: the old page stays). */
  current: boolean;
}

export function useProductPage(
  filter: ProductPageFilter,
  page: number,
  pageSize: number,
): ShownProductPage | undefined {
  const db = useLocalDb();
  const key = JSON.stringify([
    !!db,
    filter.search ?? null,
    filter.category ?? null,
    filter.brand ?? null,
    filter.status ?? null,
    page,
    pageSize,
  ]);
  const read = useLiveQuery(
    async () => ({
      key,
      page: db ? await queryProductPage(db, filter, page, pageSize) : { rows: [], total: 0 },
    }),
    [db, key],
  );
  return useMemo(() => (read ? { ...read.page, current: read.key === key } : undefined), [read, key]);
}

/** Whether any product is mirrored on this device (tells "none here yet" from "none match"). */
export function useHasProducts(): boolean | undefined {
  const db = useLocalDb();
  return useLiveQuery(async () => (db ? (await db.products.limit(1).count()) > 0 : false), [db]);
}

/**
 * The tenant's categories or brands: the server's list (GET /products/categories or /brands, a
 * tenant's own data — not constants) merged with the values of the mirrored products, in tr-TR
 * order. Offline: the cached list and the mirror's values.
 */
export function useProductList(kind: 'category' | 'brand'): string[] {
  const db = useLocalDb();
  const server = useApiQuery(kind === 'category' ? API.productCategories : API.productBrands);
  const local = useLiveQuery(async () => (db ? productFieldValues(db, kind) : []), [db, kind]);
  return useMemo(() => {
    const merged = new Set([...(server.data ?? []), ...(local ?? [])]);
    return [...merged].sort((a, b) => a.localeCompare(b, 'tr-TR'));
  }, [server.data, local]);
}

/** Adds a category or brand to the tenant's list (needs the server: refused offline, said so). */
export function useAddToList(kind: 'category' | 'brand') {
  return useApiMutation(kind === 'category' ? API.productCategoryCreate : API.productBrandCreate, {
    invalidates: [kind === 'category' ? API.productCategories : API.productBrands],
  });
}
