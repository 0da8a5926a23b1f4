import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListBody } from '../../src/shared/api/catalogue';
import { orderSchema, productSchema } from '../../src/shared/api/entities';
import { bulkProductResponse, listNameResponse } from '../../src/shared/api/products';
import { type Api, type Session, startApi } from './support/harness';
import { productBody, productHelpers } from './support/products';
import { pullAll } from './support/pull';

/**
 * Product management, its writes beyond create and edit, through HTTP against a freshly seeded
 * database: deletes are soft (old orders keep their lines; lists and devices lose the product),
 * bulk actions decide per item in one transaction, the category and brand lists are the tenant's
 * own data, order lines keep their product's KDV rate, and a device's queued product writes go
 * through the batched push.
 */
let api: Api;
let admin: Session;
let sales: Session;
let otherAdmin: Session;

beforeAll(async () => {
  api = await startApi();
  [admin, sales, otherAdmin] = await Promise.all([
    api.login('demo', 'admin'),
    api.login('demo', 'sales'),
    api.login('client1', 'admin'),
  ]);
});
afterAll(async () => api?.close());

const { create, created } = productHelpers(
  () => api,
  () => admin,
);

describe('money: prices in TL under the specification’s names, the kuruş companions optional', () => {
  const withoutKurus = () => {
    const { selling_price_kurus: _s, cost_price_kurus: _c, ...body } = productBody();
    return body;
  };

  it('POST /products takes selling_price, cost_price and discounted_price in TL, read exactly; the answer keeps both', async () => {
    // 0.29 × 100 and 1.15 × 100 are 28.999… and 114.999… in floating point: each is read exactly
    const r = await create({
      ...withoutKurus(),
      selling_price: 1.15,
      cost_price: 0.29,
      discounted_price: 1.1,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const product = productSchema.parse(r.body.data);
    expect(product).toMatchObject({
      selling_price: 1.15,
      selling_price_kurus: 115,
      cost_price: 0.29,
      cost_price_kurus: 29,
      discounted_price: 1.1,
      discounted_price_kurus: 110,
    });
    const row = await api.db
      .selectFrom('products')
      .select(['selling_price', 'cost_price', 'discounted_price'])
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ selling_price: '1.15', cost_price: '0.29', discounted_price: '1.10' });
    // both names that agree are one amount; the kuruş alone still work
    const both = await create({ ...productBody(), selling_price: 125.5, selling_price_kurus: 12_550 });
    expect(both.status).toBe(201);
    expect((await create(productBody())).status).toBe(201);
  });

  it('PUT /products/{id} takes the TL names too (null clears the discount)', async () => {
    const product = await created({ discounted_price_kurus: 10_000 });
    const r = await api.call<{ data: unknown }>('PUT', `/products/${product.id}`, {
      token: admin.token,
      body: { selling_price: 199.99, discounted_price: null, expected_version: product.version },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(productSchema.parse(r.body.data)).toMatchObject({
      selling_price: 199.99,
      selling_price_kurus: 19_999,
      discounted_price: null,
      discounted_price_kurus: null,
    });
  });

  it('refuses, naming the field and writing nothing: a TL price with three decimals, a missing price, a pair that disagrees', async () => {
    const before = await api.db.selectFrom('products').select('id').execute();
    const product = await created();
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ ...withoutKurus(), selling_price: 12.345, cost_price: 1 }, 'selling_price', /iki ondalık/],
      [{ ...withoutKurus(), cost_price: 1 }, 'selling_price', /^Satış Fiyatı gereklidir$/],
      [
        { ...productBody(), selling_price: 125.51 },
        'selling_price',
        /^Satış Fiyatı: TL ve kuruş olarak gönderilen tutarlar aynı değil$/,
      ],
      [
        { ...productBody(), cost_price: 90, cost_price_kurus: 9_001 },
        'cost_price',
        /^Maliyet Fiyatı: TL ve kuruş olarak gönderilen tutarlar aynı değil$/,
      ],
      [{ ...productBody(), discounted_price: 200 }, 'discounted_price', /satış fiyatından büyük olamaz/],
    ];
    for (const [body, field, message] of cases) {
      const r = await create(body as never);
      expect({ field, status: r.status, code: r.body.code }).toEqual({
        field,
        status: 400,
        code: 'VALIDATION_ERROR',
      });
      expect(r.body.field).toBe(field);
      expect(String(r.body.error)).toMatch(message);
    }
    const edit = await api.call('PUT', `/products/${product.id}`, {
      token: admin.token,
      body: { selling_price: 1, selling_price_kurus: 2, expected_version: product.version },
    });
    expect(edit.status).toBe(400);
    expect(edit.body).toMatchObject({ field: 'selling_price' });
    expect((await api.db.selectFrom('products').select('id').execute()).length).toBe(before.length + 1);
  });

  it('an order line takes the same rule: unit_price with its optional unit_price_kurus, both must agree', async () => {
    const line = { product_name: 'Kalem', quantity: 2, unit_price: 1.15 };
    const agreed = await api.call('POST', '/orders', {
      token: sales.token,
      body: {
        customer_name: 'Tutar',
        items: [{ ...line, unit_price_kurus: 115 }],
        total_amount: 2.3,
        total_amount_kurus: 230,
      },
    });
    expect(agreed.status, JSON.stringify(agreed.body)).toBe(201);
    const apart = await api.call('POST', '/orders', {
      token: sales.token,
      body: { customer_name: 'Tutar', items: [{ ...line, unit_price_kurus: 114 }] },
    });
    expect(apart.status).toBe(400);
    expect(apart.body).toMatchObject({ field: 'items[0].unit_price' });
    expect(String(apart.body.error)).toMatch(
      /^1. kalem: Birim fiyat: TL ve kuruş olarak gönderilen tutarlar aynı değil$/,
    );
    const total = await api.call('POST', '/orders', {
      token: sales.token,
      body: { customer_name: 'Tutar', items: [line], total_amount: 2.3, total_amount_kurus: 231 },
    });
    expect(total.status).toBe(400);
    expect(total.body).toMatchObject({ field: 'total_amount' });
    // the kuruş total alone is held to the lines' sum as the TL one is
    const wrong = await api.call('POST', '/orders', {
      token: sales.token,
      body: { customer_name: 'Tutar', items: [line], total_amount_kurus: 999 },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ field: 'total_amount' });
  });
});

