import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_REPORT_HEADER, type DeviceFacts, encodeDeviceReport } from '../../src/shared/api/devices';
import { syncPullResponse } from '../../src/shared/api/sync';
import { systemStatusResponse } from '../../src/shared/api/system-status';
import { type Api, type Session, startApi } from './support/harness';

/**
 * GET /admin/system-status and the device reports that ride on GET /sync/pull: admin only, the
 * tenant's own devices, reports stored (only when something changed), bad reports ignored without
 * breaking the pull, the silence rule, and figures measured from real requests.
 */
const TENANT = 'demo';
const SLOW_MS = 250;
let api: Api;
let admin: Session;
let manager: Session;
let sales: Session;
let warehouse: Session;
let driver: Session;
let otherAdmin: Session;

// Test-only routes under /api (authenticated like every route without an entry): one slow
// request and one that fails with a 500, so the figures can be checked against known requests.
async function probeRoutes(app: FastifyInstance) {
  app.get('/probe/slow', async () => {
    await sleep(SLOW_MS);
    return { success: true, data: null };
  });
  app.get('/probe/fail', async () => {
    throw new Error('probe failure');
  });
}

beforeAll(async () => {
  api = await startApi({ routes: [probeRoutes] });
  [admin, manager, sales, warehouse, driver, otherAdmin] = await Promise.all([
    api.login(TENANT, 'admin'),
    api.login(TENANT, 'manager'),
    api.login(TENANT, 'sales'),
    api.login(TENANT, 'warehouse'),
    api.login(TENANT, 'driver'),
    api.login('default', 'admin'),
  ]);
});
afterAll(async () => api?.close());

const status = async (session: Session, tenant = TENANT) => {
  const r = await api.call<{ data: unknown; code?: string }>('GET', '/admin/system-status', {
    tenant,
    token: session.token,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return systemStatusResponse.parse(r.body.data);
};

const facts = (over: Partial<DeviceFacts> = {}): DeviceFacts => ({
  device_id: 'dev-aaaaaaaa-1111',
  outbox_pending: 3,
  oldest_pending_at: '2026-11-20T08:00:00.000Z',
  failed: 1,
  last_sync_at: '2026-11-20T09:00:00.000Z',
  app_version: '0.1.0',
  persisted: true,
  storage_used: 5_000_000,
  storage_quota: 200_000_000,
  ...over,
});

const pull = (session: Session, report: string | undefined, tenant = TENANT) =>
  api.call<Record<string, unknown>>('GET', '/sync/pull', {
    tenant,
    token: session.token,
    headers: {
      ...(report === undefined ? {} : { [DEVICE_REPORT_HEADER]: report }),
      'user-agent': 'Mozilla/5.0 (Linux; Android 14) test handheld',
    },
  });

const deviceRows = (deviceId: string) =>
  api.db.selectFrom('devices').selectAll().where('device_id', '=', deviceId).execute();

describe('who may read it', () => {
  it('an admin of the tenant reads live figures', async () => {
    const s = await status(admin);
    expect(s.database.reachable).toBe(true);
    expect(s.database.size_bytes).toBeGreaterThan(0);
    expect(s.database.kind).toBe(api.database.pglite ? 'pglite' : 'postgres');
    expect(s.cpu_count).toBeGreaterThan(0);
    expect(s.ram_usage).toBeGreaterThan(0);
    expect(s.ram_usage).toBeLessThanOrEqual(100);
    expect(s.process.rss_bytes).toBeGreaterThan(0);
    expect(s.system_uptime).toBeGreaterThanOrEqual(0);
    expect(s.cpu_usage === null || (s.cpu_usage >= 0 && s.cpu_usage <= 100)).toBe(true);
    // The requests of this test file so far (the sign-ins) are in the window.
    expect(s.requests.total).toBeGreaterThan(0);
    expect(s.system_health).not.toBeNull();
    // Users who made a request lately, by name.
    expect(s.active_users.map((u) => u.username)).toContain('admin');
  });

  it('every other role is refused with 403', async () => {
    for (const session of [manager, sales, warehouse, driver]) {
      const r = await api.call('GET', '/admin/system-status', { tenant: TENANT, token: session.token });
      expect(r.status, session.user.username).toBe(403);
    }
    const anonymous = await api.call('GET', '/admin/system-status', { tenant: TENANT });
    expect(anonymous.status).toBe(401);
  });

  it("another tenant's admin is refused, and sees only their own tenant's devices", async () => {
    const r = await api.call<{ code?: string }>('GET', '/admin/system-status', {
      tenant: TENANT,
      token: otherAdmin.token,
    });
    expect(r.status).toBe(403);
    expect((await pull(sales, encodeDeviceReport(facts({ device_id: 'dev-tenant-demo-only' })))).status).toBe(
      200,
    );
    const own = await status(otherAdmin, 'default');
    expect(own.devices.map((d) => d.device_id)).not.toContain('dev-tenant-demo-only');
    expect(own.active_users.map((u) => u.user_id)).not.toContain(sales.user.id);
  });
});

describe('device reports with the pull', () => {
  it('a report is stored with the pulling user and listed for the admin, unsent work flagged', async () => {
    const r = await pull(sales, encodeDeviceReport(facts()));
    expect(r.status).toBe(200);
    expect(syncPullResponse.safeParse(r.body.data).success).toBe(true);
    expect(r.headers['x-device-report-result']).toBe('stored');
    const rows = await deviceRows('dev-aaaaaaaa-1111');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tenant_id: TENANT,
      user_id: sales.user.id,
      outbox_pending: 3,
      failed: 1,
    });
    const device = (await status(admin)).devices.find((d) => d.device_id === 'dev-aaaaaaaa-1111');
    expect(device).toMatchObject({
      username: 'sales',
      outbox_pending: 3,
      failed: 1,
      oldest_pending_at: '2026-11-20T08:00:00.000Z',
      last_sync_at: '2026-11-20T09:00:00.000Z',
      app_version: '0.1.0',
      persisted: true,
      storage_used: 5_000_000,
      storage_quota: 200_000_000,
      unsent: true,
      silent: false,
    });
    expect(device?.user_agent).toContain('Android');
  });

  it('the same facts again are not written; a change is', async () => {
    const again = await pull(sales, encodeDeviceReport(facts({ last_sync_at: '2026-11-20T09:05:00.000Z' })));
    expect(again.headers['x-device-report-result']).toBe('skipped');
    const drained = await pull(
      sales,
      encodeDeviceReport(facts({ outbox_pending: 0, oldest_pending_at: null, failed: 0 })),
    );
    expect(drained.headers['x-device-report-result']).toBe('stored');
    const device = (await status(admin)).devices.find((d) => d.device_id === 'dev-aaaaaaaa-1111');
    expect(device).toMatchObject({ outbox_pending: 0, failed: 0, oldest_pending_at: null, unsent: false });
  });

  it('a pull without a report is answered as before, with no result header', async () => {
    const r = await pull(sales, undefined);
    expect(r.status).toBe(200);
    expect(r.headers['x-device-report-result']).toBeUndefined();
  });

  it('an oversized or invalid report is ignored: the pull is answered, nothing is written', async () => {
    const bad = [
      `${encodeDeviceReport(facts({ device_id: 'dev-oversized-0001' }))}&x=${'a'.repeat(600)}`,
      'd=short&o=1&f=0',
      'd=dev-negative-0001&o=-1&f=0',
      'd=dev-huge-count-01&o=99999999&f=0',
      'd=dev-dup-key-00001&o=1&o=2&f=0',
      'd=dev-bad-epoch-001&o=1&f=0&a=12345',
      'd=dev-bad-version-1&o=1&f=0&v=%3Cscript%3E',
      'd=dev-bad-escape-01&o=1&f=0&v=%E0%A4%A',
      'garbage',
      '',
    ];
    for (const report of bad) {
      const r = await pull(sales, report);
      expect(r.status, report.slice(0, 40)).toBe(200);
      expect(syncPullResponse.safeParse(r.body.data).success).toBe(true);
      expect(r.headers['x-device-report-result'], report.slice(0, 40)).toBe('ignored');
    }
    const written = await api.db
      .selectFrom('devices')
      .select('device_id')
      .where('device_id', 'in', [
        'dev-oversized-0001',
        'dev-negative-0001',
        'dev-huge-count-01',
        'dev-dup-key-00001',
        'dev-bad-epoch-001',
        'dev-bad-version-1',
        'dev-bad-escape-01',
      ])
      .execute();
    expect(written).toEqual([]);
  });

  it('a device silent for a day is flagged silent (grey on the tab); a fresh report clears it', async () => {
    await pull(driver, encodeDeviceReport(facts({ device_id: 'dev-silent-000001', outbox_pending: 2 })));
    await api.db
      .updateTable('devices')
      .set({ last_seen_at: new Date(Date.now() - 25 * 3600_000) })
      .where('device_id', '=', 'dev-silent-000001')
      .execute();
    let device = (await status(admin)).devices.find((d) => d.device_id === 'dev-silent-000001');
    expect(device).toMatchObject({ silent: true, unsent: true, username: 'driver' });
    api.app.deviceReports.clear();
    await pull(driver, encodeDeviceReport(facts({ device_id: 'dev-silent-000001', outbox_pending: 2 })));
    device = (await status(admin)).devices.find((d) => d.device_id === 'dev-silent-000001');
    expect(device?.silent).toBe(false);
  });
});

