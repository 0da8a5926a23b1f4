import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationProvider } from '../../src/server/db/migrations';
import { orderSchema } from '../../src/shared/api/entities';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

/**
 * Migration 0013 (product management) on a database that held products and orders before it:
 * taken down and up again over the seeded data, every tenant gets its category and brand lists
 * (the defaults and every name its products use, once under Turkish folding), every product a
 * new change number (devices pull its KDV rate), and the order wire carries each line's rate.
 */
let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => tdb.close());

describe('migration 0013 (product management)', () => {
  it('gives existing tenants their lists, renumbers the products and puts the KDV rate on the order lines', async () => {
    const { db } = tdb;
    const migrator = new Migrator({ db, provider: migrationProvider });
    const down = await migrator.migrateTo('0012-stock-ledger');
    expect(down.error).toBeUndefined();
    const counters = await db.selectFrom('tenant_counters').select(['tenant_id', 'change_seq']).execute();
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();

    const products = await db
      .selectFrom('products')
      .select(['tenant_id', 'category', 'brand', 'change_seq', 'edit_seq', 'vat_rate', 'deleted_at'])
      .execute();
    for (const { tenant_id, change_seq } of counters) {
      const own = products.filter((p) => p.tenant_id === tenant_id);
      for (const p of own) {
        expect(Number(p.change_seq)).toBeGreaterThan(Number(change_seq));
        expect(Number(p.edit_seq)).toBe(Number(p.change_seq));
        expect(p.vat_rate).toBe(20);
      }
      const live = own.filter((p) => p.deleted_at === null);
      const categories = (
        await db.selectFrom('product_categories').select('name').where('tenant_id', '=', tenant_id).execute()
      ).map((r) => r.name);
      const expected = new Set([
        'Elektronik',
        'Bilgisayar',
        'Giyim',
        'Ev & Yaşam',
        ...live.map((p) => p.category ?? 'Elektronik'),
      ]);
      expect(categories.sort()).toEqual([...expected].sort());
      const brands = (
        await db.selectFrom('product_brands').select('name').where('tenant_id', '=', tenant_id).execute()
      ).map((r) => r.name);
      expect(brands).toEqual(expect.arrayContaining(['Apple', 'Samsung', 'Dell']));
    }

    const order = await db
      .selectFrom('orders')
      .select(['tenant_id', 'id'])
      .limit(1)
      .executeTakeFirstOrThrow();
    const wire = await sql<{
      wire: string;
    }>`SELECT wire FROM order_wire(${order.tenant_id}, ARRAY[${order.id}]::uuid[])`.execute(db);
    const parsed = orderSchema.parse(JSON.parse(wire.rows[0]?.wire ?? '{}'));
    expect(parsed.items.length).toBeGreaterThan(0);
    for (const item of parsed.items) expect(item.vat_rate).toBe(20);
  });
});