describe('DELETE /products/{id}: soft delete', () => {
  it('an old order keeps its line; the product leaves GET /products, GET /products/{id} and the devices’ mirrors', async () => {
    const product = await created({ vat_rate: 10 });
    const orderId = randomUUID();
    const order = await api.call<{ data: unknown }>('POST', '/orders', {
      token: sales.token,
      body: {
        id: orderId,
        customer_name: 'Silme Testi',
        items: [{ product_id: product.id, product_name: product.name, quantity: 2, unit_price: 125.5 }],
      },
    });
    expect(order.status).toBe(201);
    // an order still awaiting approval holds the product (tests/api/product-delete.test.ts): this
    // one is withdrawn first, so it is an old order that keeps its line
    const withdrawn = await api.call('PATCH', `/orders/${orderId}/status`, {
      token: sales.token,
      body: { status: 'cancelled', expected_status: 'pending_approval' },
    });
    expect(withdrawn.status).toBe(200);
    const cursor = (await pullAll(api, sales)).at(-1)?.cursor ?? '0';

    // edited since the version the delete names: refused with the product now
    const edit = await api.call<{ data: unknown }>('PUT', `/products/${product.id}`, {
      token: admin.token,
      body: { description: 'Silinmeden önce', expected_version: product.version },
    });
    const edited = productSchema.parse(edit.body.data);
    const stale = await api.call('DELETE', `/products/${product.id}`, {
      token: admin.token,
      body: { expected_version: product.version },
    });
    expect(stale.status).toBe(409);
    const del = await api.call('DELETE', `/products/${product.id}`, {
      token: admin.token,
      body: { expected_version: edited.version },
    });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: true, data: { id: product.id, written_off: 40 } });
    expect((await api.call('DELETE', `/products/${product.id}`, { token: admin.token })).status).toBe(200);

    expect((await api.call('GET', `/products/${product.id}`, { token: admin.token })).status).toBe(404);
    const list = await api.call('GET', '/products', {
      token: admin.token,
      query: { search: product.product_code },
    });
    expect(productListBody.parse(list.body).data).toEqual([]);
    const pages = await pullAll(api, sales, cursor);
    expect(pages.flatMap((p) => p.products.removals)).toContain(product.id);
    expect(pages.flatMap((p) => p.products.upserts).map((p) => p.id)).not.toContain(product.id);

    const kept = await api.call<{ data: unknown }>('GET', `/orders/${orderId}`, { token: sales.token });
    const line = orderSchema.parse(kept.body.data).items[0];
    expect(line).toMatchObject({
      product_id: product.id,
      product_name: product.name,
      quantity: 2,
      vat_rate: 10,
    });
    // the code of a deleted product may be used again
    expect((await create(productBody({ product_code: product.product_code }))).status).toBe(201);
  });

  it('also takes the version as ?expected_version= for a plain client', async () => {
    const product = await created();
    const r = await api.call('DELETE', `/products/${product.id}`, {
      token: admin.token,
      query: { expected_version: product.version + 1 },
    });
    expect(r.status).toBe(409);
  });
});

