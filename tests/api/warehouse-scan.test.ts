import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/shared/api/entities';
import { WAREHOUSE_MESSAGES } from '../../src/shared/api/warehouse';
import { pullAll } from './support/pull';
import {
  admin,
  api,
  approvedOrder,
  driver,
  type Envelope,
  foreignWarehouse,
  manager,
  product,
  sales,
  sales2,
  scan,
  setUpWarehouseApi,
  stateOf,
  warehouse,
} from './support/warehouse';

/**
 * Barcode scans through HTTP: which line a scan counts on, the refusals, over-scan, replays with the
 * same key and with the same scan_id, concurrent scans, and who may scan.
 */
setUpWarehouseApi();

describe('POST /warehouse/scan-barcode', () => {
  it('counts a scan on the line carrying the barcode, bumps the order version, writes no event or notification', async () => {
    const order = await approvedOrder([
      { product: product(0), quantity: 2 },
      { product: product(1), quantity: 3 },
    ]);
    const before = await stateOf(order.id);
    const r = await scan(warehouse, {
      barcode: product(1).barcode,
      order_id: order.id,
      scan_id: randomUUID(),
    });
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data.message).toBe(`Barkod okundu: ${product(1).name}`);
    expect(r.body.data.product).toEqual({
      id: product(1).id,
      name: product(1).name,
      barcode: product(1).barcode,
    });
    expect(r.body.data.item_id).toBe(order.items[1]?.id);
    expect(r.body.data.scanned_quantity).toBe(1);
    expect(r.body.data.order.items.map((i) => i.scanned_quantity)).toEqual([0, 1]);
    expect(r.body.data.order.version).toBeGreaterThan(order.version);
    const after = await stateOf(order.id);
    expect(after.scanned).toEqual([0, 1]);
    expect(after.scans).toBe(1);
    expect(after.changeSeq).toBeGreaterThan(before.changeSeq);
    expect(after.events).toEqual(before.events);
    expect(after.notifications).toBe(before.notifications);
    // another device (the manager's) gets the new scanned quantity through the sync feed
    const pages = await pullAll(api, manager, String(before.changeSeq));
    const synced = pages.flatMap((p) => p.orders.upserts).find((o) => o.id === order.id);
    expect(synced?.items.map((i) => i.scanned_quantity)).toEqual([0, 1]);
  });

  it('finds a product by its product code, by a GS1 string with a quantity, and by an AIM-prefixed EAN', async () => {
    const order = await approvedOrder([
      { product: product(2), quantity: 5 },
      { product: product(3), quantity: 1 },
    ]);
    const byCode = await scan(warehouse, { barcode: product(2).product_code, order_id: order.id });
    expect(byCode.status, byCode.raw).toBe(200);
    expect(byCode.body.data.scanned_quantity).toBe(1);
    const gs1 = await scan(warehouse, {
      barcode: `(01)0${product(2).barcode}(10)LOT7(37)3`,
      order_id: order.id,
    });
    expect(gs1.status, gs1.raw).toBe(200);
    expect(gs1.body.data.scanned_quantity).toBe(4);
    const aim = await scan(admin, { barcode: `]E0${product(3).barcode}`, order_id: order.id });
    expect(aim.status, aim.raw).toBe(200);
    expect((await stateOf(order.id)).scanned).toEqual([4, 1]);
  });

  it('a +N scan counts N; the scan completing the order writes one item_scanned event', async () => {
    const order = await approvedOrder([{ product: product(0), quantity: 4 }]);
    const r1 = await scan(warehouse, { barcode: product(0).barcode, order_id: order.id, quantity: 3 });
    expect(r1.body.data.scanned_quantity).toBe(3);
    expect((await stateOf(order.id)).events).not.toContain('item_scanned');
    const r2 = await scan(warehouse, { barcode: product(0).barcode, order_id: order.id });
    expect(r2.body.data.scanned_quantity).toBe(4);
    const after = await stateOf(order.id);
    expect(after.events.filter((e) => e === 'item_scanned')).toHaveLength(1);
    expect(after.scans).toBe(2);
    // completing early or after a full scan: approved → prepared by the warehouse records it
    const prepared = await api.call<Envelope<Order>>('PATCH', `/orders/${order.id}/status`, {
      token: warehouse.token,
      body: { status: 'prepared', expected_status: 'approved' },
    });
    expect(prepared.status, prepared.raw).toBe(200);
    expect(prepared.body.data.warehouse_id).toBe(warehouse.user.id);
  });

  it("a code on no line of the order → 400 naming barcode (another product's valid EAN, an unknown code)", async () => {
    const order = await approvedOrder([{ product: product(0), quantity: 1 }]);
    const before = await stateOf(order.id);
    for (const barcode of [product(1).barcode, 'ABC-123']) {
      const r = await scan(warehouse, { barcode, order_id: order.id });
      expect(r.status, r.raw).toBe(400);
      expect(r.body).toMatchObject({
        success: false,
        error: WAREHOUSE_MESSAGES.notInOrder,
        field: 'barcode',
        reason: 'not_in_order',
      });
    }
    expect(await stateOf(order.id)).toEqual(before);
  });

  it('an unreadable code (bad check digit, malformed GS1) → 400 naming barcode; an empty one → 400 from the schema', async () => {
    const order = await approvedOrder([{ product: product(0), quantity: 1 }]);
    const ean = product(0).barcode;
    const wrongDigit = `${ean.slice(0, 12)}${(Number(ean[12]) + 1) % 10}`;
    for (const barcode of [wrongDigit, ']C1zzzz', `01${ean}\u001d99x`]) {
      const r = await scan(warehouse, { barcode, order_id: order.id });
      expect(r.status, `${barcode}: ${r.raw}`).toBe(400);
      expect(r.body).toMatchObject({ error: WAREHOUSE_MESSAGES.unreadable, field: 'barcode' });
    }
    const empty = await scan(warehouse, { barcode: '   ', order_id: order.id });
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('barcode');
    expect((await stateOf(order.id)).scans).toBe(0);
  });

  it('an order not in approved → 409 INVALID_STATE (admin: pending; warehouse: prepared); invisible to the warehouse → 404', async () => {
    const pending = await approvedOrder([{ product: product(0), quantity: 1 }], { approve: false });
    const r = await scan(admin, { barcode: product(0).barcode, order_id: pending.id });
    expect(r.status, r.raw).toBe(409);
    expect(r.body).toMatchObject({ code: 'INVALID_STATE', error: WAREHOUSE_MESSAGES.notApproved });
    expect(r.body.current?.status).toBe('pending_approval');
    // the warehouse does not see pending orders: the 404 of an unknown order
    expect((await scan(warehouse, { barcode: product(0).barcode, order_id: pending.id })).status).toBe(404);

    const order = await approvedOrder([{ product: product(0), quantity: 2 }]);
    await api.call('PATCH', `/orders/${order.id}/status`, {
      token: warehouse.token,
      body: { status: 'prepared', expected_status: 'approved' },
    });
    const before = await stateOf(order.id);
    const late = await scan(warehouse, { barcode: product(0).barcode, order_id: order.id });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('INVALID_STATE');
    expect(await stateOf(order.id)).toEqual(before);
  });

  it('over-scanning a line is refused with 409 OVER_SCAN and nothing is written', async () => {
    const order = await approvedOrder([
      { product: product(0), quantity: 2 },
      { product: product(1), quantity: 1 },
    ]);
    expect((await scan(warehouse, { barcode: product(0).barcode, order_id: order.id })).status).toBe(200);
    const before = await stateOf(order.id);
    const tooMany = await scan(warehouse, { barcode: product(0).barcode, order_id: order.id, quantity: 2 });
    expect(tooMany.status, tooMany.raw).toBe(409);
    expect(tooMany.body).toMatchObject({
      code: 'OVER_SCAN',
      error: WAREHOUSE_MESSAGES.overScan(product(0).name, 1),
      remaining: 1,
    });
    expect(await stateOf(order.id)).toEqual(before);
    expect((await scan(warehouse, { barcode: product(0).barcode, order_id: order.id })).status).toBe(200);
    const full = await scan(warehouse, { barcode: product(0).barcode, order_id: order.id });
    expect(full.status).toBe(409);
    expect(full.body.error).toBe(WAREHOUSE_MESSAGES.overScan(product(0).name, 0));
    expect((await stateOf(order.id)).scanned).toEqual([2, 0]);
  });

  it('the same product on two lines: the first line with room takes the scan', async () => {
    const order = await approvedOrder([
      { product: product(0), quantity: 1 },
      { product: product(1), quantity: 1 },
      { product: product(0), quantity: 2 },
    ]);
    for (let i = 0; i < 3; i++) {
      const r = await scan(warehouse, { barcode: product(0).barcode, order_id: order.id });
      expect(r.status, r.raw).toBe(200);
    }
    expect((await stateOf(order.id)).scanned).toEqual([1, 0, 2]);
  });

  it('a scan replayed with the same Idempotency-Key counts once (the replay is the first answer)', async () => {
    const order = await approvedOrder([{ product: product(0), quantity: 5 }]);
    const body = { barcode: product(0).barcode, order_id: order.id, scan_id: randomUUID() };
    const key = randomUUID();
    const first = await scan(warehouse, body, key);
    const second = await scan(warehouse, body, key);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    expect((await stateOf(order.id)).scanned).toEqual([1]);
    expect((await stateOf(order.id)).scans).toBe(1);
  });

  it('the same scan_id under another key (or none) counts once, even after the order moved on', async () => {
    const order = await approvedOrder([{ product: product(0), quantity: 5 }]);
    const body = { barcode: product(0).barcode, order_id: order.id, scan_id: randomUUID() };
    const first = await scan(warehouse, body, randomUUID());
    const again = await scan(warehouse, body, randomUUID());
    const bare = await scan(warehouse, body);
    expect([first.status, again.status, bare.status]).toEqual([200, 200, 200]);
    expect(again.body.data.item_id).toBe(first.body.data.item_id);
    expect(again.body.data.scanned_quantity).toBe(1);
    const afterReplays = await stateOf(order.id);
    expect(afterReplays.scanned).toEqual([1]);
    expect(afterReplays.scans).toBe(1);
    await api.call('PATCH', `/orders/${order.id}/status`, {
      token: warehouse.token,
      body: { status: 'prepared', expected_status: 'approved' },
    });
    const late = await scan(warehouse, body, randomUUID());
    expect(late.status, late.raw).toBe(200);
    expect((await stateOf(order.id)).scanned).toEqual([1]);
    // someone else's scan id, or one id on another order → 409, nothing written
    const other = await approvedOrder([{ product: product(0), quantity: 5 }]);
    const reused = await scan(warehouse, { ...body, order_id: other.id });
    expect(reused.status).toBe(409);
    expect(reused.body.field).toBe('scan_id');
    expect((await stateOf(other.id)).scans).toBe(0);
  });

  it('concurrent scans: 20 distinct scans all count, 6 arrivals of one scan_id count once (row lock + scan-id lock)', async () => {
    const order = await approvedOrder([{ product: product(0), quantity: 30 }]);
    const burst = await Promise.all(
      Array.from({ length: 20 }, () =>
        scan(
          warehouse,
          { barcode: product(0).barcode, order_id: order.id, scan_id: randomUUID() },
          randomUUID(),
        ),
      ),
    );
    expect(burst.map((r) => r.status)).toEqual(Array(20).fill(200));
    const scanId = randomUUID();
    const same = await Promise.all(
      Array.from({ length: 6 }, () =>
        scan(warehouse, { barcode: product(0).barcode, order_id: order.id, scan_id: scanId }, randomUUID()),
      ),
    );
    expect(same.map((r) => r.status)).toEqual(Array(6).fill(200));
    const after = await stateOf(order.id);
    expect(after.scanned).toEqual([21]);
    expect(after.scans).toBe(21);
  });

  it('only warehouse and admin may scan (driver, salesperson, manager: 403); another tenant: 404', async () => {
    const order = await approvedOrder([{ product: product(0), quantity: 5 }]);
    for (const s of [driver, sales, sales2, manager]) {
      const r = await scan(s, { barcode: product(0).barcode, order_id: order.id });
      expect({ role: s.user.role, status: r.status }).toEqual({ role: s.user.role, status: 403 });
    }
    const foreign = await scan(foreignWarehouse, { barcode: product(0).barcode, order_id: order.id });
    expect(foreign.status).toBe(404);
    expect((await stateOf(order.id)).scans).toBe(0);
  });
});
