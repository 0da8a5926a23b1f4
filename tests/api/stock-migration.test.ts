import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationProvider } from '../../src/server/db/migrations';
import { ledgerSums } from '../../src/server/stock/stock.repository';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

/**
 * The ledger's migration on a database that held stock before it existed: taken down and up
 * again over the seeded data, it writes an opening movement per product and a reservation per
 * live approved/prepared order line, and the ledger then sums to the stored figures.
 */
let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => tdb.close());

describe('migration 0012 (stock ledger) back-fill', () => {
  it('recomputes to the stored figures, reserves for live approved orders and renumbers the products', async () => {
    const { db } = tdb;
    const migrator = new Migrator({ db, provider: migrationProvider });
    // Before the ledger: the figures as a pre-ledger database kept them (nothing reserved).
    const down = await migrator.migrateDown();
    expect(down.error).toBeUndefined();
    await db.updateTable('products').set({ reserved_stock: 0 }).execute();
    const before = await db
      .selectFrom('products')
      .select(['tenant_id', 'id', 'current_stock', 'change_seq'])
      .execute();
    const counterBefore = await db.selectFrom('tenant_counters').selectAll().execute();

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();

    const after = await db
      .selectFrom('products')
      .select(['tenant_id', 'id', 'current_stock', 'reserved_stock', 'stock_seq', 'change_seq'])
      .execute();
    const held = await db
      .selectFrom('order_items as i')
      .innerJoin('orders as o', (j) =>
        j.onRef('o.tenant_id', '=', 'i.tenant_id').onRef('o.id', '=', 'i.order_id'),
      )
      .select(['i.tenant_id', 'i.product_id', 'i.quantity'])
      .where('o.deleted_at', 'is', null)
      .where('o.status', 'in', ['approved', 'prepared'])
      .execute();
    const expectedReserved = new Map<string, number>();
    for (const h of held)
      if (h.product_id)
        expectedReserved.set(
          `${h.tenant_id}/${h.product_id}`,
          (expectedReserved.get(`${h.tenant_id}/${h.product_id}`) ?? 0) + h.quantity,
        );
    expect(expectedReserved.size).toBeGreaterThan(0);

    const tenants = [...new Set(after.map((p) => p.tenant_id))];
    for (const tenant of tenants) {
      const sums = await ledgerSums(db, tenant);
      for (const p of after.filter((x) => x.tenant_id === tenant)) {
        const prior = before.find((b) => b.id === p.id && b.tenant_id === tenant);
        expect(p.current_stock).toBe(prior?.current_stock);
        expect(p.reserved_stock).toBe(expectedReserved.get(`${tenant}/${p.id}`) ?? 0);
        const sum = sums.get(p.id) ?? { current: 0, reserved: 0 };
        expect(sum).toEqual({ current: p.current_stock, reserved: p.reserved_stock });
        if (sum.current !== 0 || sum.reserved !== 0) {
          expect(Number(p.stock_seq)).toBeGreaterThan(0);
          // Renumbered past every number handed out before: devices pull the new figures.
          const counter = counterBefore.find((c) => c.tenant_id === tenant);
          expect(Number(p.change_seq)).toBeGreaterThan(Number(counter?.change_seq));
        } else expect(Number(p.stock_seq)).toBe(0);
      }
      const counter = await db
        .selectFrom('tenant_counters')
        .selectAll()
        .where('tenant_id', '=', tenant)
        .executeTakeFirstOrThrow();
      const maxSeq = Math.max(
        ...after.filter((x) => x.tenant_id === tenant).map((x) => Number(x.change_seq)),
      );
      expect(Number(counter.change_seq)).toBeGreaterThanOrEqual(maxSeq);
    }
  });
});
