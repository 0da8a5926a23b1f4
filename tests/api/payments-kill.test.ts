import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteDir } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/schema';
import type { PushResult } from '../../src/shared/api/push';
import { parseReceiptNumber } from '../../src/shared/domain/account';
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from '../helpers/test-db';
import { call, kill, login, type Server, startServer } from './support/child-server';
import { insertOrders } from './support/invoices';

/**
 * Payments taken offline reach the server exactly once, even when the server dies mid-batch: a
 * device's batch of payments (POST /sync/push, each with the id the device made) is cut by a
 * SIGKILL of the server; after the restart the device sends the same batch again. Every payment
 * exists once, the receipt numbers run 1…N without a gap, and the customer's balance is lowered
 * by each payment exactly once (PGlite on disk, and PostgreSQL; the real server in a child
 * process).
 */
const TENANT = 'demo';
const BATCH = 60;

interface Setup {
  env: Record<string, string>;
  customerId: string;
  cleanup: () => Promise<void>;
}

/** A customer of the salesperson 'sales' with one delivered order (not invoiced: balance 0). */
async function customerOf(db: Kysely<Database>): Promise<string> {
  const [order] = await insertOrders(db, TENANT, 1, { lines: 1 });
  const row = await db
    .selectFrom('orders')
    .select('customer_id')
    .where('id', '=', order?.id as string)
    .executeTakeFirstOrThrow();
  return row.customer_id as string;
}

function killedMidBatch(label: string, setup: () => Promise<Setup>) {
  describe(`payments killed mid-batch (${label})`, () => {
    let ready: Setup;
    let server: Server | undefined;
    beforeAll(async () => {
      ready = await setup();
    }, 300_000);
    afterAll(async () => {
      if (server) await kill(server, 'SIGTERM');
      await ready?.cleanup();
    });

    it('the batch replayed after a restart gives each payment once, receipts without a gap, the balance lowered once', async () => {
      server = await startServer(ready.env);
      const manager = await login(server, 'manager');
      const takenAt = new Date().toISOString();
      const entries = Array.from({ length: BATCH }, (_, i) => {
        const id = randomUUID();
        return {
          key: id,
          method: 'POST',
          path: '/payments',
          body: {
            id,
            customer_id: ready.customerId,
            method: 'cash',
            amount_kurus: 100 + i,
            taken_at: takenAt,
          },
          record_key: `payment:${id}`,
        };
      });
      const count = async (s: Server) =>
        (
          await call<{ data: { pagination: { totalDocs: number } } }>(
            s,
            'GET',
            `/payments?customer_id=${ready.customerId}&limit=1`,
            manager,
          )
        ).body.data.pagination.totalDocs;
      const lost = call(server, 'POST', '/sync/push', manager, { entries }).catch(() => 'no answer');
      let before = 0;
      for (let i = 0; i < 4000 && before === 0; i++) {
        before = await count(server);
        if (before === 0) await new Promise((resolve) => setTimeout(resolve, 3));
      }
      await kill(server, 'SIGKILL');
      expect(await lost).toBe('no answer');
      expect(before).toBeGreaterThan(0);

      server = await startServer(ready.env);
      const applied = await count(server);
      expect(applied).toBeGreaterThanOrEqual(before);
      expect(applied, 'killed in the middle of the batch').toBeLessThan(BATCH);
      const replay = await call<{ data: { results: PushResult[] } }>(server, 'POST', '/sync/push', manager, {
        entries,
      });
      expect(replay.status).toBe(200);
      for (const r of replay.body.data.results) {
        expect(r.outcome).toBe('answered');
        if (r.outcome === 'answered') expect([200, 201]).toContain(r.status);
      }
      const all = await call<{
        data: { data: { id: string; receipt_number: string; amount_kurus: number }[] };
      }>(server, 'GET', `/payments?customer_id=${ready.customerId}&limit=200`, manager);
      const payments = all.body.data.data;
      expect(payments).toHaveLength(BATCH);
      expect(new Set(payments.map((p) => p.id))).toEqual(new Set(entries.map((e) => e.body.id)));
      expect(
        payments.map((p) => parseReceiptNumber(p.receipt_number)?.sequence ?? -1).sort((a, b) => a - b),
      ).toEqual(Array.from({ length: BATCH }, (_, i) => i + 1));
      const account = await call<{ data: { balance_kurus: number; movement_count: number } }>(
        server,
        'GET',
        `/customers/${ready.customerId}/account`,
        manager,
      );
      const paid = entries.reduce((sum, e) => sum + e.body.amount_kurus, 0);
      expect(account.body.data.balance_kurus).toBe(-paid);
      expect(account.body.data.movement_count).toBe(BATCH);
    }, 600_000);
  });
}

killedMidBatch('PGlite on disk', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sys-paymentkill-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  // The server makes and seeds the database; then the customer is written into it while it is down.
  const first = await startServer(env);
  await kill(first, 'SIGTERM');
  const handle = await openDatabase({ dataDir: pgliteDir(dataDir) });
  const customerId = await customerOf(handle.db);
  await handle.close();
  return { env, customerId, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
});

if (testDatabaseUrl()) {
  killedMidBatch('PostgreSQL', async () => {
    const database: TestDatabase = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'sys-paymentkill-pg-'));
    const customerId = await customerOf(database.db);
    return {
      env: { DATABASE_URL: database.url ?? '', DATA_DIR: dataDir },
      customerId,
      cleanup: async () => {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  });
}
