import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** Queries of the demo-mode debug calls (only mounted in demo mode). */

/** The oldest live pending_approval order of the tenant (created_at, then id). */
export async function findOldestPendingOrder(db: Executor, tenantId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .where('status', '=', 'pending_approval')
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  return row?.id;
}

export interface DemoProduct {
  id: string;
  name: string;
  selling_price: string;
  discounted_price: string | null;
}

/** Active, live products with a barcode (the warehouse scans them), by product code. */
export async function findScannableProducts(
  db: Executor,
  tenantId: string,
  limit: number,
): Promise<DemoProduct[]> {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'selling_price', 'discounted_price'])
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .where('status', '=', 'active')
    .where('barcode', 'is not', null)
    .orderBy('product_code')
    .limit(limit)
    .execute();
}

export interface DemoCustomer {
  id: string;
  full_name: string;
  phone: string | null;
  email: string | null;
  address: string | null;
}

export async function findDemoCustomers(
  db: Executor,
  tenantId: string,
  limit: number,
): Promise<DemoCustomer[]> {
  return db
    .selectFrom('customers')
    .select(['id', 'full_name', 'phone', 'email', 'address'])
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .orderBy('customer_number')
    .limit(limit)
    .execute();
}
