import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDb, META } from '../../src/client/local/database';
import { acknowledge, discardEntry, listEntries, putServerRows, reject } from '../../src/client/local/outbox';
import {
  bulkProducts,
  createProduct,
  deleteProduct,
  ordersHoldingProducts,
  queryProductPage,
  updateProduct,
} from '../../src/client/products/local';
import {
  checkCreate,
  checkEdit,
  emptyForm,
  formFromProduct,
  refusalField,
} from '../../src/client/products/product-form';
import type { Product } from '../../src/shared/api/entities';
import { PRODUCT_MESSAGES } from '../../src/shared/api/products';
import {
  canAddToOrder,
  capToAvailable,
  overStockLine,
  sellableStock,
} from '../../src/shared/domain/order-lines';

/**
 * Product management on the device: the admin's list (filters with Turkish case folding, newest
 * first, pages), changes applied at once and queued with the version the admin saw, refusals
 * undone; the form's rules from the request schema with the generic texts; and the one stock cap
 * of a sale (available stock), which /sales and /create-order share.
 */

const T0 = Date.parse('2026-03-01T08:00:00.000Z');

function product(n: number, overrides: Partial<Product> = {}): Product {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Ürün ${n}`,
    product_code: `P-${n}`,
    barcode: null,
    description: null,
    category: n % 2 ? 'Elektronik' : 'Giyim',
    brand: n % 3 ? 'Apple' : 'Dell',
    unit: 'adet',
    selling_price: 10,
    selling_price_kurus: 1000,
    cost_price: 6,
    cost_price_kurus: 600,
    discounted_price: null,
    discounted_price_kurus: null,
    vat_rate: 20,
    current_stock: 5,
    available_stock: 5,
    min_stock: 1,
    stock_status: 'in_stock',
    stock_seq: 0,
    status: 'active',
    images: [],
    tags: [],
    created_at: new Date(T0 + n * 60_000).toISOString(),
    updated_at: new Date(T0 + n * 60_000).toISOString(),
    version: 100 + n,
    ...overrides,
  };
}

let db: LocalDb;

beforeEach(async () => {
  db = new LocalDb({ tenant: 'demo', userId: 'a1' }, { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.open();
  await db.setMeta(META.user, { id: 'a1', username: 'admin', full_name: 'Yönetici', role: 'admin' });
  const rows = Array.from({ length: 30 }, (_, i) => product(i + 1));
  rows.push(product(31, { name: 'İPAD Kılıfı', status: 'inactive' }));
  await db.transaction('rw', [db.products, db.outbox, db.base], () =>
    putServerRows(db, 'products', rows, []),
  );
});

afterEach(() => db.close());

describe('the product list on the device', () => {
  it('pages newest first and filters by search (Turkish folding), category, brand and status', async () => {
    const first = await queryProductPage(db, {}, 0, 10);
    expect(first.total).toBe(31);
    expect(first.rows.map((p) => p.product_code).slice(0, 3)).toEqual(['P-31', 'P-30', 'P-29']);
    expect((await queryProductPage(db, {}, 3, 10)).rows.map((p) => p.product_code)).toEqual(['P-1']);
    expect((await queryProductPage(db, { search: 'ipad' }, 0, 10)).rows.map((p) => p.name)).toEqual([
      'İPAD Kılıfı',
    ]);
    expect((await queryProductPage(db, { status: 'inactive' }, 0, 10)).total).toBe(1);
    const dellGiyim = await queryProductPage(db, { category: 'Giyim', brand: 'Dell' }, 0, 100);
    expect(dellGiyim.rows.every((p) => p.category === 'Giyim' && p.brand === 'Dell')).toBe(true);
    expect(dellGiyim.total).toBe(5);
  });
});

describe('changing products offline', () => {
  it('creates a product at once under a client-made id, queued as one POST keyed by it', async () => {
    const check = checkCreate(
      {
        ...emptyForm(),
        name: 'Yeni Kulaklık',
        product_code: 'KLK-1',
        selling_price: '1.250,75',
        cost_price: '900',
        min_stock: '2',
        current_stock: '7',
      },
      '11111111-1111-4111-8111-111111111111',
    );
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.body).toMatchObject({
      selling_price_kurus: 125075,
      cost_price_kurus: 90000,
      vat_rate: 20,
      current_stock: 7,
    });
    const entry = await createProduct(db, check.body);
    const row = await db.products.get('11111111-1111-4111-8111-111111111111');
    expect(row).toMatchObject({
      name: 'Yeni Kulaklık',
      selling_price: 1250.75,
      available_stock: 7,
      version: 0,
    });
    expect(entry).toMatchObject({ id: row?.id, kind: 'product.create', method: 'POST', path: '/products' });
  });

  it('an edit names the version the admin saw; a 409 puts the server row back and drops the edit', async () => {
    const p = product(3);
    const edit = checkEdit({ ...formFromProduct(p), selling_price: '12,50' }, p);
    expect(edit).toEqual({ ok: true, changed: { selling_price_kurus: 1250 } });
    if (!edit.ok) return;
    const entry = await updateProduct(db, p.id, edit.changed, p.version);
    expect(entry.body).toEqual({ selling_price_kurus: 1250, expected_version: 103 });
    expect(await db.products.get(p.id)).toMatchObject({ selling_price_kurus: 1250, selling_price: 12.5 });
    const current = product(3, { name: 'Başkası değiştirdi', version: 150 });
    await reject(db, entry, {
      status: 409,
      error: PRODUCT_MESSAGES.versionConflict,
      code: 'CONFLICT',
      current: current as never,
    });
    expect(await db.products.get(p.id)).toMatchObject({
      name: 'Başkası değiştirdi',
      selling_price_kurus: 1000,
      version: 150,
    });
  });

  it('delete removes the row at once; a bulk deactivate names every product with its version', async () => {
    const del = await deleteProduct(db, product(1).id);
    expect(del.body).toEqual({ expected_version: 101 });
    expect(await db.products.get(product(1).id)).toBeUndefined();
    const bulk = await bulkProducts(db, 'deactivate', [product(2).id, product(4).id]);
    expect(bulk.record_key).toBe('product:*');
    expect(bulk.body).toEqual({
      action: 'deactivate',
      items: [
        { id: product(2).id, expected_version: 102 },
        { id: product(4).id, expected_version: 104 },
      ],
    });
    expect((await db.products.get(product(2).id))?.status).toBe('inactive');
    // The server's answer: one applied, one changed meanwhile (left as the server has it).
    await acknowledge(db, bulk, {
      applied: 1,
      results: [
        { id: product(2).id, outcome: 'applied', product: product(2, { status: 'inactive', version: 200 }) },
        {
          id: product(4).id,
          outcome: 'conflict',
          product: product(4, { status: 'discontinued', version: 201 }),
        },
      ],
    });
    expect((await db.products.get(product(2).id))?.version).toBe(200);
    expect((await db.products.get(product(4).id))?.status).toBe('discontinued');
    expect((await listEntries(db)).map((e) => e.kind)).toEqual(['product.delete']);
  });
});

describe('a delete the server refuses is never shown as done', () => {
  it('a single delete refused (open orders hold it) brings the row back as a failed entry with the reason', async () => {
    const p = product(5);
    const del = await deleteProduct(db, p.id);
    expect(await db.products.get(p.id)).toBeUndefined();
    const reason = PRODUCT_MESSAGES.inOpenOrders(p.name, ['SIP-2026-000007'], 1);
    await reject(db, del, { status: 409, error: reason, code: 'PRODUCT_IN_USE' });
    expect(await db.products.get(p.id)).toMatchObject({ id: p.id, name: p.name });
    expect(await listEntries(db, 'failed')).toMatchObject([
      { kind: 'product.delete', error: reason, code: 'PRODUCT_IN_USE', http_status: 409 },
    ]);
  });

  it('a bulk delete refused for some products: those come back and stay queued as failed with their reasons, the rest is done', async () => {
    const [a, b, c] = [product(1), product(2), product(3)];
    const bulk = await bulkProducts(db, 'delete', [a.id, b.id, c.id]);
    for (const p of [a, b, c]) expect(await db.products.get(p.id)).toBeUndefined();
    const reason = PRODUCT_MESSAGES.inOpenOrders(b.name, ['SIP-2026-000001', 'SIP-2026-000002'], 2);
    await acknowledge(db, bulk, {
      applied: 2,
      results: [
        { id: a.id, outcome: 'applied', product: null, written_off: 5 },
        { id: b.id, outcome: 'refused', product: product(2, { version: 102 }), reason },
        { id: c.id, outcome: 'applied', product: null, written_off: 5 },
      ],
    });
    expect(await db.products.get(a.id)).toBeUndefined();
    expect(await db.products.get(c.id)).toBeUndefined();
    expect(await db.products.get(b.id)).toMatchObject({ id: b.id, name: b.name });
    const failed = await listEntries(db, 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      id: bulk.id,
      kind: 'product.bulk',
      code: 'PRODUCT_IN_USE',
      http_status: 409,
      records: [`product:${b.id}`],
      // only the refused product's changes wait behind it, not every product's
      record_key: `product:${b.id}`,
      body: { action: 'delete', items: [{ id: b.id, expected_version: 102 }] },
      summary: 'Toplu ürün işlemi: delete (1)',
      local: { refused: [{ id: b.id, name: b.name, reason }] },
    });
    expect(failed[0]?.error).toContain('SIP-2026-000001');
    // the screen showed it and drops it: the product stays as the server has it
    expect(await discardEntry(db, bulk.id)).toBe(true);
    expect(await db.products.get(b.id)).toMatchObject({ id: b.id });
    expect(await listEntries(db)).toEqual([]);
  });

  it('the delete dialog knows the open orders on the device that hold a product (awaiting approval and reserving)', async () => {
    const line = (n: number) => ({ product_id: product(n).id, quantity: 1 });
    const rows = [
      { id: 'o1', order_number: 'SIP-3', status: 'approved', items: [line(1), line(1)] },
      { id: 'o2', order_number: 'SIP-1', status: 'pending_approval', items: [line(1), line(2)] },
      { id: 'o3', order_number: 'SIP-2', status: 'in_transit', items: [line(2)] },
      { id: 'o4', order_number: 'SIP-4', status: 'cancelled', items: [line(3)] },
      { id: 'o5', order_number: 'SIP-5', status: 'prepared', items: [line(4)] },
    ];
    await db.orders.bulkPut(
      rows.map((o) => ({ ...o, events: [], created_at: new Date(T0).toISOString() })) as never,
    );
    const held = await ordersHoldingProducts(db, [product(1).id, product(2).id, product(3).id]);
    expect(Object.fromEntries(held)).toEqual({
      [product(1).id]: ['SIP-1', 'SIP-3'],
      [product(2).id]: ['SIP-1'],
    });
  });
});

describe('the product form rules', () => {
  it('give the generic texts under the fields, from the request schema', () => {
    const check = checkCreate({
      ...emptyForm(),
      selling_price: '12,3,4',
      cost_price: '5',
      min_stock: '',
      barcode: '1234567890123',
    });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors.name).toEqual({ key: 'prod_required' });
    expect(check.errors.product_code).toEqual({ key: 'prod_required' });
    expect(check.errors.selling_price).toEqual({ key: 'prod_invalidNumber' });
    expect(check.errors.min_stock).toEqual({ key: 'prod_required' });
    expect(check.errors.current_stock).toEqual({ key: 'prod_required' });
    expect(check.errors.barcode).toEqual({ key: 'prod_invalidFormat' });
    expect(check.errors.cost_price).toBeUndefined();
    const big = checkCreate({
      ...emptyForm(),
      name: 'Ad',
      product_code: 'K',
      selling_price: '99.999.999',
      cost_price: '1',
      min_stock: '0',
      current_stock: '0',
    });
    expect(big.ok ? null : big.errors.selling_price).toEqual({ key: 'prod_max', params: { n: 10_000_000 } });
  });

  it('a duplicate code or barcode refusal shows under its field', () => {
    expect(refusalField(PRODUCT_MESSAGES.codeTaken)?.field).toBe('product_code');
    expect(refusalField(PRODUCT_MESSAGES.barcodeTaken)?.field).toBe('barcode');
    expect(refusalField('Bilinmeyen hata')).toBeNull();
  });
});

describe('the stock cap of a sale (/sales and /create-order)', () => {
  it('caps at the available stock and refuses a product with none', () => {
    expect(sellableStock(-3)).toBe(0);
    expect(canAddToOrder(0)).toBe(false);
    expect(canAddToOrder(3, 3)).toBe(false);
    expect(canAddToOrder(3, 2)).toBe(true);
    expect(capToAvailable(10, 4, 1)).toBe(3);
    const available = (id: string) => ({ a: 0, b: 5 })[id] ?? null;
    // The reported case: 2 × a product with nothing available is refused, naming it.
    expect(overStockLine([{ product_id: 'a', product_name: 'Stoksuz', quantity: 2 }], available)).toEqual({
      product_id: 'a',
      product_name: 'Stoksuz',
      wanted: 2,
      available: 0,
    });
    // Lines of one product add up; free-text lines and unknown products are not capped here.
    expect(
      overStockLine(
        [
          { product_id: 'b', product_name: 'B', quantity: 3 },
          { product_id: 'b', product_name: 'B', quantity: 3 },
        ],
        available,
      )?.wanted,
    ).toBe(6);
    expect(
      overStockLine(
        [
          { product_id: null, product_name: 'Serbest', quantity: 99 },
          { product_id: 'zz', product_name: 'Z', quantity: 99 },
          { product_id: 'b', product_name: 'B', quantity: 5 },
        ],
        available,
      ),
    ).toBeNull();
  });
});
