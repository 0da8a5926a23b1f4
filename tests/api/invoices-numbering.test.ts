import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteDir } from '../../src/server/db/database';
import type { PushResult } from '../../src/shared/api/push';
import { parseInvoiceNumber } from '../../src/shared/domain/invoice';
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from '../helpers/test-db';
import { call, kill, login, type Server, startServer } from './support/child-server';
import { type Api, type Session, startApi } from './support/harness';
import { completeCompany, insertOrders, issue, type TestOrder } from './support/invoices';

/**
 * Gap-free numbering: the numbers of a year run 1, 2, 3, … with no gap and no duplicate —
 * under 50 issues at once, and when the server dies in the middle of a batch of issues and the
 * device replays the batch after the restart (on PGlite on disk and, with TEST_DATABASE_URL, on
 * PostgreSQL; the real server in a child process, killed with SIGKILL).
 */
const TENANT = 'demo';

const sequences = (numbers: string[]) =>
  numbers.map((n) => parseInvoiceNumber(n)?.sequence ?? -1).sort((a, b) => a - b);

describe('concurrent issuing', () => {
  let api: Api;
  let admin: Session;
  let manager: Session;
  beforeAll(async () => {
    api = await startApi();
    await completeCompany(api.db, TENANT);
    [admin, manager] = await Promise.all([api.login(TENANT, 'admin'), api.login(TENANT, 'manager')]);
  });
  afterAll(async () => api?.close());

  it('50 delivered orders issued in parallel get 50 consecutive numbers', async () => {
    const orders = await insertOrders(api.db, TENANT, 50);
    const results = await Promise.all(
      orders.map((o, i) => issue(api, i % 2 ? admin : manager, o.id, randomUUID(), randomUUID())),
    );
    for (const r of results) expect(r.status, r.raw).toBe(201);
    const seqs = sequences(results.map((r) => r.body.data.invoice_number as string));
    expect(new Set(seqs).size).toBe(50);
    expect(seqs).toEqual(Array.from({ length: 50 }, (_, i) => (seqs[0] as number) + i));
    // The same 50 again, at once, from a second device (other ids): the same invoices, no new number.
    const again = await Promise.all(orders.map((o) => issue(api, admin, o.id)));
    for (const [i, r] of again.entries()) {
      expect(r.status).toBe(200);
      expect(r.body.data.id).toBe(results[i]!.body.data.id);
    }
    const row = await api.db
      .selectFrom('invoice_sequences')
      .select('last')
      .where('tenant_id', '=', TENANT)
      .executeTakeFirstOrThrow();
    expect(row.last).toBe(seqs.at(-1));
  });
});

// ------------------------------------------------------------------------ the server killed ---

interface Setup {
  env: Record<string, string>;
  orders: TestOrder[];
  cleanup: () => Promise<void>;
}

const BATCH = 60;

function killedMidIssue(label: string, setup: () => Promise<Setup>) {
  describe(`issuing killed mid-batch (${label})`, () => {
    let ready: Setup;
    let server: Server | undefined;
    beforeAll(async () => {
      ready = await setup();
    }, 300_000);
    afterAll(async () => {
      if (server) await kill(server, 'SIGTERM');
      await ready?.cleanup();
    });

    it('the batch replayed after a restart gives one invoice per order and numbers without a gap', async () => {
      server = await startServer(ready.env);
      const manager = await login(server, 'manager');
      const entries = ready.orders.map((o) => ({
        key: randomUUID(),
        method: 'POST',
        path: '/invoices',
        body: { id: randomUUID(), order_id: o.id },
        record_key: `invoice:${o.id}`,
      }));
      const count = async (s: Server) =>
        (await call<{ data: { pagination: { totalDocs: number } } }>(s, 'GET', '/invoices?limit=1', manager))
          .body.data.pagination.totalDocs;
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
      const all = await call<{ data: { data: { order_id: string; invoice_number: string }[] } }>(
        server,
        'GET',
        '/invoices?limit=100',
        manager,
      );
      const invoices = all.body.data.data;
      expect(invoices).toHaveLength(BATCH);
      expect(new Set(invoices.map((i) => i.order_id)).size).toBe(BATCH);
      expect(sequences(invoices.map((i) => i.invoice_number))).toEqual(
        Array.from({ length: BATCH }, (_, i) => i + 1),
      );
    }, 600_000);
  });
}

killedMidIssue('PGlite on disk', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sys-invoicekill-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  // The server makes and seeds the database; then the orders are written into it while it is down.
  const first = await startServer(env);
  await kill(first, 'SIGTERM');
  const handle = await openDatabase({ dataDir: pgliteDir(dataDir) });
  await completeCompany(handle.db, TENANT);
  const orders = await insertOrders(handle.db, TENANT, BATCH, { lines: 2 });
  await handle.close();
  return { env, orders, cleanup: async () => rmSync(dataDir, { recursive: true, force: true }) };
});

if (testDatabaseUrl()) {
  killedMidIssue('PostgreSQL', async () => {
    const database: TestDatabase = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'sys-invoicekill-pg-'));
    await completeCompany(database.db, TENANT);
    const orders = await insertOrders(database.db, TENANT, BATCH, { lines: 2 });
    return {
      env: { DATABASE_URL: database.url ?? '', DATA_DIR: dataDir },
      orders,
      cleanup: async () => {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  });
}
