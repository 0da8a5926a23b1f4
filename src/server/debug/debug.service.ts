import type { Kysely, Transaction } from 'kysely';
import type { OrderSummary } from '../../shared/api/entities';
import type { CreateOrderInput } from '../../shared/api/orders';
import { type EventNote, storedEventNote } from '../../shared/api/stored-texts';
import { DEBUG_MESSAGES } from '../../shared/api/warehouse';
import { mayUseDemoAction } from '../../shared/domain/demo-actions';
import { toKurus } from '../../shared/domain/money';
import { orderScope } from '../../shared/domain/order-status';
import type { Database } from '../db/schema';
import type { MutationResult } from '../idempotency/mutation';
import { forbidden } from '../lib/errors';
import { listOrders } from '../orders/order-lists.repository';
import { changeStatus } from '../orders/order-status.service';
import { create, type OrderActor } from '../orders/orders.service';
import type { Tenant } from '../tenants/tenants.repository';
import * as repo from './debug.repository';

/**
 * The spec's debug calls, registered only in demo mode (a database seeded with demo data; app.ts).
 * They act AS THEIR CALLER through the same services as the real endpoints, so every permission,
 * event, notification and change number is the real one; who may use which is
 * src/shared/domain/demo-actions.ts.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** How many orders GET /debug/all-orders lists at most (newest first). */
const ALL_ORDERS_LIMIT = 500;

export async function allOrders(db: Db, tenantId: string, user: OrderActor & { role: string }) {
  const { wires } = await listOrders(
    db,
    tenantId,
    orderScope(user),
    {},
    { offset: 0, limit: ALL_ORDERS_LIMIT, count: false },
  );
  return {
    user: { id: user.id, role: user.role, full_name: user.full_name },
    tenantId,
    orders: wires.map((text) => {
      const o = JSON.parse(text) as OrderSummary;
      return { id: o.id, order_number: o.order_number, status: o.status };
    }),
  };
}

type Action = MutationResult<{ success: boolean; message: string; order_numbers: string[] }>;

/**
 * POST /debug/approve-first-order: the tenant's oldest pending_approval order → approved by the
 * CALLER through PATCH status's service (its checks, event, decision and notifications). Only
 * whoever may approve may use it (mayUseDemoAction, the status machine's rule): anyone else gets
 * 403 and nothing is written.
 */
export async function approveFirstOrder(trx: Trx, tenantId: string, actor: OrderActor): Promise<Action> {
  if (!mayUseDemoAction(actor, 'approveFirst')) throw forbidden(DEBUG_MESSAGES.cannotApprove);
  const id = await repo.findOldestPendingOrder(trx, tenantId);
  if (!id)
    return {
      data: { success: false, message: 'Onay bekleyen sipariş bulunamadı', order_numbers: [] },
      changed: false,
    };
  const note: EventNote = { key: 'demo_approved' };
  const result = await changeStatus(
    trx,
    tenantId,
    actor,
    id,
    { status: 'approved', notes: storedEventNote(note).notes, expected_status: 'pending_approval' },
    { note },
  );
  const number = result.data.order_number;
  return {
    data: { success: true, message: `Sipariş onaylandı: ${number}`, order_numbers: [number] },
    entityId: id,
    changed: true,
    audit: { params: { number, customer: result.data.customer_name } },
  };
}

/** How many orders POST /debug/create-test-orders makes. */
const TEST_ORDERS = 3;

/**
 * POST /debug/create-test-orders: a few realistic orders (a customer of the tenant, 2–4 lines of
 * products with barcodes, 1–5 units each at the product's price) through the orders service; the
 * caller is their salesperson and they wait for approval like any new order. Only those whose work
 * is selling may use it (mayUseDemoAction): anyone else gets 403 and nothing is written.
 */
export async function createTestOrders(trx: Trx, tenant: Tenant, actor: OrderActor): Promise<Action> {
  if (!mayUseDemoAction(actor, 'createTest')) throw forbidden(DEBUG_MESSAGES.cannotCreate);
  const products = await repo.findScannableProducts(trx, tenant.id, 40);
  if (products.length === 0) {
    return {
      data: { success: false, message: 'Barkodlu ürün bulunamadı', order_numbers: [] },
      changed: false,
    };
  }
  const customers = await repo.findDemoCustomers(trx, tenant.id, 24);
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;
  const numbers: string[] = [];
  for (let n = 0; n < TEST_ORDERS; n++) {
    const customer = customers.length > 0 ? pick(customers) : null;
    const lineCount = Math.min(products.length, 2 + Math.floor(Math.random() * 3));
    const chosen = [...products].sort(() => Math.random() - 0.5).slice(0, lineCount);
    const items = chosen.map((p) => ({
      product_id: p.id,
      product_name: p.name,
      quantity: 1 + Math.floor(Math.random() * 5),
      unit_price: toKurus(p.discounted_price ?? p.selling_price) / 100,
    }));
    const body = {
      customer_id: customer?.id ?? null,
      customer_name: customer?.full_name ?? 'Test Müşterisi',
      customer_phone: customer?.phone ?? null,
      customer_email: customer?.email ?? null,
      customer_address: customer?.address ?? null,
      items,
      notes: 'Demo: test siparişi',
    } as CreateOrderInput;
    const result = await create(trx, tenant, actor, body);
    numbers.push(result.data.order_number);
  }
  return {
    data: {
      success: true,
      message: `${numbers.length} test siparişi oluşturuldu: ${numbers.join(', ')}`,
      order_numbers: numbers,
    },
    changed: true,
    audit: { params: { count: numbers.length } },
  };
}
