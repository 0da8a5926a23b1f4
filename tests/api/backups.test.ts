import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestoreRefused, restoreTenantArchive } from '../../src/server/backups/archive-restore';
import { prune, runClaimed } from '../../src/server/backups/backups.service';
import { lastBackup } from '../../src/server/backups/last-backup';
import { NOT_BACKED_UP, tenantTables } from '../../src/server/backups/tenant-tables';
import type { Database } from '../../src/server/db/schema';
import { type Backup, backupListResponse, backupSchema } from '../../src/shared/api/backups';
import { insertBulkOrders } from '../helpers/bulk-orders';
import { createEmptyTestDatabase } from '../helpers/test-db';
import { type Api, type Session, startApi } from './support/harness';

/**
 * Tenant backups: who may list, start and download them; the archive holds every tenant table
 * (found from the schema) and restores into an empty database with every row equal; the scheduler
 * backs up on the tenant's schedule and prunes by its retention, keeping the newest good one; a
 * backup does not fail the requests that run beside it.
 */
const TENANT = 'demo';
let api: Api;
let dir: string;
let admin: Session;
let others: Session[];
let otherAdmin: Session;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'backups-test-'));
  api = await startApi({ config: { backupDir: join(dir, 'backups') } });
  admin = await api.login(TENANT, 'admin');
  others = await Promise.all(['manager', 'sales', 'warehouse', 'driver'].map((u) => api.login(TENANT, u)));
  otherAdmin = await api.login('client1', 'admin');
}, 60_000);
afterAll(async () => {
  await api?.close();
  await rm(dir, { recursive: true, force: true });
});

async function listBackups(session = admin) {
  const r = await api.call('GET', '/admin/backups', { token: session.token, tenant: session.tenant });
  expect(r.status, r.raw).toBe(200);
  return backupListResponse.parse((r.body as { data: unknown }).data);
}

async function waitDone(id: string, session = admin): Promise<Backup> {
  for (let i = 0; i < 600; i++) {
    const found = (await listBackups(session)).backups.find((b) => b.id === id);
    if (found && found.status !== 'running') return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('backup did not finish');
}

async function backupNow(session = admin): Promise<Backup> {
  const id = randomUUID();
  const r = await api.call('POST', '/admin/backups', {
    token: session.token,
    tenant: session.tenant,
    body: { id },
  });
  expect(r.status, r.raw).toBe(202);
  const done = await waitDone(id, session);
  expect(done.status, done.error ?? '').toBe('success');
  return done;
}

/** Every row of the tenant, per table, as PostgreSQL's canonical JSON text (sorted). */
async function canonicalTenant(db: Kysely<Database>, tenantId: string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of await tenantTables(db)) {
    const column = table.name === 'tenants' ? 'id' : 'tenant_id';
    const rows = await sql<{ j: string }>`
      SELECT (to_jsonb(t) - 'sync_epoch')::text AS j FROM ${sql.table(table.name)} t
      WHERE ${sql.ref(`t.${column}`)} = ${tenantId}`.execute(db);
    out[table.name] = rows.rows.map((r) => r.j).sort();
  }
  return out;
}

