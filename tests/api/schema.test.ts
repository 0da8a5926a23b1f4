import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeOutcomes } from '../../src/server/idempotency/idempotency.repository';
import { IDEMPOTENCY_TTL_MS } from '../../src/shared/domain/constants';
import { type Api, countRows, startApi } from './support/harness';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());

describe('schema (Citus-ready: distributable by tenant_id)', () => {
  it('every tenant-owned table has tenant_id leading its primary key and every index', async () => {
    const result = await sql<{ table: string; index: string; first: string; primary: boolean }>`
      SELECT t.relname AS table, i.relname AS index, a.attname AS first, ix.indisprimary AS primary
      FROM pg_index ix
      JOIN pg_class i ON i.oid = ix.indexrelid
      JOIN pg_class t ON t.oid = ix.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = ix.indkey[0]
      WHERE n.nspname = 'public' AND t.relname NOT IN ('tenants', 'kysely_migration', 'kysely_migration_lock')`.execute(
      api.db,
    );
    expect(result.rows.length).toBeGreaterThan(20);
    const offenders = result.rows.filter((r) => r.first !== 'tenant_id').map((r) => `${r.table}.${r.index}`);
    expect(offenders).toEqual([]);
    const tables = new Set(result.rows.filter((r) => r.primary).map((r) => r.table));
    for (const table of [
      'tenant_counters',
      'users',
      'sessions',
      'login_attempts',
      'customers',
      'products',
      'orders',
      'order_items',
      'order_events',
      'notifications',
      'idempotency_keys',
      'audit_logs',
      'company_registrations',
    ]) {
      expect(tables.has(table), table).toBe(true);
    }
  });

  it('money columns are numeric(12,2) TL or bigint kuruş; syncable tables carry change_seq and deleted_at', async () => {
    const columns = await sql<{
      table_name: string;
      column_name: string;
      data_type: string;
      numeric_precision: number;
      numeric_scale: number;
    }>`
      SELECT table_name, column_name, data_type, numeric_precision, numeric_scale FROM information_schema.columns
      WHERE table_schema = 'public'`.execute(api.db);
    // (the invoice's total in words is a text, not an amount)
    // An amount is TL in numeric(12,2), or exact kuruş in a bigint named `*_kurus` (the ledgers').
    const money = columns.rows.filter(
      (c) => /price|amount/.test(c.column_name) && !/_in_words$/.test(c.column_name),
    );
    const kurus = money.filter((c) => c.column_name.endsWith('_kurus'));
    for (const c of kurus)
      expect([c.table_name, c.column_name, c.data_type]).toEqual([c.table_name, c.column_name, 'bigint']);
    expect(money.length - kurus.length).toBeGreaterThanOrEqual(6);
    for (const c of money.filter((m) => !m.column_name.endsWith('_kurus')))
      expect([c.table_name, c.data_type, Number(c.numeric_precision), Number(c.numeric_scale)]).toEqual([
        c.table_name,
        'numeric',
        12,
        2,
      ]);
    for (const table of ['orders', 'notifications', 'products', 'customers']) {
      const names = columns.rows.filter((c) => c.table_name === table).map((c) => c.column_name);
      expect(names).toEqual(expect.arrayContaining(['tenant_id', 'change_seq', 'deleted_at']));
    }
  });
});

describe('idempotency keys are kept at least 24 h', () => {
  it('purging removes only keys older than the TTL, of that tenant only', async () => {
    const user = await api.db
      .selectFrom('users')
      .select(['id'])
      .where('tenant_id', '=', 'demo')
      .where('username', '=', 'sales')
      .executeTakeFirstOrThrow();
    const other = await api.db
      .selectFrom('users')
      .select(['id'])
      .where('tenant_id', '=', 'client1')
      .where('username', '=', 'sales')
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const row = (tenant_id: string, user_id: string, key: string, ageMs: number) => ({
      tenant_id,
      user_id,
      key,
      request_hash: 'h',
      status_code: 200,
      response: '{}',
      created_at: new Date(now - ageMs),
    });
    await api.db
      .insertInto('idempotency_keys')
      .values([
        row('demo', user.id, 'fresh', 60_000),
        row('demo', user.id, 'day-old', 25 * 3600_000),
        row('demo', user.id, 'ancient', IDEMPOTENCY_TTL_MS + 3600_000),
        row('client1', other.id, 'ancient-elsewhere', IDEMPOTENCY_TTL_MS + 3600_000),
      ])
      .execute();
    expect(IDEMPOTENCY_TTL_MS).toBeGreaterThanOrEqual(24 * 3600_000);
    expect(await purgeOutcomes(api.db, 'demo', new Date(now - IDEMPOTENCY_TTL_MS))).toBe(1);
    const left = await api.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('user_id', 'in', [user.id, other.id])
      .execute();
    expect(left.map((r) => r.key).sort()).toEqual(['ancient-elsewhere', 'day-old', 'fresh']);
    expect(await countRows(api.db, 'idempotency_keys', { tenant_id: 'demo', key: 'ancient' })).toBe(0);
  });
});
