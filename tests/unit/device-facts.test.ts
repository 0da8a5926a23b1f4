import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pkg from '../../package.json';
import { createCustomer } from '../../src/client/local/customers';
import { LocalDb, META } from '../../src/client/local/database';
import { listEntries, reject } from '../../src/client/local/outbox';
import {
  APP_VERSION,
  collectDeviceFacts,
  deviceId,
  deviceReport,
} from '../../src/client/local/sync/device-facts';
import {
  DEVICE_REPORT_MAX_CHARS,
  type DeviceFacts,
  encodeDeviceReport,
  parseDeviceReport,
} from '../../src/shared/api/devices';

/**
 * The device's health report: what the device collects from its outbox, how it is written into
 * the pull's header, and that the server's parser takes exactly what the device sends and refuses
 * anything out of bounds.
 */
const facts: DeviceFacts = {
  device_id: '3f2b8c1e-0d4a-4e5f-9a7b-1c2d3e4f5a6b',
  outbox_pending: 12,
  oldest_pending_at: '2026-11-20T08:00:00.000Z',
  failed: 2,
  last_sync_at: '2026-11-25T10:30:00.000Z',
  app_version: '0.1.0',
  persisted: false,
  storage_used: 12_345_678,
  storage_quota: 2_147_483_648,
};

describe('the report on the wire', () => {
  it('round-trips, compactly', () => {
    const header = encodeDeviceReport(facts);
    expect(parseDeviceReport(header)).toEqual(facts);
    expect(header.length).toBeLessThan(160);
  });

  it('leaves out what the device cannot tell, and the server reads it as unknown', () => {
    const header = encodeDeviceReport({
      ...facts,
      oldest_pending_at: null,
      last_sync_at: null,
      persisted: null,
      storage_used: null,
      storage_quota: null,
      app_version: null,
    });
    expect(header).toBe(`d=${facts.device_id}&o=12&f=2`);
    expect(parseDeviceReport(header)).toMatchObject({
      persisted: null,
      storage_used: null,
      last_sync_at: null,
    });
  });

  it('refuses a report that is too long, repeats a key or carries a bad value', () => {
    const ok = encodeDeviceReport(facts);
    expect(parseDeviceReport(`${ok}&z=${'x'.repeat(DEVICE_REPORT_MAX_CHARS)}`)).toBeNull();
    expect(parseDeviceReport(`${ok}&o=3`)).toBeNull();
    expect(parseDeviceReport(ok.replace('o=12', 'o=-1'))).toBeNull();
    expect(parseDeviceReport(ok.replace('o=12', 'o=1e3'))).toBeNull();
    expect(parseDeviceReport(ok.replace('v=0.1.0', 'v=%3Cb%3E'))).toBeNull();
    expect(parseDeviceReport('d=1234567&o=1&f=0')).toBeNull(); // id shorter than 8
    expect(parseDeviceReport(['a', 'b'])).toBeNull();
    expect(parseDeviceReport(undefined)).toBeNull();
    expect(parseDeviceReport(`${ok}&__proto__=x`)).toEqual(facts); // unknown keys are skipped
  });
});

describe('what the device collects', () => {
  let db: LocalDb;
  beforeEach(async () => {
    db = new LocalDb({ tenant: 'demo', userId: 'u1' }, { indexedDB: new IDBFactory(), IDBKeyRange });
    await db.open();
  });
  afterEach(() => db.close());

  it('its outbox (waiting, oldest, refused), last sync and the build version', async () => {
    const empty = await collectDeviceFacts(db);
    expect(empty).toMatchObject({
      outbox_pending: 0,
      oldest_pending_at: null,
      failed: 0,
      last_sync_at: null,
    });
    expect(empty.app_version).toBe(pkg.version);
    expect(APP_VERSION).toBe(pkg.version);

    await createCustomer(db, { full_name: 'Birinci Müşteri' });
    await createCustomer(db, { full_name: 'İkinci Müşteri' });
    await createCustomer(db, { full_name: 'Üçüncü Müşteri' });
    const [first, second] = await listEntries(db);
    if (!first || !second) throw new Error('entries missing');
    await reject(db, first, { status: 400, error: 'Hata', code: 'VALIDATION_ERROR' });
    await db.setMeta(META.lastPullAt, '2026-11-25T10:30:00.000Z');

    const collected = await collectDeviceFacts(db);
    expect(collected).toMatchObject({
      outbox_pending: 2,
      failed: 1,
      oldest_pending_at: second.created_at,
      last_sync_at: '2026-11-25T10:30:00.000Z',
    });
    // In Node there is no navigator.storage: unknown, never invented.
    expect(collected).toMatchObject({ persisted: null, storage_used: null, storage_quota: null });
    const header = await deviceReport(db);
    expect(parseDeviceReport(header)).toMatchObject({
      outbox_pending: 2,
      failed: 1,
      device_id: collected.device_id,
    });
  });

  it('keeps one device id', () => {
    const id = deviceId();
    expect(id).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    expect(deviceId()).toBe(id);
  });
});