describe('POST /products/bulk', () => {
  it('decides per item in one transaction: applied, unchanged, conflict, not found; a repeat is unchanged', async () => {
    const [a, b, c] = [await created(), await created(), await created()];
    if (!a || !b || !c) throw new Error('no products');
    const unknown = randomUUID();
    // c is edited by someone else after its version was seen
    await api.call('PUT', `/products/${c.id}`, { token: admin.token, body: { tags: ['başkası'] } });
    const r = await api.call<{ data: unknown }>('POST', '/products/bulk', {
      token: admin.token,
      body: {
        action: 'deactivate',
        items: [
          { id: a.id, expected_version: a.version },
          { id: b.id, expected_version: b.version },
          { id: c.id, expected_version: c.version },
          { id: unknown },
        ],
      },
    });
    expect(r.status).toBe(200);
    const body = bulkProductResponse.parse(r.body.data);
    expect(body.applied).toBe(2);
    expect(body.results.map((x) => [x.id, x.outcome, x.product?.status ?? null])).toEqual([
      [a.id, 'applied', 'inactive'],
      [b.id, 'applied', 'inactive'],
      [c.id, 'conflict', 'active'],
      [unknown, 'not_found', null],
    ]);
    const again = await api.call<{ data: unknown }>('POST', '/products/bulk', {
      token: admin.token,
      body: { action: 'deactivate', items: [{ id: a.id, expected_version: a.version }] },
    });
    expect(bulkProductResponse.parse(again.body.data).results[0]?.outcome).toBe('unchanged');

    const current = productSchema.parse(body.results[0]?.product);
    const del = await api.call<{ data: unknown }>('POST', '/products/bulk', {
      token: admin.token,
      body: { action: 'delete', items: [{ id: a.id, expected_version: current.version }, { id: c.id }] },
    });
    expect(bulkProductResponse.parse(del.body.data).results.map((x) => [x.outcome, x.product])).toEqual([
      ['applied', null],
      ['applied', null],
    ]);
    const rows = await api.db
      .selectFrom('products')
      .select(['id', 'deleted_at'])
      .where('id', 'in', [a.id, b.id, c.id])
      .orderBy('id')
      .execute();
    expect(
      rows
        .filter((row) => row.deleted_at !== null)
        .map((row) => row.id)
        .sort(),
    ).toEqual([a.id, c.id].sort());
    const activate = await api.call<{ data: unknown }>('POST', '/products/bulk', {
      token: admin.token,
      body: { action: 'activate', items: [{ id: a.id }, { id: b.id }] },
    });
    expect(bulkProductResponse.parse(activate.body.data).results.map((x) => x.outcome)).toEqual([
      'not_found',
      'applied',
    ]);
  });

  it('refuses more than 500 items and a repeated id', async () => {
    const items = Array.from({ length: 501 }, () => ({ id: randomUUID() }));
    const r = await api.call('POST', '/products/bulk', {
      token: admin.token,
      body: { action: 'delete', items },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ field: 'items' });
    const id = randomUUID();
    const twice = await api.call('POST', '/products/bulk', {
      token: admin.token,
      body: { action: 'delete', items: [{ id }, { id }] },
    });
    expect(twice.status).toBe(400);
  });
});

