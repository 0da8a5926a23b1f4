import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/client/api/errors';
import { callFile, dispositionFilename } from '../../src/client/api/http';
import { applyStockMovements } from '../../src/server/stock/stock.service';
import { API } from '../../src/shared/api/endpoints';
import type { Order } from '../../src/shared/api/entities';
import { DEBUG_MESSAGES, WAREHOUSE_MESSAGES } from '../../src/shared/api/warehouse';
import { type Api, type Session, startApi } from './support/harness';
import { pullAll } from './support/pull';

/**
 * The warehouse API through HTTP on the seeded database: barcode scans (which line they count on,
 * the spec'd refusals, over-scan, replays with the same key and with the same scan_id), who may
 * scan; the delivery note's PDF (its text read back with pdftotext: order number, customer,
 * 'İrsaliye', Turkish letters); the demo-mode debug calls (and 404 without demo mode).
 */
const run = promisify(execFile);

let api: Api;
let admin: Session;
let manager: Session;
let sales: Session;
let sales2: Session;
let warehouse: Session;
let driver: Session;
let foreignWarehouse: Session;
let tmp: string;

interface Product {
  id: string;
  name: string;
  barcode: string;
  product_code: string;
  selling_price: string;
}
let products: Product[];

type Envelope<T = unknown> = {
  success: boolean;
  data: T;
  code?: string;
  error?: string;
  field?: string;
  reason?: string;
  remaining?: number;
  current?: Order;
};
interface ScanData {
  success: true;
  product: { id: string | null; name: string; barcode: string | null };
  message: string;
  item_id: string;
  scanned_quantity: number;
  order: Order;
}

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

const product = (i: number) => products[i] as Product;

