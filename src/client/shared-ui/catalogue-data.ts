import { useLiveQuery } from 'dexie-react-hooks';
import type { CreateOrderBody } from '../../shared/api/orders';
import type { LocalCustomer, LocalOrder, LocalProduct } from '../local/database';
import { listCustomers, listProducts, type ProductFilter } from '../local/queries';
import { createOrder } from '../local/shared-mutations';
import { t } from './i18n';
import { runLocalAction } from './local-action';
import { useLocalDb } from './local-store';

/**
 * What more than one feature reads or does with the local store: the mirrored customers and
 * products (/create-order, /sales, the order edit dialog) and creating an order (/create-order and
 * /sales). It lives here, not in a feature folder, so that no feature imports another (a feature
 * folder that imports another cannot change alone; orders and sales used to import each other).
 * Reads are live (useLiveQuery); `undefined` while
 * the first read runs.
 */

export function useCustomers(): LocalCustomer[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(async () => (db ? listCustomers(db) : []), [db]);
}

export function useProducts(filter: ProductFilter = {}): LocalProduct[] | undefined {
  const db = useLocalDb();
  return useLiveQuery(
    async () => (db ? listProducts(db, filter) : []),
    [db, filter.search, filter.category, filter.status],
  );
}

/**
 * The first image of each of these products, by product id, from the mirrored catalogue (an
 * order's lines show their product's thumbnail). Products the device does not hold, or without an
 * image, are absent from the map.
 */
export function useProductImages(ids: readonly (string | null | undefined)[]): Map<string, string> {
  const db = useLocalDb();
  const wanted = [...new Set(ids.filter((id): id is string => !!id))].sort();
  const key = wanted.join(',');
  const found = useLiveQuery(async () => {
    if (!db || wanted.length === 0) return [] as [string, string][];
    const rows = await db.products.bulkGet(wanted);
    return rows.flatMap((row) => {
      const url = row?.images?.[0]?.url;
      return row && url ? [[row.id, url] as [string, string]] : [];
    });
  }, [db, key]);
  return new Map(found ?? []);
}

/** Create an order (offline too). `successText`: the create-order screen says 'Sipariş başarıyla oluşturuldu!'. */
export function createOrderAction(
  input: CreateOrderBody,
  successText = t('orderCreated'),
): Promise<LocalOrder | null> {
  return runLocalAction(() => createOrder(input), successText, t('orderCreateError'));
}
