/**
 * What the browser benches that mirror many orders into Dexie share (dexie-sync-bench.ts,
 * dashboard-render-bench.ts): a PGlite data directory prepared with bulk orders before the server
 * starts on it, the count of the local `orders` store, and the figures' formatting.
 */
import type { Page } from 'playwright-core';
import { migrateToLatest, openDatabase, pgliteDir } from '../../../src/server/db/database';
import { seedIfEmpty } from '../../../src/server/seed/seed';
import { DEMO_PASSWORD } from '../../helpers/browser';
import { insertBulkOrders } from './bulk-orders';

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * Prepares DATA_DIR/pglite: migrate, seed, bulk-insert `orders` orders into `tenant`. Returns the
 * id of `username` and how many orders the tenant has (what a manager's mirror must hold).
 */
export async function prepareData(
  dataDir: string,
  { tenant, username, orders }: { tenant: string; username: string; orders: number },
): Promise<{ userId: string; expected: number }> {
  const database = await openDatabase({ dataDir: pgliteDir(dataDir) });
  try {
    await migrateToLatest(database.db);
    await seedIfEmpty(database.db, { demoPassword: DEMO_PASSWORD, production: false });
    const bulk = await insertBulkOrders(database.db, { tenantId: tenant, count: orders });
    console.log(
      `Prepared PGlite in ${dataDir}: +${bulk.inserted} orders (${bulk.items} items, ${bulk.events} events) in ${seconds(bulk.ms)}`,
    );
    const user = await database.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenant)
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const count = await database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tenant_id', '=', tenant)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return { userId: user.id, expected: Number(count.n) };
  } finally {
    await database.close();
  }
}

/**
 * Rows in the `orders` store of the local database, or -1 while it does not exist yet. Opens it
 * only when listed (opening a missing one would create it under Dexie's feet) and closes at once
 * (an open connection would block the app's schema upgrade).
 */
export function countLocalRows(page: Page, dbName: string, store: string): Promise<number> {
  return page.evaluate(
    async ({ name, store }) => {
      const listed = await indexedDB.databases();
      if (!listed.some((d) => d.name === name)) return -1;
      return new Promise<number>((done) => {
        const open = indexedDB.open(name);
        // Opening a name that does not exist (yet) creates it at version 1 with no stores, under the
        // app's feet (its own open then has to upgrade that): abort such a creation.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => done(-1);
        open.onblocked = () => done(-1);
        open.onsuccess = () => {
          const db = open.result;
          db.onversionchange = () => db.close();
          if (!db.objectStoreNames.contains(store)) {
            db.close();
            done(-1);
            return;
          }
          const request = db.transaction(store, 'readonly').objectStore(store).count();
          request.onsuccess = () => {
            db.close();
            done(request.result);
          };
          request.onerror = () => {
            db.close();
            done(-1);
          };
        };
      });
    },
    { name: dbName, store },
  );
}

/** Orders in the local store (-1 while it does not exist). */
export function countLocalOrders(page: Page, dbName: string): Promise<number> {
  return countLocalRows(page, dbName, 'orders');
}
