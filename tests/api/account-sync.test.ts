import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpChangeSeq } from '../../src/server/db/change-seq';
import type { Payment } from '../../src/shared/api/accounts';
import type { SyncPullResponse } from '../../src/shared/api/sync';
import { ageingOfItems } from '../../src/shared/domain/account';
import { type Api, type Session, startApi } from './support/harness';
import { completeCompany, insertOrders, issue } from './support/invoices';
import { pullAll } from './support/pull';

/**
 * Accounts and payments in the sync feed: admin and manager mirror every account and payment; a
 * salesperson or driver the accounts of the customers of their orders (an account arrives with
 * the order that makes its customer theirs, even when the account itself has not changed) and the
 * payments they took; the warehouse neither. What a device ages offline from the mirrored account
 * equals what the server answers.
 */
const TENANT = 'demo';
let api: Api;
let manager: Session;
let sales: Session;
let warehouse: Session;
let driver: Session;

beforeAll(async () => {
  api = await startApi();
  await completeCompany(api.db, TENANT);
  [manager, sales, warehouse, driver] = await Promise.all([
    api.login(TENANT, 'manager'),
    api.login(TENANT, 'sales'),
    api.login(TENANT, 'warehouse'),
    api.login(TENANT, 'driver'),
  ]);
});
afterAll(async () => api?.close());

const pay = (session: Session, customerId: string, amount: number) =>
  api.call<{ data: Payment; error?: string }>('POST', '/payments', {
    token: session.token,
    tenant: session.tenant,
    body: {
      id: randomUUID(),
      customer_id: customerId,
      method: 'cash',
      amount,
      taken_at: new Date().toISOString(),
    },
  });

const cursorOf = (pages: SyncPullResponse[]) => pages.at(-1)?.cursor ?? '0';
const accountsOf = (pages: SyncPullResponse[]) => pages.flatMap((p) => p.accounts.upserts);
const paymentsOf = (pages: SyncPullResponse[]) => pages.flatMap((p) => p.payments.upserts);

async function userId(username: string): Promise<string> {
  const row = await api.db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', TENANT)
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Gives the order to the driver as an assignment does: a new change number for the order. */
async function assignDriver(orderId: string, driverId: string) {
  await api.db.transaction().execute(async (trx) => {
    const seq = await bumpChangeSeq(trx, TENANT);
    await trx
      .updateTable('orders')
      .set({ driver_id: driverId, change_seq: seq })
      .where('tenant_id', '=', TENANT)
      .where('id', '=', orderId)
      .execute();
  });
}

describe('accounts and payments in the sync feed', () => {
  it('each role mirrors the accounts and payments it may see; an account arrives with the order', async () => {
    // A customer of 'sales' with an invoiced order: the account has a balance.
    const [order] = await insertOrders(api.db, TENANT, 1);
    const { customer_id: customerId } = await api.db
      .selectFrom('orders')
      .select('customer_id')
      .where('id', '=', order!.id)
      .executeTakeFirstOrThrow();
    expect((await issue(api, manager, order!.id)).status).toBe(201);

    const driverStart = cursorOf(await pullAll(api, driver));
    const byManager = await pay(manager, customerId as string, 10);
    expect(byManager.status, byManager.raw).toBe(201);
    const bySales = await pay(sales, customerId as string, 5.25);
    expect(bySales.status, bySales.raw).toBe(201);

    const managerPages = await pullAll(api, manager);
    const mAccount = accountsOf(managerPages).find((a) => a.id === customerId);
    expect(mAccount?.balance_kurus).toBe(order!.total_kurus - 1000 - 525);
    const mPayments = paymentsOf(managerPages).map((p) => p.id);
    expect(mPayments).toEqual(expect.arrayContaining([byManager.body.data.id, bySales.body.data.id]));
    expect(paymentsOf(managerPages).find((p) => p.id === bySales.body.data.id)).toMatchObject({
      receipt_number: bySales.body.data.receipt_number,
      customer_name: bySales.body.data.customer_name,
      amount_kurus: 525,
    });

    // The salesperson: the account of their customer, only the payment they took.
    const salesPages = await pullAll(api, sales);
    expect(accountsOf(salesPages).find((a) => a.id === customerId)?.balance_kurus).toBe(
      mAccount?.balance_kurus,
    );
    expect(paymentsOf(salesPages).map((p) => p.id)).toContain(bySales.body.data.id);
    expect(paymentsOf(salesPages).map((p) => p.id)).not.toContain(byManager.body.data.id);

    // The warehouse: neither.
    const warehousePages = await pullAll(api, warehouse);
    expect(accountsOf(warehousePages)).toEqual([]);
    expect(paymentsOf(warehousePages)).toEqual([]);

    // The driver has no order of this customer yet: not in their feed.
    const before = await pullAll(api, driver, driverStart);
    expect(accountsOf(before).map((a) => a.id)).not.toContain(customerId);
    // Given an order of that customer, the next pull from where they were brings the account,
    // although the account did not change since.
    const [second] = await insertOrders(api.db, TENANT, 1);
    await api.db
      .updateTable('orders')
      .set({ customer_id: customerId })
      .where('tenant_id', '=', TENANT)
      .where('id', '=', second!.id)
      .execute();
    await assignDriver(second!.id, await userId('driver'));
    const after = await pullAll(api, driver, cursorOf(before));
    const dAccount = accountsOf(after).find((a) => a.id === customerId);
    expect(dAccount).toEqual(mAccount);
    // and the driver sees no one else's payments.
    expect(paymentsOf(after)).toEqual([]);
  });

  it('the device ages the mirrored account exactly as the server does', async () => {
    const [order] = await insertOrders(api.db, TENANT, 1);
    const { customer_id: customerId } = await api.db
      .selectFrom('orders')
      .select('customer_id')
      .where('id', '=', order!.id)
      .executeTakeFirstOrThrow();
    await issue(api, manager, order!.id);
    await pay(manager, customerId as string, 3);
    const server = await api.call<{ data: { ageing: Record<string, number>; today: string } }>(
      'GET',
      `/customers/${customerId}/account`,
      { token: manager.token, tenant: manager.tenant },
    );
    const mirrored = accountsOf(await pullAll(api, manager)).find((a) => a.id === customerId);
    expect(mirrored).toBeDefined();
    const device = ageingOfItems(mirrored!.open_items, mirrored!.unapplied_kurus, server.body.data.today);
    for (const [bucket, kurus] of Object.entries(server.body.data.ageing)) {
      expect(device[bucket as keyof typeof device], bucket).toBe(kurus);
    }
  });
});