describe('categories and brands are the tenant’s lists', () => {
  it('an admin adds a name once under Turkish case folding; the lists answer sorted the Turkish way', async () => {
    const add = (path: string, name: string) =>
      api.call<{ data: unknown }>('POST', path, { token: admin.token, body: { name } });
    const first = await add('/products/categories', 'Kırtasiye');
    expect(first.status).toBe(201);
    expect(listNameResponse.parse(first.body.data)).toEqual({ name: 'Kırtasiye', created: true });
    const again = await add('/products/categories', '  KIRTASİYE ');
    expect(again.status).toBe(200);
    expect(listNameResponse.parse(again.body.data)).toEqual({ name: 'Kırtasiye', created: false });
    expect((await add('/products/brands', 'Şölen')).status).toBe(201);
    const short = await add('/products/brands', 'A');
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ field: 'name' });

    const categories = await api.call<{ data: string[] }>('GET', '/products/categories', {
      token: sales.token,
    });
    expect(categories.body.data).toEqual(
      expect.arrayContaining(['Elektronik', 'Bilgisayar', 'Giyim', 'Ev & Yaşam', 'Kırtasiye']),
    );
    expect(categories.body.data.filter((c) => c === 'Kırtasiye')).toHaveLength(1);
    expect(categories.body.data).toEqual([...categories.body.data].sort(new Intl.Collator('tr-TR').compare));
    const brands = await api.call<{ data: string[] }>('GET', '/products/brands', { token: sales.token });
    expect(brands.body.data).toEqual(expect.arrayContaining(['Apple', 'Samsung', 'Dell', 'Şölen']));
    // another tenant's lists do not have it
    const other = await api.call<{ data: string[] }>('GET', '/products/categories', {
      tenant: 'client1',
      token: otherAdmin.token,
    });
    expect(other.body.data).not.toContain('Kırtasiye');
    // a product saved with the name in another case gets the list's spelling
    const product = await created({ category: 'kırtasiye', brand: 'ŞÖLEN' });
    expect(product).toMatchObject({ category: 'Kırtasiye', brand: 'Şölen' });
  });
});

describe('order lines copy the product’s KDV rate', () => {
  it('a line keeps the rate of its product when the order was made, whatever the product’s rate becomes', async () => {
    const product = await created({ vat_rate: 1 });
    const id = randomUUID();
    const r = await api.call<{ data: unknown }>('POST', '/orders', {
      token: sales.token,
      body: {
        id,
        customer_name: 'KDV Testi',
        items: [
          { product_id: product.id, product_name: product.name, quantity: 1, unit_price: 125.5 },
          { product_name: 'Serbest kalem', quantity: 1, unit_price: 10 },
        ],
      },
    });
    expect(r.status).toBe(201);
    expect(orderSchema.parse(r.body.data).items.map((i) => i.vat_rate)).toEqual([1, 20]);
    await api.call('PUT', `/products/${product.id}`, {
      token: admin.token,
      body: { vat_rate: 20, expected_version: product.version },
    });
    const got = await api.call<{ data: unknown }>('GET', `/orders/${id}`, { token: sales.token });
    expect(orderSchema.parse(got.body.data).items.map((i) => i.vat_rate)).toEqual([1, 20]);
  });
});

describe('product writes through the batched push', () => {
  it('create, edit and delete queued on a device go through POST /sync/push, each answered as its own request', async () => {
    const id = randomUUID();
    const body = productBody({ id });
    const r = await api.call<{
      data: {
        results: { key: string; outcome: string; status?: number; body?: { data?: { version?: number } } }[];
      };
    }>('POST', '/sync/push', {
      token: admin.token,
      body: {
        entries: [
          { key: `k-${id}-1`, method: 'POST', path: '/products', body, record_key: `product:${id}` },
          {
            key: `k-${id}-2`,
            method: 'POST',
            path: '/products/bulk',
            body: { action: 'deactivate', items: [{ id }] },
            record_key: `product:${id}`,
          },
        ],
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.results.map((x) => [x.outcome, x.status])).toEqual([
      ['answered', 201],
      ['answered', 200],
    ]);
    const product = productSchema.parse(
      (await api.call<{ data: unknown }>('GET', `/products/${id}`, { token: admin.token })).body.data,
    );
    expect(product.status).toBe('inactive');
    const next = await api.call<{ data: { results: { status?: number }[] } }>('POST', '/sync/push', {
      token: admin.token,
      body: {
        entries: [
          {
            key: `k-${id}-3`,
            method: 'PUT',
            path: `/products/${id}`,
            body: { name: 'Cihazdan', expected_version: product.version },
            record_key: `product:${id}`,
          },
          {
            key: `k-${id}-4`,
            method: 'DELETE',
            path: `/products/${id}`,
            body: { expected_version: product.version },
            record_key: `product:${id}`,
          },
        ],
      },
    });
    // the delete names the version seen before the edit: refused with the product now
    expect(next.body.data.results.map((x) => x.status)).toEqual([200, 409]);
  });
});
