import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteDir } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/schema';
import type { ImportReport, ImportSummary } from '../../src/shared/api/product-import';
import { call, kill, login, type Server, startServer } from './support/child-server';

/**
 * Crash safety of the bulk product import on the embedded database: the real server
 * (src/server/main.ts) in a CHILD process, PGlite in a data directory on disk, is killed with
 * SIGKILL in the middle of confirming a 10,000-row file — once while the confirmation stages its
 * rows (some chunks written, not all), once inside the final transaction (9,000 products inserted,
 * not committed) — and started again on the same directory each time. None of the file's products
 * may exist after either restart, nothing staged may be left, and the same file imported again
 * lands whole.
 *
 * To stop the server at those two points, and only there, a trigger is added to the database
 * while the server is down: at the named row it writes a marker file into the data directory and
 * sleeps, so the test kills the server while it is certainly in that statement.
 */
const ROWS = 10_000;
const code = (i: number) => `KILL-${String(i).padStart(6, '0')}`;

function file(): Buffer {
  const lines = ['Ürün Kodu;Ürün Adı;Satış Fiyatı;Stok'];
  for (let i = 0; i < ROWS; i++)
    lines.push(`${code(i)};Kesinti Ürünü ${i};${(i % 900) + 1},25;${(i % 9) + 1}`);
  return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
}

async function preview(server: Server, token: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'kesinti.csv');
  const r = await fetch(`${server.base}/products/import/preview?tenant=demo`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await r.json()) as { data: ImportSummary };
  expect(r.status, JSON.stringify(body)).toBe(200);
  return body.data;
}

const confirm = (server: Server, token: string, summary: ImportSummary) =>
  call<{ data: ImportReport; code?: string }>(
    server,
    'POST',
    `/products/import/${summary.import_id}/confirm`,
    token,
    { expected_fingerprint: summary.fingerprint },
  );

/** The server's database opened by the test itself (the server must be stopped). */
async function withDatabase<T>(dataDir: string, fn: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dataDir: pgliteDir(dataDir) });
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}

/** Pauses the server at a row: a marker file in the data directory, then a long sleep. */
async function pauseAt(db: Kysely<Database>, table: string, when: string, marker: string) {
  await sql`CREATE OR REPLACE FUNCTION test_pause() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      EXECUTE format('COPY (SELECT 1) TO %L', current_setting('data_directory') || '/' || TG_ARGV[0]);
      PERFORM pg_sleep(600);
      RETURN NEW;
    END $$`.execute(db);
  await sql
    .raw(`CREATE TRIGGER test_pause BEFORE INSERT ON ${table} FOR EACH ROW WHEN (${when})
      EXECUTE FUNCTION test_pause('${marker}')`)
    .execute(db);
  // ALWAYS: it fires in the statements the import runs with triggers off (session_replication_role).
  await sql.raw(`ALTER TABLE ${table} ENABLE ALWAYS TRIGGER test_pause`).execute(db);
}

async function unpause(db: Kysely<Database>, table: string) {
  await sql.raw(`DROP TRIGGER test_pause ON ${table}`).execute(db);
  await sql`DROP FUNCTION test_pause()`.execute(db);
}

async function fileProducts(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', 'demo')
    .where('product_code', 'like', 'KILL-%')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function staged(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('product_import_staging')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Waits until the server has written the marker, i.e. sleeps inside the paused statement. */
async function paused(server: Server, dataDir: string, marker: string): Promise<void> {
  const path = join(pgliteDir(dataDir), marker);
  for (let i = 0; i < 12_000 && !existsSync(path); i++) {
    if (server.exited) throw new Error(`server exited:\n${server.output.slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!existsSync(path)) throw new Error(`the server never reached ${marker}`);
}

/** What GET /products finds of the file's products (the first, the 9,000th and the last code). */
async function listed(server: Server, token: string): Promise<number> {
  let n = 0;
  for (const c of [code(0), code(9000), code(ROWS - 1)]) {
    const r = await call<{ pagination: { total: number } }>(server, 'GET', `/products?search=${c}`, token);
    expect(r.status).toBe(200);
    n += r.body.pagination.total;
  }
  return n;
}

describe('product import killed mid-way (PGlite on disk)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sys-importkill-'));
  let server: Server | undefined;
  afterAll(async () => {
    if (server) await kill(server, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves none of the file after a restart, and the same file then imports whole', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
    const bytes = file();
    server = await startServer(env);
    const first = await preview(server, await login(server, 'admin'), bytes);
    expect(first.counts).toMatchObject({ total: ROWS, create: ROWS, error: 0 });
    await kill(server, 'SIGTERM');

    // 1. Killed while the confirmation stages its rows (the 13th chunk of 500 under way).
    await withDatabase(dataDir, (db) =>
      pauseAt(db, 'product_import_staging', 'NEW.ord = 6000', 'paused-staging'),
    );
    server = await startServer(env);
    let admin = await login(server, 'admin');
    let lost = confirm(server, admin, first).catch(() => 'no answer');
    await paused(server, dataDir, 'paused-staging');
    await kill(server, 'SIGKILL');
    expect(await lost).toBe('no answer');
    await withDatabase(dataDir, async (db) => {
      expect(await fileProducts(db)).toBe(0);
      expect(await staged(db), 'chunks staged before the kill').toBeGreaterThan(0);
      await unpause(db, 'product_import_staging');
      // 2. Next time: killed inside the final transaction, at the 9,001st new product.
      await pauseAt(db, 'products', `NEW.product_code = '${code(9000)}'`, 'paused-final');
    });

    server = await startServer(env);
    admin = await login(server, 'admin');
    expect(await listed(server, admin)).toBe(0);
    lost = confirm(server, admin, first).catch(() => 'no answer');
    await paused(server, dataDir, 'paused-final');
    await kill(server, 'SIGKILL');
    expect(await lost).toBe('no answer');
    await withDatabase(dataDir, async (db) => {
      expect(await fileProducts(db)).toBe(0);
      const record = await db
        .selectFrom('product_imports')
        .select('status')
        .where('id', '=', first.import_id)
        .executeTakeFirstOrThrow();
      expect(record.status).toBe('preview');
      await unpause(db, 'products');
    });

    // 3. Started again: nothing of the file, nothing staged; the same file imports whole.
    server = await startServer(env);
    admin = await login(server, 'admin');
    expect(await listed(server, admin)).toBe(0);
    const second = await preview(server, admin, bytes);
    expect(second.counts).toMatchObject({ create: ROWS, error: 0 });
    const done = await confirm(server, admin, second);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ created: ROWS, updated: 0, stock_movements: ROWS });
    expect(await listed(server, admin)).toBe(3);
    // The first preview of the file cannot land as well: the catalogue has changed since.
    const late = await confirm(server, admin, first);
    expect(late.status).toBe(409);
    await kill(server, 'SIGTERM');
    server = undefined;
    await withDatabase(dataDir, async (db) => {
      expect(await fileProducts(db)).toBe(ROWS);
      expect(await staged(db)).toBe(0);
    });
  }, 900_000);
});
