import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDb, META, recordKey } from '../../src/client/local/database';
import { acknowledge, listEntries, putServerRows } from '../../src/client/local/outbox';
import { queueScan } from '../../src/client/warehouse/local';
import {
  earlierScans,
  isScanTerminator,
  repeatFilter,
  ScanPipeline,
  scannedLineCount,
} from '../../src/client/warehouse/scan-pipeline';
import type { Order, OrderItem } from '../../src/shared/api';
import type { ScanLine } from '../../src/shared/domain/barcode';

/**
 * The warehouse scan pipeline: what a picker with a handheld scanner relies on — every scan
 * decided at once against the order's lines (match, unknown, over-scan, +N), a burst counted
 * scan by scan, and each accepted scan queued so the server ends with the device's counts.
 */

// Real EAN-13s (valid check digits).
const PEN = '8690000000012';
const BOOK = '8690000000029';
const FOREIGN = '4006381333931';

function lines(): ScanLine[] {
  return [
    { id: 'l1', product_id: 'p1', product_name: 'Kalem', barcode: PEN, quantity: 20, scanned_quantity: 0 },
    { id: 'l2', product_id: 'p2', product_name: 'Defter', barcode: BOOK, quantity: 3, scanned_quantity: 0 },
  ];
}

describe('the scan pipeline (local verdict, no server)', () => {
  it('counts a match on its line at once', () => {
    const p = new ScanPipeline(lines());
    const out = p.scan(PEN);
    expect(out).toMatchObject({
      kind: 'match',
      lineId: 'l1',
      productName: 'Kalem',
      units: 1,
      scanned: 1,
      ordered: 20,
    });
    expect(p.snapshot().find((l) => l.id === 'l1')?.scanned_quantity).toBe(1);
    expect(scannedLineCount(p.snapshot())).toBe(1);
  });

  it('strips an AIM prefix and the terminator a wedge scanner sends', () => {
    const p = new ScanPipeline(lines());
    expect(p.scan(`]E0${BOOK}\r\n`)).toMatchObject({ kind: 'match', lineId: 'l2' });
  });

  it('refuses an unknown or foreign product and a bad check digit without counting anything', () => {
    const p = new ScanPipeline(lines());
    expect(p.scan(FOREIGN)).toMatchObject({ kind: 'unknown', code: FOREIGN });
    expect(p.scan('8690000000013')).toMatchObject({ kind: 'unreadable', reason: 'check_digit' });
    expect(p.snapshot().every((l) => l.scanned_quantity === 0)).toBe(true);
  });

  it('refuses an over-scan (amber) and keeps the count at the ordered quantity', () => {
    const p = new ScanPipeline(lines());
    for (let i = 0; i < 3; i++) expect(p.scan(BOOK).kind).toBe('match');
    expect(p.scan(BOOK)).toMatchObject({ kind: 'over', lineId: 'l2', remaining: 0 });
    expect(p.snapshot().find((l) => l.id === 'l2')?.scanned_quantity).toBe(3);
  });

  it('+N counts N units in one scan, and refuses an N larger than what is left', () => {
    const p = new ScanPipeline(lines());
    expect(p.scan(PEN, 5)).toMatchObject({ kind: 'match', units: 5, scanned: 5 });
    expect(p.scan(BOOK, 4)).toMatchObject({ kind: 'over', remaining: 3 });
    expect(p.scan(BOOK, 2)).toMatchObject({ kind: 'match', units: 2, scanned: 2 });
  });

  it('a burst of 20 scans is counted 20 times, each against what the previous one left', () => {
    const p = new ScanPipeline(lines());
    const outcomes = Array.from({ length: 20 }, () => p.scan(PEN));
    expect(outcomes.map((o) => (o.kind === 'match' ? o.scanned : -1))).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(p.snapshot().find((l) => l.id === 'l1')?.scanned_quantity).toBe(20);
    expect(p.scan(PEN).kind).toBe('over');
  });

  it('ends a wedge scan on Enter or Tab (KeyboardEvent.key), nothing else', () => {
    expect(isScanTerminator('Enter')).toBe(true);
    expect(isScanTerminator('Tab')).toBe(true);
    expect(isScanTerminator('a')).toBe(false);
    expect(isScanTerminator('Shift')).toBe(false);
  });

  it('the camera does not re-count the same code within 1.5 s', () => {
    const fresh = repeatFilter(1500);
    expect(fresh(PEN, 0)).toBe(true);
    expect(fresh(PEN, 700)).toBe(false);
    expect(fresh(BOOK, 800)).toBe(true);
    expect(fresh(PEN, 1600)).toBe(true);
  });
});

// ------------------------------------------------------------------ the outbox side ---

function item(id: string, name: string, barcode: string, quantity: number, scanned = 0): OrderItem {
  return {
    id,
    product_id: `p-${id}`,
    product_name: name,
    barcode,
    quantity,
    scanned_quantity: scanned,
    unit_price: 1,
    unit_price_kurus: 100,
    total_price: quantity,
    total_price_kurus: quantity * 100,
  };
}

