import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListBody, stringListResponse } from '../../src/shared/api/catalogue';
import { customerListResponse } from '../../src/shared/api/customers';
import { MESSAGES } from '../../src/shared/api/errors';
import { driverListResponse } from '../../src/shared/api/orders';
import { type Api, type Session, startApi } from './support/harness';

/**
 * Read side of the catalogue (second document §7) and the drivers list: GET /products (+
 * categories, brands), GET /customers, GET /drivers — through HTTP against the seeded database.
 */
let api: Api;
let sales: Session;
let manager: Session;
let admin: Session;
let warehouse: Session;
let driver: Session;
let otherTenant: Session;
beforeAll(async () => {
  api = await startApi();
  [sales, manager, admin, warehouse, driver, otherTenant] = await Promise.all([
    api.login('demo', 'sales'),
    api.login('demo', 'manager'),
    api.login('demo', 'admin'),
    api.login('demo', 'warehouse'),
    api.login('demo', 'driver'),
    api.login('client1', 'manager'),
  ]);
});
afterAll(async () => api?.close());

const tr = new Intl.Collator('tr-TR');

async function liveProducts(tenant = 'demo') {
  return api.db
    .selectFrom('products')
    .selectAll()
    .where('tenant_id', '=', tenant)
    .where('deleted_at', 'is', null)
    .execute();
}

