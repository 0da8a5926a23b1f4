import type { Kysely, Transaction } from 'kysely';
import type { OrderSummary } from '../../shared/api/entities';
import type { CreateOrderInput } from '../../shared/api/orders';
import { toKurus } from '../../shared/domain/money';
import { checkTransition, orderScope } from '../../shared/domain/order-status';
import type { Database } from '../db/schema';
import type { MutationResult } from '../idempotency/mutation';
import * as ordersRepo from '../orders/orders.repository';
import { changeStatus, create, type OrderActor } from '../orders/orders.service';
import type { Tenant } from '../tenants/tenants.repository';
import { listActiveStaff } from '../users/staff.repository';
import * as repo from './debug.repository';

/**
 * The spec's debug calls (§7), registered only in demo mode (config.demoMode; app.ts). They act
 * through the same services as the real endpoints, so every rule, event, notification and change
 * number is the real one.
 */

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** How many orders GET /debug/all-orders lists at most (newest first). */
const ALL_ORDERS_LIMIT = 500;

export async function allOrders(db: Db, tenantId: string, user: OrderActor & { role: string }) {
  const { wires } = await ordersRepo.listOrders(
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

type Action = MutationResult<{ success: boolean; message: string }>;

/**
 * POST /debug/approve-first-order: the tenant's oldest pending_approval order → approved through
 * PATCH status's service. A manager or admin approves as themselves; the warehouse user (whose
 * debug button the spec has, but who may not approve) has it approved by the tenant's first
 * active manager/admin, the event's notes naming who pressed the button.
 */
export async function approveFirstOrder(trx: Trx, tenantId: string, actor: OrderActor): Promise<Action> {
  const id = await repo.findOldestPendingOrder(trx, tenantId);
  if (!id) return { data: { success: false, message: 'Onay bekleyen sipariş bulunamadı' }, changed: false };
  let approver: OrderActor = actor;
  let notes: string | null = 'Demo: ilk bekleyen sipariş onaylandı';
  if (
    !checkTransition(actor, { status: 'pending_approval', salesperson_id: null, driver_id: null }, 'approved')
      .ok
  ) {
    const [manager] = await listActiveStaff(trx, tenantId, ['manager', 'admin']);
    if (!manager)
      return {
        data: { success: false, message: 'Siparişi onaylayacak yönetici bulunamadı' },
        changed: false,
      };
    approver = { id: manager.id, role: manager.role, full_name: manager.full_name };
    notes = `Demo: ${actor.full_name} isteğiyle onaylandı`;
  }
  const result = await changeStatus(trx, tenantId, approver, id, {
    status: 'approved',
    notes,
    expected_status: 'pending_approval',
  });
  return {
    data: { success: true, message: `Sipariş onaylandı: ${result.data.order_number}` },
    entityId: id,
    changed: true,
  };
}

/** How many orders POST /debug/create-test-orders makes. */
const TEST_ORDERS = 3;

/**
 * POST /debug/create-test-orders: a few realistic orders (a customer of the tenant, 2–4 lines of
 * products with barcodes, 1–5 units each at the product's price) through the orders service; the
 * caller is their salesperson and they wait for approval like any new order.
 */
export async function createTestOrders(trx: Trx, tenant: Tenant, actor: OrderActor): Promise<Action> {
  const products = await repo.findScannableProducts(trx, tenant.id, 40);
  if (products.length === 0) {
    return { data: { success: false, message: 'Barkodlu ürün bulunamadı' }, changed: false };
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
    data: { success: true, message: `${numbers.length} test siparişi oluşturuldu: ${numbers.join(', ')}` },
    changed: true,
  };
}