describe('figures from real requests', () => {
  it('the average response time and health reflect the requests served', async () => {
    const before = await status(admin);
    for (let i = 0; i < 4; i++) {
      const r = await api.call('GET', '/probe/slow', { tenant: TENANT, token: sales.token });
      expect(r.status).toBe(200);
    }
    const failed = await api.call('GET', '/probe/fail', { tenant: TENANT, token: sales.token });
    expect(failed.status).toBe(500);
    const after = await status(admin);
    // The time of every request in the window = mean × count; it grew by the 4 slow requests
    // (≥ 250 ms each) at least.
    expect(after.requests.total).toBeGreaterThanOrEqual(before.requests.total + 5);
    const spent = (s: typeof after) => (s.average_response_time ?? 0) * s.requests.total;
    expect(spent(after) - spent(before)).toBeGreaterThanOrEqual((4 * SLOW_MS) / 1000 - 0.01);
    expect(after.requests.server_errors).toBe(before.requests.server_errors + 1);
    expect(after.system_health ?? 100).toBeLessThan(100);
    expect(after.errors.server_errors).toBeGreaterThanOrEqual(1);
  });

  it("the tenant's error log rows are listed", async () => {
    await api.db
      .insertInto('audit_logs')
      .values({
        tenant_id: TENANT,
        id: crypto.randomUUID(),
        level: 'error',
        action: 'backup.failed',
        message: 'Yedekleme başarısız: disk dolu',
      })
      .execute();
    const s = await status(admin);
    expect(s.errors.recent.map((e) => e.message)).toContain('Yedekleme başarısız: disk dolu');
    const other = await status(otherAdmin, 'default');
    expect(other.errors.recent.map((e) => e.message)).not.toContain('Yedekleme başarısız: disk dolu');
  });
});