describe('GET /products', () => {
  it('returns the spec body whole: data[] with pagination {page, limit, total, totalDocs, pages} beside it', async () => {
    const rows = await liveProducts();
    const r = await api.call('GET', '/products', { token: sales.token });
    expect(r.status).toBe(200);
    const body = productListBody.parse(r.body);
    expect(body.data).toHaveLength(Math.min(10, rows.length));
    expect(body.pagination).toEqual({
      page: 1,
      limit: 10,
      total: rows.length,
      totalDocs: rows.length,
      pages: Math.ceil(rows.length / 10),
    });
    // Default order: newest first.
    const created = body.data.map((p) => p.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    // Only this tenant's products.
    const ids = new Set(rows.map((p) => p.id));
    expect(body.data.every((p) => ids.has(p.id))).toBe(true);
    // Money both ways, exact.
    for (const p of body.data) expect(p.selling_price_kurus).toBe(Math.round(p.selling_price * 100));
  });

  it('filters by search (name, code, barcode, brand), category, brand and status, and sorts', async () => {
    const rows = await liveProducts();
    const sample = rows[3];
    if (!sample?.barcode || !sample.category || !sample.brand)
      throw new Error('seed: product fields missing');

    const term = sample.barcode.slice(3, 10);
    const byBarcode = productListBody.parse(
      (await api.call('GET', '/products', { token: sales.token, query: { search: term, limit: 100 } })).body,
    );
    expect(byBarcode.data.map((p) => p.id)).toContain(sample.id);
    const matches = (p: {
      name: string;
      product_code: string;
      barcode: string | null;
      brand: string | null;
    }) =>
      [p.name, p.product_code, p.barcode ?? '', p.brand ?? ''].some((v) => v.toLowerCase().includes(term));
    expect(byBarcode.data.every(matches)).toBe(true);
    expect(byBarcode.pagination.total).toBe(rows.filter(matches).length);

    const byBrand = productListBody.parse(
      (
        await api.call('GET', '/products', {
          token: sales.token,
          query: { search: sample.brand.toUpperCase(), limit: 100 },
        })
      ).body,
    );
    expect(byBrand.pagination.total).toBeGreaterThanOrEqual(
      rows.filter((p) => p.brand === sample.brand).length,
    );

    const byCode = productListBody.parse(
      (
        await api.call('GET', '/products', {
          token: sales.token,
          query: { search: sample.product_code.toLowerCase() },
        })
      ).body,
    );
    expect(byCode.data.map((p) => p.id)).toEqual([sample.id]);

    const category = productListBody.parse(
      (
        await api.call('GET', '/products', {
          token: sales.token,
          query: { category: sample.category, limit: 100 },
        })
      ).body,
    );
    expect(category.pagination.total).toBe(rows.filter((p) => p.category === sample.category).length);
    expect(category.data.every((p) => p.category === sample.category)).toBe(true);

    const brand = productListBody.parse(
      (await api.call('GET', '/products', { token: sales.token, query: { brand: sample.brand, limit: 100 } }))
        .body,
    );
    expect(brand.pagination.totalDocs).toBe(rows.filter((p) => p.brand === sample.brand).length);

    const inactive = productListBody.parse(
      (await api.call('GET', '/products', { token: sales.token, query: { status: 'inactive' } })).body,
    );
    expect(inactive.pagination.total).toBe(rows.filter((p) => p.status === 'inactive').length);

    const byPrice = productListBody.parse(
      (
        await api.call('GET', '/products', {
          token: sales.token,
          query: { sort_by: 'selling_price', sort_order: 'asc', limit: 100 },
        })
      ).body,
    );
    const prices = byPrice.data.map((p) => p.selling_price_kurus);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(byPrice.data).toHaveLength(rows.length);

    // % and _ are literal in a search, not wildcards.
    const percent = productListBody.parse(
      (await api.call('GET', '/products', { token: sales.token, query: { search: '%' } })).body,
    );
    expect(percent.data).toEqual([]);
    expect(percent.pagination.total).toBe(0);
  });

  it('pages without overlap', async () => {
    const p1 = productListBody.parse(
      (
        await api.call('GET', '/products', {
          token: sales.token,
          query: { limit: 5, page: 1, sort_by: 'name' },
        })
      ).body,
    );
    const p2 = productListBody.parse(
      (
        await api.call('GET', '/products', {
          token: sales.token,
          query: { limit: 5, page: 2, sort_by: 'name' },
        })
      ).body,
    );
    const ids1 = new Set(p1.data.map((p) => p.id));
    expect(p2.data.some((p) => ids1.has(p.id))).toBe(false);
    expect(p2.data).toHaveLength(5);
  });

  it('leaves soft-deleted products out', async () => {
    const [victim] = await liveProducts();
    if (!victim) throw new Error('seed: no product');
    await api.db
      .updateTable('products')
      .set({ deleted_at: new Date() })
      .where('id', '=', victim.id)
      .execute();
    try {
      const r = productListBody.parse(
        (await api.call('GET', '/products', { token: sales.token, query: { search: victim.product_code } }))
          .body,
      );
      expect(r.data).toEqual([]);
    } finally {
      await api.db.updateTable('products').set({ deleted_at: null }).where('id', '=', victim.id).execute();
    }
  });

  it('refuses a bad sort_by, status or limit with a 400 naming the parameter, and needs a token', async () => {
    for (const [query, field] of [
      [{ sort_by: 'password_hash' }, 'sort_by'],
      [{ sort_order: 'sideways' }, 'sort_order'],
      [{ status: 'gone' }, 'status'],
      [{ limit: 1000 }, 'limit'],
      [{ page: 0 }, 'page'],
    ] as const) {
      const r = await api.call('GET', '/products', { token: sales.token, query });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR', field });
      expect(String((r.body as { error: string }).error)).not.toContain(field);
    }
    expect((await api.call('GET', '/products')).status).toBe(401);
    // A token of another tenant is refused.
    const foreign = await api.call('GET', '/products', { token: otherTenant.token });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ code: 'TENANT_MISMATCH' });
  });
});

describe('GET /products/categories and /products/brands', () => {
  it('return the tenant’s list sorted the Turkish way: the defaults and every name its products use', async () => {
    const rows = await liveProducts();
    for (const [path, column, defaults] of [
      ['/products/categories', 'category', ['Elektronik', 'Bilgisayar', 'Giyim', 'Ev & Yaşam']],
      ['/products/brands', 'brand', ['Apple', 'Samsung', 'Dell']],
    ] as const) {
      const r = await api.call<{ success: true; data: unknown }>('GET', path, { token: warehouse.token });
      expect(r.status).toBe(200);
      const values = stringListResponse.parse(r.body.data);
      const used = rows.map((p) => p[column]).filter((v): v is string => v !== null);
      const expected = [...new Set([...defaults, ...used])].sort(tr.compare);
      expect(values).toEqual(expected);
    }
  });
});

