import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect } from 'vitest';
import { applyStockMovements } from '../../../src/server/stock/stock.service';
import type { Order } from '../../../src/shared/api/entities';
import { type Api, type Session, startApi } from './harness';

/**
 * Shared setup of the warehouse API tests (warehouse-*.test.ts): the demo tenant's signed-in users,
 * barcoded products with stock on the shelf, approved orders of them, a scan call, and an order's
 * scan state as the database holds it. `setUpWarehouseApi()` starts a freshly seeded server for the
 * calling test file.
 */
export const run = promisify(execFile);

export let api: Api;
export let admin: Session;
export let manager: Session;
export let sales: Session;
export let sales2: Session;
export let warehouse: Session;
export let driver: Session;
export let foreignWarehouse: Session;
export let tmp: string;

export interface Product {
  id: string;
  name: string;
  barcode: string;
  product_code: string;
  selling_price: string;
}
export let products: Product[];

export type Envelope<T = unknown> = {
  success: boolean;
  data: T;
  code?: string;
  error?: string;
  field?: string;
  reason?: string;
  remaining?: number;
  current?: Order;
};
export interface ScanData {
  success: true;
  product: { id: string | null; name: string; barcode: string | null };
  message: string;
  item_id: string;
  scanned_quantity: number;
  order: Order;
}

/** A freshly seeded server for the calling test file, its users signed in and its barcoded products stocked (closed and cleaned up after the file). */
export function setUpWarehouseApi(): void {
  beforeAll(async () => {
    api = await startApi();
    [admin, manager, sales, sales2, warehouse, driver, foreignWarehouse] = await Promise.all([
      api.login('demo', 'admin'),
      api.login('demo', 'manager'),
      api.login('demo', 'sales'),
      api.login('demo', 'sales2'),
      api.login('demo', 'warehouse'),
      api.login('demo', 'driver'),
      api.login('client1', 'warehouse'),
    ]);
    products = (await api.db
      .selectFrom('products')
      .select(['id', 'name', 'barcode', 'product_code', 'selling_price'])
      .where('tenant_id', '=', 'demo')
      .where('barcode', 'is not', null)
      .where('deleted_at', 'is', null)
      .orderBy('product_code')
      .limit(10)
      .execute()) as Product[];
    // Approving reserves stock: the shelf receives enough for every order these tests approve.
    await api.db.transaction().execute((trx) =>
      applyStockMovements(
        trx,
        'demo',
        null,
        products.map((p) => ({
          product_id: p.id,
          quantity: 10_000,
          reserved_delta: 0,
          reason: 'manual_adjustment',
        })),
      ),
    );
    expect(products.length).toBeGreaterThanOrEqual(4);
    tmp = await mkdtemp(join(tmpdir(), 'irsaliye-'));
  });
  afterAll(async () => {
    await api?.close();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });
}

export const product = (i: number) => products[i] as Product;

/** A new order (sales) with lines of the given products and quantities, approved by the manager. */
export async function approvedOrder(
  lines: { product: Product; quantity: number }[],
  options: { customer?: string; approve?: boolean; notes?: string } = {},
): Promise<Order> {
  const created = await api.call<Envelope<Order>>('POST', '/orders', {
    token: sales.token,
    body: {
      customer_name: options.customer ?? 'Depo Testi Ltd.',
      customer_phone: '+90 555 000 11 22',
      customer_address: 'Organize Sanayi Bölgesi 3. Cad. No:7, Çorlu / Tekirdağ',
      items: lines.map((l) => ({
        product_id: l.product.id,
        product_name: l.product.name,
        quantity: l.quantity,
        unit_price: Number(l.product.selling_price),
      })),
      notes: options.notes ?? null,
    },
  });
  expect(created.status, created.raw).toBe(201);
  if (options.approve === false) return created.body.data;
  const approved = await api.call<Envelope<Order>>('PATCH', `/orders/${created.body.data.id}/status`, {
    token: manager.token,
    body: { status: 'approved', expected_status: 'pending_approval' },
  });
  expect(approved.status, approved.raw).toBe(200);
  return approved.body.data;
}

export function scan(
  s: Session,
  body: { barcode: string; order_id: string; scan_id?: string; quantity?: number },
  idempotencyKey?: string,
) {
  return api.call<Envelope<ScanData>>('POST', '/warehouse/scan-barcode', {
    tenant: s.tenant,
    token: s.token,
    body,
    idempotencyKey,
  });
}

export async function stateOf(orderId: string) {
  const items = await api.db
    .selectFrom('order_items')
    .select(['id', 'scanned_quantity'])
    .where('tenant_id', '=', 'demo')
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
  const order = await api.db
    .selectFrom('orders')
    .select(['change_seq', 'status'])
    .where('tenant_id', '=', 'demo')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const scans = await api.db
    .selectFrom('order_scans')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tenant_id', '=', 'demo')
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  const events = await api.db
    .selectFrom('order_events')
    .select(['event_type'])
    .where('tenant_id', '=', 'demo')
    .where('order_id', '=', orderId)
    .execute();
  const notifications = await api.db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tenant_id', '=', 'demo')
    .where('related_order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return {
    scanned: items.map((i) => Number(i.scanned_quantity)),
    changeSeq: Number(order.change_seq),
    status: order.status,
    scans: Number(scans.n),
    events: events.map((e) => e.event_type),
    notifications: Number(notifications.n),
  };
}