function approvedOrder(itemsList: OrderItem[], version = 5): Order {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    order_number: 'ORD-000042',
    version,
    customer_id: null,
    customer_name: 'Depo Müşterisi',
    customer_phone: null,
    customer_email: null,
    customer_address: null,
    status: 'approved',
    total_amount: 23,
    total_amount_kurus: 2300,
    salesperson_id: 'u9',
    salesperson_name: null,
    manager_id: null,
    manager_name: null,
    warehouse_id: null,
    warehouse_name: null,
    driver_id: null,
    driver_name: null,
    vehicle_plate: null,
    notes: null,
    items: itemsList,
    events: [],
    created_at: '2025-03-01T08:00:00.000Z',
    updated_at: '2025-03-01T08:00:00.000Z',
  };
}

let db: LocalDb;
beforeEach(async () => {
  db = new LocalDb({ tenant: 'client1', userId: 'w1' }, { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.open();
  await db.setMeta(META.user, { id: 'w1', username: 'warehouse', full_name: 'Depo', role: 'warehouse' });
});
afterEach(() => db.close());

describe('accepted scans in the outbox (warehouse.scan)', () => {
  const order = approvedOrder([item('l1', 'Kalem', PEN, 20), item('l2', 'Defter', BOOK, 3)]);
  const scan = (itemId: string, barcode: string, units = 1, quantity = 1) =>
    queueScan(db, {
      orderId: order.id,
      orderNumber: order.order_number,
      barcode,
      quantity,
      itemId,
      units,
      productName: itemId,
    });

  it('each scan is one POST /warehouse/scan-barcode with its own scan_id as the Idempotency-Key, in order', async () => {
    await putServerRows(db, 'orders', [order as never], []);
    await scan('l1', PEN);
    await scan('l2', BOOK, 2, 2);
    const entries = await listEntries(db);
    expect(entries.map((e) => e.kind)).toEqual(['warehouse.scan', 'warehouse.scan']);
    expect(entries[0]).toMatchObject({
      method: 'POST',
      path: '/warehouse/scan-barcode',
      record_key: recordKey('orders', order.id),
    });
    const body0 = entries[0]!.body as { scan_id: string; order_id: string; barcode: string };
    expect(body0).toMatchObject({ order_id: order.id, barcode: PEN });
    expect(body0.scan_id).toBe(entries[0]!.id);
    expect(entries[1]!.body).toMatchObject({ quantity: 2 });
    const row = await db.orders.get(order.id);
    expect(row?.items.map((i) => i.scanned_quantity)).toEqual([1, 2]);
  });

  it('20 queued scans show 20 at once, survive a newer server version, and equal the server’s after acknowledgement', async () => {
    await putServerRows(db, 'orders', [order as never], []);
    for (let i = 0; i < 20; i++) await scan('l1', PEN);
    expect((await db.orders.get(order.id))?.items[0]?.scanned_quantity).toBe(20);

    // A pull brings a newer version (someone edited the notes): the 20 pending scans stay on top.
    await putServerRows(db, 'orders', [{ ...order, version: 6, notes: 'x' } as never], []);
    let row = await db.orders.get(order.id);
    expect(row?.items[0]?.scanned_quantity).toBe(20);
    expect(row?.notes).toBe('x');

    // The server acknowledges them one by one with its order (which counted each once).
    const entries = await listEntries(db);
    for (let i = 0; i < entries.length; i++) {
      const server = approvedOrder(
        [item('l1', 'Kalem', PEN, 20, i + 1), item('l2', 'Defter', BOOK, 3)],
        7 + i,
      );
      await acknowledge(db, entries[i]!, {
        success: true,
        product: { id: 'p-l1', name: 'Kalem', barcode: PEN },
        message: 'ok',
        item_id: 'l1',
        scanned_quantity: i + 1,
        order: server,
      });
      row = await db.orders.get(order.id);
      expect(row?.items[0]?.scanned_quantity).toBe(20);
    }
    expect(await listEntries(db)).toHaveLength(0);
  });
});

describe('what was scanned before the dialog opened', () => {
  it("is each line's count less this opening's scans: a reopened order lists its scans", () => {
    const [pen, book] = lines() as [ScanLine, ScanLine];
    const reopened = [
      { ...pen, scanned_quantity: 20 },
      { ...book, scanned_quantity: 0 },
    ];
    expect(earlierScans(reopened, [])).toEqual([{ line: reopened[0], units: 20 }]);
    // Two more scanned now: counted as this opening's, not as earlier ones.
    const now = [
      { ...pen, scanned_quantity: 20 },
      { ...book, scanned_quantity: 2 },
    ];
    expect(
      earlierScans(now, [
        { lineId: 'l2', units: 1 },
        { lineId: 'l2', units: 1 },
      ]),
    ).toEqual([{ line: now[0], units: 20 }]);
    expect(earlierScans(lines(), [])).toEqual([]);
  });
});