describe('GET /customers', () => {
  it('lists the tenant’s live customers by name for every role, with search', async () => {
    // The database's own collation decides the name order (PGlite and PostgreSQL may differ).
    const rows = await api.db
      .selectFrom('customers')
      .selectAll()
      .where('tenant_id', '=', 'demo')
      .where('deleted_at', 'is', null)
      .orderBy('full_name')
      .orderBy('id')
      .execute();
    for (const s of [sales, driver, warehouse]) {
      const r = await api.call<{ success: true; data: unknown }>('GET', '/customers', { token: s.token });
      expect(r.status).toBe(200);
      const { customers } = customerListResponse.parse(r.body.data);
      expect(customers.map((c) => c.id)).toEqual(rows.map((c) => c.id));
      expect(customers.length).toBe(24);
    }
    const target = rows[5];
    if (!target) throw new Error('seed: no customer');
    const found = await api.call<{ data: { customers: { id: string }[] } }>('GET', '/customers', {
      token: sales.token,
      query: { search: target.customer_number },
    });
    expect(found.body.data.customers.map((c) => c.id)).toEqual([target.id]);
    await api.db
      .updateTable('customers')
      .set({ deleted_at: new Date() })
      .where('id', '=', target.id)
      .execute();
    try {
      const after = await api.call<{ data: { customers: { id: string }[] } }>('GET', '/customers', {
        token: sales.token,
      });
      expect(after.body.data.customers.map((c) => c.id)).not.toContain(target.id);
      expect(after.body.data.customers).toHaveLength(rows.length - 1);
    } finally {
      await api.db.updateTable('customers').set({ deleted_at: null }).where('id', '=', target.id).execute();
    }
    const bad = await api.call('GET', '/customers', {
      token: sales.token,
      query: { search: 'x'.repeat(101) },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'search' });
  });
});

describe('GET /drivers', () => {
  it('lists the active drivers of the tenant for managers and admins', async () => {
    const rows = await api.db
      .selectFrom('users')
      .select(['id', 'full_name', 'username'])
      .where('tenant_id', '=', 'demo')
      .where('role', '=', 'driver')
      .where('is_active', '=', true)
      .execute();
    expect(rows.length).toBe(2);
    for (const s of [manager, admin]) {
      const r = await api.call<{ success: true; data: unknown }>('GET', '/drivers', { token: s.token });
      expect(r.status).toBe(200);
      const { drivers } = driverListResponse.parse(r.body.data);
      expect(drivers.map((d) => d.id).sort()).toEqual(rows.map((d) => d.id).sort());
      expect(drivers.map((d) => d.username).sort()).toEqual(['driver', 'driver2']);
    }
  });

  it('leaves a deactivated driver out', async () => {
    const d2 = await api.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', 'demo')
      .where('username', '=', 'driver2')
      .executeTakeFirstOrThrow();
    await api.db
      .updateTable('users')
      .set({ is_active: false })
      .where('tenant_id', '=', 'demo')
      .where('id', '=', d2.id)
      .execute();
    try {
      const r = await api.call<{ data: { drivers: { username: string }[] } }>('GET', '/drivers', {
        token: manager.token,
      });
      expect(r.body.data.drivers.map((d) => d.username)).toEqual(['driver']);
    } finally {
      await api.db
        .updateTable('users')
        .set({ is_active: true })
        .where('tenant_id', '=', 'demo')
        .where('id', '=', d2.id)
        .execute();
    }
  });

  it('is refused to other roles with 403', async () => {
    for (const s of [sales, warehouse, driver]) {
      const r = await api.call('GET', '/drivers', { token: s.token });
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ success: false, error: MESSAGES.forbidden, code: 'FORBIDDEN' });
    }
  });
});
