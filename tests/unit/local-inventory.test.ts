import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adjustStock, postCount } from '../../src/client/inventory/local';
import { LocalDb, recordKey } from '../../src/client/local/database';
import { acknowledge, listEntries, putServerRows, reject } from '../../src/client/local/outbox';
import type { Product } from '../../src/shared/api/entities';

/**
 * The inventory's stock changes on the device, without a network: an adjustment and a posted
 * count move the product's figures at once, are queued with the request the server expects
 * (versioned adjustment; a count with its client-made id, once), keep their effect on top of a
 * newer server version pulled meanwhile (a shipment during the count still counts), and a
 * refusal puts the server's figure back.
 */
const ID = '11111111-1111-4111-8111-111111111111';
const COUNT_ID = '22222222-2222-4222-8222-222222222222';

function product(overrides: Partial<Product> = {}): Product {
  return {
    id: ID,
    name: 'Çay Bardağı',
    product_code: 'CAY-1',
    barcode: '8690000000012',
    description: null,
    category: 'Ev & Yaşam',
    brand: null,
    unit: 'adet',
    selling_price: 10,
    selling_price_kurus: 1000,
    discounted_price: null,
    discounted_price_kurus: null,
    current_stock: 40,
    available_stock: 36,
    min_stock: 5,
    stock_status: 'in_stock',
    stock_seq: 7,
    vat_rate: 20,
    status: 'active',
    images: [],
    tags: [],
    created_at: '2026-11-01T08:00:00.000Z',
    updated_at: '2026-11-01T08:00:00.000Z',
    version: 12,
    ...overrides,
  };
}

let db: LocalDb;

beforeEach(async () => {
  db = new LocalDb({ tenant: 'demo', userId: 'u1' }, { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.open();
  await db.transaction('rw', db.syncScope(), () => putServerRows(db, 'products', [product()], []));
});

afterEach(() => db.close());

describe('inventory on the device', () => {
  it('an adjustment moves on-hand and available at once, recomputes the status, and names the version seen', async () => {
    const entry = await adjustStock(db, {
      productId: ID,
      productName: 'Çay Bardağı',
      adjustment: -33,
      reason: 'manual_adjustment',
      notes: ' kırık ',
      expectedVersion: 12,
    });
    expect(entry).toMatchObject({
      method: 'PATCH',
      path: `/products/${ID}/stock`,
      record_key: `product:${ID}`,
    });
    expect(entry.body).toEqual({
      adjustment: -33,
      reason: 'manual_adjustment',
      notes: 'kırık',
      expected_version: 12,
      device_time: expect.any(String),
    });
    expect(await db.products.get(ID)).toMatchObject({
      current_stock: 7,
      available_stock: 3,
      stock_status: 'low_stock',
    });
    // Refused (the product changed meanwhile): the server's figures come back at once.
    await reject(db, entry, {
      status: 409,
      error: 'Ürün başka biri tarafından değiştirildi',
      code: 'CONFLICT',
    });
    expect(await db.products.get(ID)).toMatchObject({ current_stock: 40, available_stock: 36 });
  });

  it('a posted count adds counted − expected, re-applied over a shipment pulled meanwhile, and is one entry keyed by its count id', async () => {
    const entry = await postCount(db, {
      countId: COUNT_ID,
      label: 'Raf: A-12',
      lines: [{ product_id: ID, counted: 12, seen_stock_seq: 7, expected: 40 }],
    });
    expect(entry).toMatchObject({
      id: COUNT_ID,
      method: 'POST',
      path: '/inventory/counts',
      record_key: 'product:*',
      records: [recordKey('products', ID)],
    });
    expect(entry.body).toEqual({
      count_id: COUNT_ID,
      device_time: expect.any(String),
      lines: [{ product_id: ID, counted: 12, seen_stock_seq: 7 }],
    });
    expect(await db.products.get(ID)).toMatchObject({ current_stock: 12, available_stock: 8 });

    // A pull brings the product after 3 shipped (movement 9): the count still posts 12 − 40.
    await db.transaction('rw', db.syncScope(), () =>
      putServerRows(
        db,
        'products',
        [product({ current_stock: 37, available_stock: 33, stock_seq: 9, version: 14 })],
        [],
      ),
    );
    expect(await db.products.get(ID)).toMatchObject({
      current_stock: 9,
      available_stock: 5,
      stock_status: 'low_stock',
    });

    // Acknowledged: the entry leaves the outbox; the figure stays what the server will send.
    await acknowledge(db, entry, {
      count_id: COUNT_ID,
      lines: [{ product_id: ID, expected: 40, counted: 12, delta: -28, current_stock: 9 }],
    });
    expect(await listEntries(db)).toEqual([]);
    expect(await db.products.get(ID)).toMatchObject({ current_stock: 9 });
  });

  it('a second post of the same count is refused on the device (one entry per count id)', async () => {
    const input = {
      countId: COUNT_ID,
      label: 'x',
      lines: [{ product_id: ID, counted: 1, seen_stock_seq: 7, expected: 40 }],
    };
    await postCount(db, input);
    await expect(postCount(db, input)).rejects.toThrow();
    expect(await listEntries(db)).toHaveLength(1);
    expect(await db.products.get(ID)).toMatchObject({ current_stock: 1 });
  });
});
