import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/schema';
import { isValidEan13 } from '../../src/server/lib/ean13';
import { PASSWORD_HASH_PREFIX, verifyPassword } from '../../src/server/lib/password';
import { pathsTo, seedIfEmpty } from '../../src/server/seed/seed';
import { PRODUCT_BRANDS, PRODUCT_CATEGORIES } from '../../src/shared/domain/constants';
import { findTransition, PRODUCED_STATUSES } from '../../src/shared/domain/order-status';
import { ROLES } from '../../src/shared/domain/roles';
import { type Api, startApi } from './support/harness';

let api: Api;

/**
 * Every table of the schema: its row count and a digest of its whole content (each row as text,
 * in a stable order), so any insert, update or delete anywhere shows.
 */
async function snapshot(db: Kysely<Database>): Promise<Record<string, { rows: number; digest: string }>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const result: Record<string, { rows: number; digest: string }> = {};
  for (const { name } of tables.rows) {
    const { rows } = await sql<{ rows: number; digest: string }>`
      select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest
      from ${sql.table(name)} as t`.execute(db);
    if (rows[0]) result[name] = rows[0];
  }
  return result;
}

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());

describe('demo seed', () => {
  it('has the three tenants with branding and one user per role (usernames of the README)', async () => {
    const tenants = await api.db
      .selectFrom('tenants')
      .select(['id', 'company_name', 'primary_color', 'secondary_color'])
      .orderBy('id')
      .execute();
    expect(tenants.map((t) => t.id)).toEqual(['client1', 'default', 'demo']);
    expect(new Set(tenants.map((t) => t.primary_color)).size).toBe(3);
    for (const tenant of ['default', 'demo', 'client1']) {
      const users = await api.db
        .selectFrom('users')
        .select(['username', 'role'])
        .where('tenant_id', '=', tenant)
        .execute();
      const byName = Object.fromEntries(users.map((u) => [u.username, u.role]));
      expect(byName).toMatchObject({
        admin: 'admin',
        manager: 'manager',
        sales: 'salesperson',
        warehouse: 'warehouse',
        driver: 'driver',
      });
      expect(new Set(users.map((u) => u.role))).toEqual(new Set(ROLES));
    }
    // Real scrypt hashes of the demo password.
    const admin = await api.db
      .selectFrom('users')
      .select('password_hash')
      .where('tenant_id', '=', 'demo')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(admin.password_hash.startsWith(PASSWORD_HASH_PREFIX)).toBe(true);
    expect(await verifyPassword('demo1234', admin.password_hash)).toBe(true);
  });

  it.each(['demo', 'client1'])(
    '%s: ≥40 products with valid EAN-13 across the categories and brands, ≥20 customers',
    async (tenant) => {
      const products = await api.db
        .selectFrom('products')
        .selectAll()
        .where('tenant_id', '=', tenant)
        .execute();
      expect(products.length).toBeGreaterThanOrEqual(40);
      expect(products.every((p) => p.barcode !== null && isValidEan13(p.barcode))).toBe(true);
      expect(new Set(products.map((p) => p.barcode)).size).toBe(products.length);
      expect(new Set(products.map((p) => p.category))).toEqual(new Set(PRODUCT_CATEGORIES));
      for (const brand of PRODUCT_BRANDS) expect(products.some((p) => p.brand === brand)).toBe(true);
      // What a salesperson can still sell (on hand minus what approved orders reserve): some products
      // are short (low or sold out), so the stock chips, the cart's cap and the low-stock list show
      // in the demo; the shelves still hold enough for every seeded order awaiting approval.
      const available = (p: (typeof products)[number]) => p.current_stock - p.reserved_stock;
      expect(products.some((p) => available(p) <= p.min_stock)).toBe(true);
      expect(products.filter((p) => available(p) > 0).length).toBeGreaterThan(30);
      const customers = await api.db
        .selectFrom('customers')
        .select('id')
        .where('tenant_id', '=', tenant)
        .execute();
      expect(customers.length).toBeGreaterThanOrEqual(20);
    },
  );

  it.each(['demo', 'client1'])(
    '%s: ≥60 orders over every produced status, each history a valid walk of the status machine',
    async (tenant) => {
      const orders = await api.db.selectFrom('orders').selectAll().where('tenant_id', '=', tenant).execute();
      expect(orders.length).toBeGreaterThanOrEqual(60);
      expect(new Set(orders.map((o) => o.status))).toEqual(new Set(PRODUCED_STATUSES));
      const events = await api.db
        .selectFrom('order_events')
        .selectAll()
        .where('tenant_id', '=', tenant)
        .orderBy('created_at')
        .execute();
      const items = await api.db
        .selectFrom('order_items')
        .selectAll()
        .where('tenant_id', '=', tenant)
        .execute();
      for (const order of orders) {
        const own = events.filter((e) => e.order_id === order.id);
        expect(own[0]).toMatchObject({
          event_type: 'created',
          from_status: null,
          to_status: 'pending_approval',
        });
        let status = 'pending_approval';
        for (const e of own.slice(1)) {
          if (e.event_type === 'driver_assigned') {
            expect(['approved', 'prepared']).toContain(status);
            continue;
          }
          expect(e.from_status).toBe(status);
          expect(findTransition(status, e.to_status), `${status} → ${e.to_status}`).toBeDefined();
          status = e.to_status;
        }
        expect(status).toBe(order.status);
        const lines = items.filter((i) => i.order_id === order.id);
        expect(lines.length).toBeGreaterThan(0);
        const sum = lines.reduce((t, i) => t + Math.round(Number(i.total_price) * 100), 0);
        expect(Math.round(Number(order.total_amount) * 100)).toBe(sum);
        if (['in_transit', 'out_for_delivery', 'delivered', 'returned', 'refunded'].includes(order.status))
          expect(order.driver_id).not.toBeNull();
      }
    },
  );

  it('every role has unread notifications, and they match the events (order_created → managers and admins)', async () => {
    for (const tenant of ['demo', 'client1']) {
      const users = await api.db
        .selectFrom('users')
        .select(['id', 'role', 'username'])
        .where('tenant_id', '=', tenant)
        .execute();
      for (const user of users) {
        const unread = await api.db
          .selectFrom('notifications')
          .select('id')
          .where('tenant_id', '=', tenant)
          .where('user_id', '=', user.id)
          .where('is_read', '=', false)
          .execute();
        expect(unread.length, `${tenant}/${user.username}`).toBeGreaterThanOrEqual(2);
      }
      const orders = await api.db.selectFrom('orders').select('id').where('tenant_id', '=', tenant).execute();
      const managers = users.filter((u) => u.role === 'manager' || u.role === 'admin');
      const created = await api.db
        .selectFrom('notifications')
        .select(['user_id'])
        .where('tenant_id', '=', tenant)
        .where('type', '=', 'order_created')
        .execute();
      expect(created.length).toBe(orders.length * managers.length);
      const assigned = await api.db
        .selectFrom('notifications')
        .select(['user_id'])
        .where('tenant_id', '=', tenant)
        .where('type', '=', 'order_assigned')
        .execute();
      const drivers = new Set(users.filter((u) => u.role === 'driver').map((u) => u.id));
      expect(assigned.length).toBeGreaterThan(0);
      expect(assigned.every((n) => drivers.has(n.user_id))).toBe(true);
    }
  });

  it('change numbers are unique per tenant and the counter is past them', async () => {
    for (const tenant of ['demo', 'client1']) {
      const seqs: number[] = [];
      for (const table of ['orders', 'products', 'customers', 'notifications'] as const) {
        const rows = await api.db
          .selectFrom(table)
          .select('change_seq')
          .where('tenant_id', '=', tenant)
          .execute();
        seqs.push(...rows.map((r) => Number(r.change_seq)));
      }
      expect(new Set(seqs).size).toBe(seqs.length);
      const counter = await api.db
        .selectFrom('tenant_counters')
        .selectAll()
        .where('tenant_id', '=', tenant)
        .executeTakeFirstOrThrow();
      expect(Number(counter.change_seq)).toBe(Math.max(...seqs));
      expect(Number(counter.order_seq)).toBeGreaterThanOrEqual(60);
    }
  });

  it('pathsTo walks only real transitions', () => {
    for (const status of PRODUCED_STATUSES) {
      for (const path of pathsTo(status)) {
        let at = 'pending_approval';
        for (const next of path) {
          expect(findTransition(at, next)).toBeDefined();
          at = next;
        }
        expect(at).toBe(status);
      }
    }
  });

  it('seeds nothing over existing data: every table keeps exactly its rows, the passwords still work', async () => {
    const before = await snapshot(api.db);
    // not vacuous: the snapshot covers the whole seeded schema
    expect(Object.keys(before).length).toBeGreaterThanOrEqual(10);
    expect(before.users?.rows).toBeGreaterThanOrEqual(15);
    expect(before.orders?.rows).toBeGreaterThan(0);

    expect(await seedIfEmpty(api.db, { demoPassword: 'other-password', production: false })).toBeNull();
    expect(await seedIfEmpty(api.db, { demoPassword: 'other-password', production: true })).toBeNull();

    expect(await snapshot(api.db)).toEqual(before);
    const admin = await api.db
      .selectFrom('users')
      .select('password_hash')
      .where('tenant_id', '=', 'demo')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(await verifyPassword('demo1234', admin.password_hash)).toBe(true);
    expect(await verifyPassword('other-password', admin.password_hash)).toBe(false);
  });
});