/** A new order (sales) with lines of the given products and quantities, approved by the manager. */
async function approvedOrder(
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

function scan(
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

async function stateOf(orderId: string) {
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

// ------------------------------------------------------------------------ delivery note ---

async function pdf(s: Session, orderId: string) {
  return api.app.inject({
    method: 'GET',
    url: `/api/delivery-notes/generate/${orderId}?tenant=${s.tenant}`,
    headers: { authorization: `Bearer ${s.token}` },
  });
}

async function pdfText(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const file = join(tmp, `${randomUUID()}.pdf`);
  await writeFile(file, bytes);
  const { stdout } = await run('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
  const info = await run('/usr/bin/pdfinfo', [file]);
  const pages = Number(/Pages:\s+(\d+)/.exec(info.stdout)?.[1]);
  return { text: stdout, pages };
}

describe('GET /delivery-notes/generate/{orderId}', () => {
  const customer = 'Şükrü Öğütçü İnşaat ığüşçö İĞÜŞÇÖ';

  it('is a real PDF: order number, customer, İrsaliye, company, lines, totals, signatures — Turkish letters intact', async () => {
    await api.db
      .updateTable('tenants')
      .set({
        legal_name: 'Demo Dağıtım Ticaret A.Ş.',
        tax_office: 'Kadıköy',
        tax_number: '1234567890',
        address: 'Moda Cad. No:5, Kadıköy / İstanbul',
        phone: '+90 216 000 00 00',
        email: 'irsaliye@demo.com.tr',
      })
      .where('id', '=', 'demo')
      .execute();
    const order = await approvedOrder(
      [
        { product: product(0), quantity: 2 },
        { product: product(1), quantity: 1 },
      ],
      { customer, notes: 'Kapıcıya bırakılmasın; öğleden sonra teslim.' },
    );
    const r = await pdf(warehouse, order.id);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="irsaliye-${order.order_number}.pdf"`,
    );
    expect(r.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text, pages } = await pdfText(r.rawPayload);
    expect(pages).toBe(1);
    for (const expected of [
      'İrsaliye',
      order.order_number,
      customer,
      'Demo Dağıtım Ticaret A.Ş.',
      'Vergi Dairesi: Kadıköy',
      product(0).barcode,
      'Teslim Eden',
      'Teslim Alan',
      'Kapıcıya bırakılmasın; öğleden sonra teslim.',
      'Genel Toplam',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toMatch(/\d{2}\.\d{2}\.\d{4}/);
  });

  it('paginates an order of 200 lines, the header and page numbers on every page', async () => {
    const lines = Array.from({ length: 200 }, (_, i) => ({ product: product(i % 4), quantity: 1 + (i % 3) }));
    const order = await approvedOrder(lines, { customer });
    const r = await pdf(admin, order.id);
    expect(r.statusCode).toBe(200);
    const { text, pages } = await pdfText(r.rawPayload);
    expect(pages).toBeGreaterThan(3);
    expect(text).toContain(`Sayfa ${pages} / ${pages}`);
    expect(text.split('Birim Fiyat').length - 1).toBe(pages);
    expect(text).toContain('Teslim Alan');
  });

  it('is for whoever may see the order: own salesperson yes; another salesperson, another tenant → 404 (JSON)', async () => {
    const order = await approvedOrder([{ product: product(0), quantity: 1 }], { customer });
    expect((await pdf(sales, order.id)).statusCode).toBe(200);
    for (const s of [sales2, foreignWarehouse]) {
      const r = await pdf(s, order.id);
      expect(r.statusCode).toBe(404);
      expect(r.headers['content-type']).toContain('application/json');
      expect(JSON.parse(r.body)).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    expect((await pdf(warehouse, randomUUID())).statusCode).toBe(404);
    const bad = await pdf(warehouse, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body).field).toBe('orderId');
  });
});

describe("the client's callFile (a `produces` entry over real HTTP)", () => {
  it('gets the PDF bytes and the file name; a refusal is an ApiError with the server text', async () => {
    const order = await approvedOrder([{ product: product(0), quantity: 1 }]);
    const address = await api.app.listen({ host: '127.0.0.1', port: 0 });
    const options = { tenant: 'demo', token: warehouse.token, baseUrl: `${address}/api` };
    const file = await callFile(API.deliveryNote, { ...options, params: { orderId: order.id } });
    expect(file.filename).toBe(`irsaliye-${order.order_number}.pdf`);
    expect(file.blob.type).toBe('application/pdf');
    const bytes = Buffer.from(await file.blob.arrayBuffer());
    expect((await pdfText(bytes)).text).toContain(order.order_number);
    const refused = await callFile(API.deliveryNote, { ...options, params: { orderId: randomUUID() } }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(404);
    expect(
      dispositionFilename(`attachment; filename="irsaliye-x.pdf"; filename*=UTF-8''irsaliye-%C4%B0.pdf`),
    ).toBe('irsaliye-İ.pdf');
  });
});

// --------------------------------------------------------------------------- debug calls ---

describe('debug calls (demo mode)', () => {
  it('GET /debug/all-orders: the caller, the tenant and the orders they may see', async () => {
    const r = await api.call<
      Envelope<{ user: { role: string }; tenantId: string; orders: { status: string }[] }>
    >('GET', '/debug/all-orders', { token: warehouse.token });
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data.user).toEqual({
      id: warehouse.user.id,
      role: 'warehouse',
      full_name: warehouse.user.full_name,
    });
    expect(r.body.data.tenantId).toBe('demo');
    expect(r.body.data.orders.length).toBeGreaterThan(0);
    const statuses = new Set(r.body.data.orders.map((o) => o.status));
    expect([...statuses].every((s) => ['approved', 'prepared', 'in_transit', 'delivered'].includes(s))).toBe(
      true,
    );
    expect((await api.call('GET', '/debug/all-orders', { token: sales.token })).status).toBe(403);
  });

  /** Everything a debug call could write in the demo tenant: row counts and the change counter. */
  const written = async () => {
    const out: Record<string, number> = {};
    for (const table of ['orders', 'order_items', 'order_events', 'notifications', 'audit_logs'] as const) {
      const row = await api.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('tenant_id', '=', 'demo')
        .executeTakeFirstOrThrow();
      out[table] = Number(row.n);
    }
    const counter = await api.db
      .selectFrom('tenant_counters')
      .select(['change_seq', 'order_seq'])
      .where('tenant_id', '=', 'demo')
      .executeTakeFirstOrThrow();
    return { ...out, change_seq: Number(counter.change_seq), order_seq: Number(counter.order_seq) };
  };

  it('a debug call acts as its caller: refused (403, Turkish) for a role that may not do its work, nothing written', async () => {
    const before = await written();
    const approve = await api.call<Envelope>('POST', '/debug/approve-first-order', {
      token: warehouse.token,
      idempotencyKey: 'debug-refused-approve',
    });
    expect(approve.status, approve.raw).toBe(403);
    expect(approve.body).toEqual({ success: false, code: 'FORBIDDEN', error: DEBUG_MESSAGES.cannotApprove });
    for (const s of [warehouse, manager]) {
      const create = await api.call<Envelope>('POST', '/debug/create-test-orders', { token: s.token });
      expect(create.status, create.raw).toBe(403);
      expect(create.body).toEqual({ success: false, code: 'FORBIDDEN', error: DEBUG_MESSAGES.cannotCreate });
    }
    expect(await written()).toEqual(before);
  });

  it('POST /debug/approve-first-order: the caller approves the oldest pending order, through the status service', async () => {
    const oldest = await api.db
      .selectFrom('orders')
      .select(['id'])
      .where('tenant_id', '=', 'demo')
      .where('status', '=', 'pending_approval')
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const before = await stateOf(oldest.id);
    const r = await api.call<Envelope<{ success: boolean; message: string; order_numbers: string[] }>>(
      'POST',
      '/debug/approve-first-order',
      { token: manager.token },
    );
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data.success).toBe(true);
    const after = await stateOf(oldest.id);
    expect(after.status).toBe('approved');
    expect(after.events.length).toBe(before.events.length + 1);
    expect(after.changeSeq).toBeGreaterThan(before.changeSeq);
    // In the caller's own name: the event, the handler stamp and the decision are the manager's.
    const row = await api.db
      .selectFrom('orders')
      .select(['order_number', 'manager_id', 'decided_by'])
      .where('tenant_id', '=', 'demo')
      .where('id', '=', oldest.id)
      .executeTakeFirstOrThrow();
    expect(row.manager_id).toBe(manager.user.id);
    expect(r.body.data.order_numbers).toEqual([row.order_number]);
    const event = await api.db
      .selectFrom('order_events')
      .select(['user_id'])
      .where('tenant_id', '=', 'demo')
      .where('order_id', '=', oldest.id)
      .where('to_status', '=', 'approved')
      .executeTakeFirstOrThrow();
    expect(event.user_id).toBe(manager.user.id);
  });

  it('POST /debug/create-test-orders creates a few pending orders of barcoded products', async () => {
    const count = async () =>
      Number(
        (
          await api.db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('tenant_id', '=', 'demo')
            .where('salesperson_id', '=', admin.user.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const r = await api.call<Envelope<{ success: boolean; message: string }>>(
      'POST',
      '/debug/create-test-orders',
      {
        token: admin.token,
      },
    );
    expect(r.status, r.raw).toBe(200);
    expect(r.body.data.success).toBe(true);
    expect(await count()).toBe(before + 3);
    expect((r.body.data as unknown as { order_numbers: string[] }).order_numbers).toHaveLength(3);
    const lines = await api.db
      .selectFrom('order_items as i')
      .innerJoin('orders as o', (j) =>
        j.onRef('o.tenant_id', '=', 'i.tenant_id').onRef('o.id', '=', 'i.order_id'),
      )
      .select(['i.barcode', 'o.status'])
      .where('o.tenant_id', '=', 'demo')
      .where('o.salesperson_id', '=', admin.user.id)
      .where('o.notes', '=', 'Demo: test siparişi')
      .execute();
    expect(lines.length).toBeGreaterThanOrEqual(6);
    expect(lines.every((l) => l.barcode !== null && l.status === 'pending_approval')).toBe(true);
  });

  it('demo mode needs a database seeded with demo data: without it the debug paths are 404 and GET /health says demo false', async () => {
    await api.db.updateTable('tenants').set({ demo_data: false }).execute();
    const real = await startApi({ database: api.database });
    try {
      expect(real.config.demoMode).toBe(true); // the configuration allows it…
      const token = (await real.login('demo', 'admin')).token;
      const r = await real.call('POST', '/debug/approve-first-order', { token });
      expect(r.status).toBe(404); // …the database has no demo data
      const health = await real.call<Envelope<{ demo: boolean }>>('GET', '/health', { tenant: null });
      expect(health.body.data.demo).toBe(false);
    } finally {
      await real.close();
      await api.db
        .updateTable('tenants')
        .set({ demo_data: true })
        .where('id', 'in', ['default', 'demo', 'client1'])
        .execute();
    }
  });

  it('without demo mode the three debug paths are 404', async () => {
    const plain = await startApi({ config: { demoMode: false }, database: api.database });
    try {
      const token = (await plain.login('demo', 'admin')).token;
      for (const [method, path] of [
        ['GET', '/debug/all-orders'],
        ['POST', '/debug/approve-first-order'],
        ['POST', '/debug/create-test-orders'],
      ] as const) {
        const r = await plain.call(method, path, { token });
        expect({ path, status: r.status }).toEqual({ path, status: 404 });
      }
      // the rest of the warehouse API is there
      expect((await plain.call('POST', '/warehouse/scan-barcode', { token, body: {} })).status).toBe(400);
    } finally {
      await plain.close();
    }
  });
});
