import { useLiveQuery } from 'dexie-react-hooks';
import type { CreateOrderBody } from '../../shared/api/orders';
import {
  createOrder,
  type LocalCustomer,
  type LocalOrder,
  type LocalProduct,
  listCustomers,
  listProducts,
  type ProductFilter,
} from '../local';
import { useUi } from '../state/ui';
import { t } from './i18n';
import { useLocalDb } from './local-store';

/**
 * What more than one feature reads or does with the local store: the mirrored customers and
 * products (/create-order, /sales, the order edit dialog) and creating an order (/create-order and
 * /sales). It lives here, not in a feature folder, so that no feature imports another (issue 7:
 * orders and sales used to import each other). Reads are live (useLiveQuery); `undefined` while
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
 * Runs a local action with the spec's texts: `successText` (a snackbar) on success (null: none); on
 * an unexpected local failure `errorText` (with the reason, as a toast) and null. "Success" means the change
 * is applied on this device and queued in the outbox; a later refusal by the server appears in
 * the sync panel.
 */
export async function runLocalAction<T>(
  action: () => Promise<T>,
  successText: string | null,
  errorText: string,
): Promise<T | null> {
  const ui = useUi.getState();
  try {
    const result = await action();
    if (successText) ui.showSuccess(successText);
    return result;
  } catch (error) {
    console.error(error);
    const message = error instanceof Error && error.message ? error.message : null;
    // A failed change is a toast at the top right (spec §8), not a snackbar.
    ui.showToast(message ? `${errorText}: ${message}` : errorText);
    return null;
  }
}

/** Create an order (offline too). `successText`: the create-order screen says 'Sipariş başarıyla oluşturuldu!'. */
export function createOrderAction(
  input: CreateOrderBody,
  successText = t('orderCreated'),
): Promise<LocalOrder | null> {
  return runLocalAction(() => createOrder(input), successText, t('orderCreateError'));
}