describe('production seed', () => {
  it('creates only the platform tenant and one admin whose generated password works', async () => {
    const handle = await openDatabase({});
    try {
      await migrateToLatest(handle.db);
      const report = await seedIfEmpty(handle.db, { demoPassword: 'demo1234', production: true });
      expect(report?.kind).toBe('production');
      const login = report?.logins[0];
      expect(report?.logins).toHaveLength(1);
      expect(login).toMatchObject({ tenant: 'default', username: 'admin', role: 'admin' });
      expect(login?.password).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(login?.password).not.toBe('demo1234');
      expect((await handle.db.selectFrom('tenants').select('id').execute()).map((t) => t.id)).toEqual([
        'default',
      ]);
      const users = await handle.db.selectFrom('users').select(['username', 'password_hash']).execute();
      expect(users.map((u) => u.username)).toEqual(['admin']);
      expect(await verifyPassword(login?.password ?? '', users[0]?.password_hash ?? '')).toBe(true);
      // printed once on the console: a one-time password (without expiry: nobody could make another)
      const flags = await handle.db
        .selectFrom('users')
        .select(['password_must_change', 'password_expires_at'])
        .executeTakeFirstOrThrow();
      expect(flags).toEqual({ password_must_change: true, password_expires_at: null });
      for (const table of ['orders', 'products', 'customers', 'notifications'] as const) {
        expect(await handle.db.selectFrom(table).select('tenant_id').execute()).toEqual([]);
      }
    } finally {
      await handle.close();
    }
  });
});
