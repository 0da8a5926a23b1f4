import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushResult } from '../../src/shared/api/push';
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from '../helpers/test-db';
import { call, kill, login, type Server, startServer } from './support/child-server';

/**
 * Crash safety of POST /sync/push: the real server (src/server/main.ts) in a CHILD process is
 * killed with SIGKILL in the middle of a batch of 100 scans — some applied, the rest not, the
 * device never heard an answer — then started again on the same data, and the device replays the
 * same batch (same keys). Every scan must count exactly once: the applied ones answer their
 * stored outcome (`replayed`), the others are applied now. On PGlite (its data directory on disk)
 * and, with TEST_DATABASE_URL, on PostgreSQL.
 */
const adminUrl = testDatabaseUrl();

function killedMidBatch(
  label: string,
  setup: () => Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }>,
) {
  describe(`POST /sync/push killed mid-batch (${label})`, () => {
    let env: Record<string, string>;
    let cleanup: () => Promise<void> = async () => {};
    let server: Server | undefined;

    beforeAll(async () => {
      ({ env, cleanup } = await setup());
    }, 300_000);
    afterAll(async () => {
      if (server) await kill(server, 'SIGTERM');
      await cleanup();
    });

    it('the batch replayed after a restart applies every entry exactly once', async () => {
      server = await startServer(env);
      const [sales, manager, warehouse] = [
        await login(server, 'sales'),
        await login(server, 'manager'),
        await login(server, 'warehouse'),
      ];
      const products = await call<{
        data: { id: string; name: string; barcode: string; selling_price: number }[];
      }>(server, 'GET', '/products', sales);
      const product = products.body.data.find((p) => p.barcode);
      if (!product) throw new Error('no product with a barcode');
      const SCANS = 100;
      const created = await call<{ data: { id: string } }>(server, 'POST', '/orders', sales, {
        customer_name: 'Kesinti Testi',
        items: [
          {
            product_id: product.id,
            product_name: product.name,
            quantity: SCANS,
            unit_price: Number(product.selling_price),
          },
        ],
      });
      const orderId = created.body.data.id;
      const approved = await call(server, 'PATCH', `/orders/${orderId}/status`, manager, {
        status: 'approved',
        expected_status: 'pending_approval',
      });
      expect(approved.status).toBe(200);
      const entries = Array.from({ length: SCANS }, () => ({
        key: randomUUID(),
        method: 'POST',
        path: '/warehouse/scan-barcode',
        body: { barcode: product.barcode, order_id: orderId, scan_id: randomUUID() },
        record_key: `order:${orderId}`,
      }));
      const scanned = async (s: Server) => {
        const r = await call<{ data: { items: { scanned_quantity: number }[] } }>(
          s,
          'GET',
          `/orders/${orderId}`,
          manager,
        );
        return r.body.data.items.reduce((sum, i) => sum + i.scanned_quantity, 0);
      };

      // The batch goes out; as soon as some of it is applied, the server is killed.
      const lost = call(server, 'POST', '/sync/push', warehouse, { entries }).catch(() => 'no answer');
      let before = 0;
      for (let i = 0; i < 2000 && before === 0; i++) {
        before = await scanned(server);
        if (before === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await kill(server, 'SIGKILL');
      expect(await lost).toBe('no answer');
      expect(before).toBeGreaterThan(0);

      // Started again on the same data: the device sends the very same batch.
      server = await startServer(env);
      const applied = await scanned(server);
      expect(applied).toBeGreaterThanOrEqual(before);
      expect(applied, 'killed in the middle of the batch').toBeLessThan(SCANS);
      const replay = await call<{ data: { results: PushResult[] } }>(
        server,
        'POST',
        '/sync/push',
        warehouse,
        {
          entries,
        },
      );
      expect(replay.status).toBe(200);
      const results = replay.body.data.results;
      expect(results.every((r) => r.outcome === 'answered' && r.status === 200)).toBe(true);
      const replayed = results.filter((r) => r.outcome === 'answered' && r.replayed).length;
      // The ones applied before the kill answer their stored outcome; the others are applied now.
      expect(replayed).toBe(applied);
      expect(await scanned(server)).toBe(SCANS);
      // …and once more: nothing is applied twice.
      const again = await call<{ data: { results: PushResult[] } }>(server, 'POST', '/sync/push', warehouse, {
        entries,
      });
      expect(again.body.data.results.every((r) => r.outcome === 'answered' && r.replayed)).toBe(true);
      expect(await scanned(server)).toBe(SCANS);
    }, 600_000);
  });
}

killedMidBatch('PGlite on disk', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sys-pushkill-'));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
});

if (adminUrl) {
  killedMidBatch('PostgreSQL', async () => {
    const database: TestDatabase = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'sys-pushkill-pg-'));
    return {
      env: { DATABASE_URL: database.url ?? '', DATA_DIR: dataDir },
      cleanup: async () => {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  });
}
