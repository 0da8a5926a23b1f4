import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  distinctValues,
  filterStock,
  readStockPreview,
  stockCounts,
} from '../../src/client/inventory/inventory-data';
import { LocalDb } from '../../src/client/local/database';
import { putServerRows } from '../../src/client/local/outbox';
import type { Product } from '../../src/shared/api/entities';

/**
 * /inventory's first page read off the indexes (out of stock, then running low, …) must be what
 * the whole list shows: the same first rows in the same order (Turkish name order, equal names in
 * key order), the same counts and the same filter choices as reading every product.
 */
const NAMES = [
  'Çay',
  'çay',
  'Cam',
  'İğne',
  'ığdır',
  'Ilık',
  'Şeker',
  'sabun',
  'Zeytin',
  'Öğle',
  'ozon',
  'Ürün',
];
const CATEGORIES = [null, '', 'Ev & Yaşam', 'Gıda', 'İçecek'];
const STATUSES = ['in_stock', 'low_stock', 'out_of_stock'] as const;

/** A deterministic pseudo-random sequence (the test repeats exactly). */
function random(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

function products(count: number, seed: number, statusWeights: readonly number[]): Product[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const weighted = () => {
    const r = next() * statusWeights.reduce((a, b) => a + b, 0);
    let acc = 0;
    for (const [i, w] of statusWeights.entries()) {
      acc += w;
      if (r < acc) return STATUSES[i] ?? 'in_stock';
    }
    return 'in_stock';
  };
  return Array.from({ length: count }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(Math.floor(next() * 1e12)).padStart(12, '0')}`,
    name: `${pick(NAMES)}${next() < 0.3 ? '' : ` ${i % 7}`}`,
    product_code: `P-${i}`,
    barcode: null,
    description: null,
    category: pick(CATEGORIES),
    brand: pick([null, 'Acme', 'Öz', 'ılık', '']),
    unit: 'adet',
    selling_price: 10,
    selling_price_kurus: 1000,
    discounted_price: null,
    discounted_price_kurus: null,
    current_stock: 5,
    available_stock: 5,
    min_stock: 5,
    stock_status: weighted(),
    stock_seq: 1,
    vat_rate: 20,
    status: 'active',
    images: [],
    tags: [],
    created_at: '2026-11-01T08:00:00.000Z',
    updated_at: '2026-11-01T08:00:00.000Z',
    version: 1,
  }));
}

let db: LocalDb;

beforeEach(async () => {
  db = new LocalDb({ tenant: 'demo', userId: 'u1' }, { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.open();
});

afterEach(() => db.close());

describe('the stock list first page read off the indexes', () => {
  const cases: [string, number, number[]][] = [
    ['mostly in stock', 300, [20, 3, 2]],
    ['few low', 120, [50, 1, 1]],
    ['none low', 60, [1, 0, 0]],
    ['all out', 80, [0, 0, 1]],
    ['empty', 0, [1, 1, 1]],
  ];
  for (const [label, count, weights] of cases)
    it(`equals the whole list's rows, counts and choices (${label})`, async () => {
      const rows = products(count, count + weights.length * 7 + (weights[1] ?? 0), weights);
      await db.transaction('rw', db.syncScope(), () => putServerRows(db, 'products', rows, []));
      const all = await db.products.toArray();
      const whole = filterStock(all, new Map(), { search: '', category: '', brand: '', status: '' });
      for (const end of [1, 10, 25, 50, 75, 400]) {
        const preview = await readStockPreview(db, end);
        expect(preview.rows.map((p) => p.id)).toEqual(whole.slice(0, end).map((p) => p.id));
        expect(preview.counts).toEqual(stockCounts(all));
        expect(preview.categories).toEqual(distinctValues(all, 'category'));
        expect(preview.brands).toEqual(distinctValues(all, 'brand'));
      }
    });
});