function archiveLines(bytes: Buffer): Array<Record<string, unknown>> {
  return gunzipSync(bytes)
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('who may', () => {
  it('only the admin lists, starts and downloads; every other role gets 403; another tenant is refused', async () => {
    const done = await backupNow();
    for (const s of others) {
      const list = await api.call('GET', '/admin/backups', { token: s.token });
      expect(list.status, s.user.role).toBe(403);
      const post = await api.call('POST', '/admin/backups', { token: s.token, body: { id: randomUUID() } });
      expect(post.status, s.user.role).toBe(403);
      const dl = await api.call('GET', `/admin/backups/${done.id}/download`, { token: s.token });
      expect(dl.status, s.user.role).toBe(403);
    }
    // client1's admin: its token is not valid for demo, and demo's backup is not client1's.
    const cross = await api.call('GET', '/admin/backups', { token: otherAdmin.token, tenant: TENANT });
    expect([401, 403]).toContain(cross.status);
    const foreign = await api.call('GET', `/admin/backups/${done.id}/download`, {
      token: otherAdmin.token,
      tenant: 'client1',
    });
    expect(foreign.status).toBe(404);
    expect((await listBackups(otherAdmin)).backups.some((b) => b.id === done.id)).toBe(false);
  });

  it('a bad id is 400 naming the field, and nothing is written', async () => {
    const before = (await listBackups()).backups.length;
    const r = await api.call<{ field?: string }>('POST', '/admin/backups', {
      token: admin.token,
      body: { id: 'x' },
    });
    expect(r.status).toBe(400);
    expect(r.raw).toContain('id');
    expect((await listBackups()).backups.length).toBe(before);
  });
});

describe('the archive', () => {
  it('holds the tenants row and every table with a tenant_id column, with counts; a new table is included', async () => {
    const expected = await sql<{ table_name: string }>`
      SELECT DISTINCT table_name FROM information_schema.columns
      WHERE table_schema = 'public' AND column_name = 'tenant_id'`.execute(api.db);
    const names = ['tenants', ...expected.rows.map((r) => r.table_name).filter((n) => !NOT_BACKED_UP.has(n))];
    const done = await backupNow();
    expect(Object.keys(done.row_counts ?? {}).sort()).toEqual([...names].sort());
    expect(done.row_counts?.tenants).toBe(1);
    expect(done.row_counts?.orders).toBeGreaterThan(0);

    // A table added later (by a future migration) is in the next backup without being listed.
    await sql`CREATE TABLE backup_probe (tenant_id text NOT NULL REFERENCES tenants(id), id int, note text,
              PRIMARY KEY (tenant_id, id))`.execute(api.db);
    try {
      await sql`INSERT INTO backup_probe VALUES (${TENANT}, 1, 'bir'), (${TENANT}, 2, 'iki'), ('client1', 1, 'x')`.execute(
        api.db,
      );
      const next = await backupNow();
      expect(next.row_counts?.backup_probe).toBe(2);
    } finally {
      await sql`DROP TABLE backup_probe`.execute(api.db);
    }
  });

  it('downloads as application/gzip with its file name; the bytes equal the file; audited', async () => {
    const done = await backupNow();
    const r = await api.app.inject({
      method: 'GET',
      url: `/api/admin/backups/${done.id}/download?tenant=${TENANT}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('application/gzip');
    expect(r.headers['content-disposition']).toBe(`attachment; filename="${done.file_name}"`);
    const file = await readFile(join(api.config.backupDir, TENANT, done.file_name ?? ''));
    expect(Buffer.compare(r.rawPayload, file)).toBe(0);
    expect(file.length).toBe(done.size_bytes);
    const lines = archiveLines(file);
    expect(lines[0]).toMatchObject({ format: 'siparis-tenant-backup', version: 1, tenant: TENANT });
    expect(lines[lines.length - 1]).toMatchObject({ end: true, row_counts: done.row_counts });
    const audit = await api.db
      .selectFrom('audit_logs')
      .select(['action', 'entity_id'])
      .where('tenant_id', '=', TENANT)
      .where('entity_id', '=', done.id)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['backup.create', 'backup.download']);
    // The directory is owner-only.
    expect((await stat(join(api.config.backupDir, TENANT))).mode & 0o777).toBe(0o700);
    expect(await lastBackup(api.db, TENANT)).toEqual({
      at: expect.any(String),
      size_bytes: expect.any(Number),
    });
  });

  it('one at a time per tenant: 409 while one runs; the same id again answers that backup', async () => {
    const running = randomUUID();
    await api.db
      .insertInto('tenant_backups')
      .values({ tenant_id: TENANT, id: running, trigger: 'manual', status: 'running' })
      .execute();
    try {
      const r = await api.call('POST', '/admin/backups', { token: admin.token, body: { id: randomUUID() } });
      expect(r.status).toBe(409);
      // Another tenant is not held up by it.
      const other = await api.call('POST', '/admin/backups', {
        token: otherAdmin.token,
        tenant: 'client1',
        body: { id: randomUUID() },
      });
      expect(other.status).toBe(202);
      await waitDone(backupSchema.parse((other.body as { data: unknown }).data).id, otherAdmin);
    } finally {
      await api.db.deleteFrom('tenant_backups').where('id', '=', running).execute();
    }
    const id = randomUUID();
    const first = await api.call('POST', '/admin/backups', {
      token: admin.token,
      body: { id },
      idempotencyKey: id,
    });
    expect(first.status).toBe(202);
    await waitDone(id);
    const again = await api.call('POST', '/admin/backups', { token: admin.token, body: { id } });
    expect(again.status).toBe(200);
    expect(backupSchema.parse((again.body as { data: unknown }).data).status).toBe('success');
  });
});

describe('restore', () => {
  it('back up, change and delete data, restore into an empty database: every row of every table is back, equal', async () => {
    // Binary data and a serial column are in the backup too.
    await api.db
      .insertInto('product_images')
      .values({
        tenant_id: TENANT,
        hash: 'a'.repeat(64),
        content_type: 'image/png',
        bytes: Buffer.from([0, 1, 2, 255, 254, 10, 13, 0]),
        size: 8,
      })
      .execute();
    const done = await backupNow();
    // The backup's own audit row ("backup.create") is committed before the archive is read.
    const before = await canonicalTenant(api.db, TENANT);
    const file = join(api.config.backupDir, TENANT, done.file_name ?? '');

    // Change and delete after the backup: the restore brings back the state of the backup.
    await api.db
      .updateTable('customers')
      .set({ full_name: 'Değişti' })
      .where('tenant_id', '=', TENANT)
      .execute();
    await api.db.deleteFrom('notifications').where('tenant_id', '=', TENANT).execute();

    const empty = await createEmptyTestDatabase();
    try {
      const result = await restoreTenantArchive(empty.db, createReadStream(file));
      expect(result.rowCounts).toEqual(
        Object.fromEntries(Object.entries(done.row_counts ?? {}).filter(([, n]) => n > 0)),
      );
      const after = await canonicalTenant(empty.db, TENANT);
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
      for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
      // A new sync epoch: devices throw their copy away and pull the restored data.
      const epochs = await Promise.all(
        [api.db, empty.db].map((db) =>
          db.selectFrom('tenants').select('sync_epoch').where('id', '=', TENANT).executeTakeFirstOrThrow(),
        ),
      );
      expect(epochs[0]?.sync_epoch).not.toBe(epochs[1]?.sync_epoch);
      // The restored tenant works: its orders count as before (the trigger-kept counts are exact).
      const n = await empty.db
        .selectFrom('order_counts')
        .select((eb) => eb.fn.sum<number>('n').as('n'))
        .where('tenant_id', '=', TENANT)
        .executeTakeFirstOrThrow();
      const m = await api.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tenant_id', '=', TENANT)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(Number(m.n));
      // Its orders' wire texts (derived, not in the backup) are stored again, as the orders are.
      const wires = await sql<{ id: string; wire: string | null; built: string }>`
        SELECT o.id, ow.wire, (SELECT b.wire FROM order_wire_build(${TENANT}, ARRAY[o.id]) b) AS built
        FROM orders o LEFT JOIN order_wires ow
          ON ow.tenant_id = o.tenant_id AND ow.order_id = o.id AND ow.change_seq = o.change_seq
        WHERE o.tenant_id = ${TENANT}`.execute(empty.db);
      expect(wires.rows.length).toBeGreaterThan(0);
      expect(wires.rows.filter((r) => r.wire !== r.built).map((r) => r.id)).toEqual([]);
      // A second restore of the same tenant is refused, and writes nothing.
      await expect(restoreTenantArchive(empty.db, createReadStream(file))).rejects.toThrow(RestoreRefused);
    } finally {
      await empty.close();
    }
    // Into the live database, where the tenant exists: refused.
    await expect(restoreTenantArchive(api.db, createReadStream(file))).rejects.toThrow(/zaten var/);
  });

  it('refuses a truncated archive and an unknown format version, writing nothing', async () => {
    const done = await backupNow();
    const file = join(api.config.backupDir, TENANT, done.file_name ?? '');
    const lines = gunzipSync(await readFile(file))
      .toString('utf8')
      .split('\n')
      .filter(Boolean);
    const { gzipSync } = await import('node:zlib');
    const truncated = join(dir, 'truncated.ndjson.gz');
    await writeFile(truncated, gzipSync(`${lines.slice(0, -5).join('\n')}\n`));
    const future = join(dir, 'future.ndjson.gz');
    const header = { ...JSON.parse(lines[0] ?? '{}'), version: 99 };
    await writeFile(future, gzipSync(`${[JSON.stringify(header), ...lines.slice(1)].join('\n')}\n`));
    const empty = await createEmptyTestDatabase();
    try {
      await expect(restoreTenantArchive(empty.db, createReadStream(truncated))).rejects.toThrow(/eksik/);
      await expect(restoreTenantArchive(empty.db, createReadStream(future))).rejects.toThrow(/99/);
      expect(await empty.db.selectFrom('tenants').select('id').execute()).toEqual([]);
    } finally {
      await empty.close();
    }
  });

  it('npm run restore-tenant -- FILE restores into the database the server would use', async () => {
    const done = await backupNow();
    const file = join(api.config.backupDir, TENANT, done.file_name ?? '');
    const dataDir = join(dir, 'restore-data');
    const empty = api.database.kind === 'postgres' ? await createEmptyTestDatabase() : null;
    try {
      const env = {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: empty?.url ?? '',
        JWT_SECRET: 'x'.repeat(40),
      };
      const run = promisify(execFile);
      const out = await run('node', ['--import', 'tsx', 'scripts/restore-tenant.ts', file], { env });
      expect(out.stdout).toContain(`"${TENANT}" geri yüklendi`);
      // Again: the tenant now exists → refused with a clear message and exit code 1.
      const again = await run('node', ['--import', 'tsx', 'scripts/restore-tenant.ts', file], { env }).catch(
        (e: { code: number; stderr: string }) => e,
      );
      expect((again as { code: number }).code).toBe(1);
      expect((again as { stderr: string }).stderr).toContain('zaten var');
    } finally {
      await empty?.close();
    }
  }, 120_000);
});

describe('the scheduler', () => {
  it('backs up each active tenant when due, and prunes by retention keeping the newest successful one', async () => {
    const old = (days: number) => new Date(Date.now() - days * 86_400_000);
    const tenantDir = join(api.config.backupDir, 'client1');
    // client1: only old backups, retention 7 days.
    await api.db.deleteFrom('tenant_backups').where('tenant_id', '=', 'client1').execute();
    await api.db
      .updateTable('tenants')
      .set({ backup_retention_days: 7 })
      .where('id', '=', 'client1')
      .execute();
    const rows = [
      { id: randomUUID(), days: 40, status: 'success' },
      { id: randomUUID(), days: 20, status: 'success' },
      { id: randomUUID(), days: 10, status: 'failed' },
    ];
    for (const r of rows) {
      const name = r.status === 'success' ? `old-${r.id}.ndjson.gz` : null;
      if (name) await writeFile(join(tenantDir, name), 'x');
      await api.db
        .insertInto('tenant_backups')
        .values({
          tenant_id: 'client1',
          id: r.id,
          trigger: 'scheduled',
          status: r.status,
          started_at: old(r.days),
          file_name: name,
        })
        .execute();
    }
    // Pruning alone (no new backup): the newest successful one stays although it is past retention.
    const deps = { db: api.db, config: api.config };
    expect(await prune(deps, 'client1', 7, new Date())).toBe(2);
    const left = await api.db
      .selectFrom('tenant_backups')
      .select(['id', 'file_name'])
      .where('tenant_id', '=', 'client1')
      .execute();
    expect(left.map((r) => r.id)).toEqual([rows[1]?.id]);
    await expect(stat(join(tenantDir, `old-${rows[0]?.id}.ndjson.gz`))).rejects.toThrow();

    // The job: client1 is due (daily, last 20 days ago) → a new backup, then the old one goes.
    // demo, weekly with a backup minutes ago, is not due.
    await api.db
      .updateTable('tenants')
      .set({ backup_frequency: 'weekly' })
      .where('id', '=', TENANT)
      .execute();
    const demoBefore = (await listBackups()).backups.length;
    await api.app.scheduler.run('tenant-backups');
    const client1 = await api.db
      .selectFrom('tenant_backups')
      .selectAll()
      .where('tenant_id', '=', 'client1')
      .execute();
    expect(client1).toHaveLength(1);
    expect(client1[0]).toMatchObject({ trigger: 'scheduled', status: 'success' });
    expect((await listBackups()).backups.length).toBe(demoBefore);
  });
});

describe('beside the users', () => {
  it('a backup of a big tenant does not fail the requests running beside it', async () => {
    await insertBulkOrders(api.db, TENANT, 5_000, 'LOAD');
    const id = randomUUID();
    await api.db
      .insertInto('tenant_backups')
      .values({ tenant_id: TENANT, id, trigger: 'manual', status: 'running' })
      .execute();
    const started = performance.now();
    const backup = runClaimed({ db: api.db, config: api.config }, TENANT, id);
    const statuses: number[] = [];
    const latencies: number[] = [];
    let finished = false;
    void backup.finally(() => {
      finished = true;
    });
    const user = others[1] as Session;
    while (!finished) {
      const t = performance.now();
      const r = await api.call('GET', '/orders', { token: user.token, query: { limit: 20 } });
      latencies.push(performance.now() - t);
      statuses.push(r.status);
      // Users' requests arrive from sockets (macrotasks): a loop of in-process injections that
      // never leaves the microtask queue would starve every other I/O, the backup's included.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await backup;
    const total = performance.now() - started;
    const row = await api.db
      .selectFrom('tenant_backups')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status, row.error ?? '').toBe('success');
    expect(statuses.length).toBeGreaterThan(1);
    expect(statuses.every((s) => s === 200)).toBe(true);
    latencies.sort((a, b) => a - b);
    const p = (q: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]?.toFixed(0);
    console.log(
      `[${api.database.kind}] backup of ${row.row_counts?.orders} orders: ${total.toFixed(0)} ms; ` +
        `${latencies.length} GET /orders beside it, p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, max ${p(1)} ms`,
    );
  }, 180_000);
});
