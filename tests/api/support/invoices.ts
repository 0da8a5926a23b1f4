import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../src/server/db/schema';
import type { Invoice } from '../../../src/shared/api/invoices';
import type { Api, Session } from './harness';

/**
 * Orders ready to invoice, written straight into the database (the status path to "delivered"
 * has its own tests): each with lines at KDV 20, 10 and 1 whose totals add up to the order's, a
 * customer with a VKN, and the given status and salesperson.
 */
export interface TestOrder {
  id: string;
  order_number: string;
  total_kurus: number;
}

let made = 0;

export async function insertOrders(
  db: Kysely<Database>,
  tenantId: string,
  count: number,
  options: { status?: string; salespersonId?: string | null; customerTaxNumber?: string | null; lines?: number } = {},
): Promise<TestOrder[]> {
  const status = options.status ?? 'delivered';
  const salesperson =
    options.salespersonId === undefined
      ? (
          await db
            .selectFrom('users')
            .select('id')
            .where('tenant_id', '=', tenantId)
            .where('username', '=', 'sales')
            .executeTakeFirstOrThrow()
        ).id
      : options.salespersonId;
  const customerId = randomUUID();
  made += 1;
  await db
    .insertInto('customers')
    .values({
      tenant_id: tenantId,
      id: customerId,
      customer_number: `INV-T-${made}-${randomUUID().slice(0, 8)}`,
      full_name: 'Şükrü Öztürk',
      company_name: 'Öztürk Gıda Ltd. Şti.',
      phone: '0532 111 22 33',
      email: 'sukru@ozturk.com.tr',
      address: 'Atatürk Cad. No:5 Çankaya',
      city: 'Ankara',
      tax_office: 'Çankaya',
      tax_number: options.customerTaxNumber === undefined ? '2701341846' : options.customerTaxNumber,
      change_seq: 0,
    })
    .execute();
  const rates = [20, 10, 1, 0];
  const lineCount = options.lines ?? 3;
  const orders: TestOrder[] = [];
  const orderRows = [];
  const itemRows = [];
  for (let n = 0; n < count; n++) {
    const id = randomUUID();
    const order_number = `INV-${made}-${n}-${id.slice(0, 6)}`;
    let total = 0;
    for (let p = 1; p <= lineCount; p++) {
      const unit = 1999 + p * 101 + n; // kuruş
      const quantity = 1 + (p % 4);
      total += unit * quantity;
      itemRows.push({
        tenant_id: tenantId,
        id: randomUUID(),
        order_id: id,
        position: p,
        product_id: null,
        product_name: `Ürün İğne Şişe ${p}`,
        barcode: null,
        quantity,
        unit_price: (unit / 100).toFixed(2),
        total_price: ((unit * quantity) / 100).toFixed(2),
        vat_rate: rates[(p - 1) % rates.length] as number,
      });
    }
    orderRows.push({
      tenant_id: tenantId,
      id,
      order_number,
      customer_id: customerId,
      customer_name: 'Şükrü Öztürk',
      customer_phone: null,
      customer_email: null,
      customer_address: null,
      status,
      total_amount: (total / 100).toFixed(2),
      salesperson_id: salesperson,
      manager_id: null,
      warehouse_id: null,
      driver_id: null,
      vehicle_plate: null,
      notes: null,
      change_seq: 0,
    });
    orders.push({ id, order_number, total_kurus: total });
  }
  for (let i = 0; i < orderRows.length; i += 500) {
    await db.insertInto('orders').values(orderRows.slice(i, i + 500)).execute();
  }
  for (let i = 0; i < itemRows.length; i += 1000) {
    await db.insertInto('order_items').values(itemRows.slice(i, i + 1000)).execute();
  }
  return orders;
}

/** The demo tenant's company profile complete enough to issue (legal name, VKN, tax office). */
export async function completeCompany(db: Kysely<Database>, tenantId: string): Promise<void> {
  await sql`UPDATE tenants SET legal_name = coalesce(legal_name, 'Demo Ticaret A.Ş.'),
    tax_number = coalesce(tax_number, '9876543217'), tax_office = coalesce(tax_office, 'Kadıköy')
    WHERE id = ${tenantId}`.execute(db);
}

export async function issue(
  api: Api,
  session: Session,
  orderId: string,
  id: string = randomUUID(),
  idempotencyKey?: string,
) {
  return api.call<{ data: Invoice; error?: string; code?: string }>('POST', '/invoices', {
    tenant: session.tenant,
    token: session.token,
    body: { id, order_id: orderId },
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
}
