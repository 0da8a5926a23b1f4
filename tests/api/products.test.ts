import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListBody } from '../../src/shared/api/catalogue';
import { productSchema } from '../../src/shared/api/entities';
import { bulkProductResponse, type CreateProductBody, PRODUCT_MESSAGES } from '../../src/shared/api/products';
import { type Api, type Session, startApi } from './support/harness';
import { productBody, productHelpers } from './support/products';
import { pullAll } from './support/pull';

/**
 * Product management through HTTP against a freshly seeded database: writes are the admin's,
 * codes and barcodes are unique per tenant (409 naming the field), every rule of the form is a
 * 400 naming the field with nothing written, the list filters and pages with the spec's query
 * names, and edits name the version their user saw (products-writes.test.ts: the other writes).
 */
let api: Api;
let admin: Session;
let manager: Session;
let sales: Session;
let otherAdmin: Session;

beforeAll(async () => {
  api = await startApi();
  [admin, manager, sales, otherAdmin] = await Promise.all([
    api.login('demo', 'admin'),
    api.login('demo', 'manager'),
    api.login('demo', 'sales'),
    api.login('client1', 'admin'),
  ]);
});
afterAll(async () => api?.close());

const { create, created, productCount } = productHelpers(
  () => api,
  () => admin,
);

describe('POST /products and GET /products/{id}', () => {
  it('an admin creates a product: 201 with its fields, KDV 20 by default, the opening stock, and it reads back', async () => {
    const body = productBody({ discounted_price_kurus: 11_000, unit: 'koli', description: 'Açıklama' });
    const r = await create(body);
    expect(r.status).toBe(201);
    const product = productSchema.parse(r.body.data);
    expect(product).toMatchObject({
      name: body.name,
      product_code: body.product_code,
      barcode: body.barcode,
      selling_price: 125.5,
      selling_price_kurus: 12_550,
      cost_price_kurus: 9_000,
      discounted_price_kurus: 11_000,
      vat_rate: 20,
      unit: 'koli',
      current_stock: 40,
      available_stock: 40,
      min_stock: 5,
      stock_status: 'in_stock',
      status: 'active',
      tags: ['yeni', 'kampanya'],
      images: [],
    });
    const got = await api.call<{ data: unknown }>('GET', `/products/${product.id}`, { token: manager.token });
    expect(got.status).toBe(200);
    expect(productSchema.parse(got.body.data)).toEqual(product);
    // the opening stock is the product's first movement of the stock ledger
    const movements = await api.db
      .selectFrom('stock_movements')
      .select(['quantity', 'reserved_delta', 'reason'])
      .where('product_id', '=', product.id)
      .execute();
    expect(movements).toEqual([{ quantity: 40, reserved_delta: 0, reason: 'opening' }]);
  });

  it('the cost price reaches admin and manager only: a salesperson gets the product without the keys', async () => {
    const product = await created();
    const asSales = await api.call<{ data: Record<string, unknown> }>('GET', `/products/${product.id}`, {
      token: sales.token,
    });
    expect(asSales.status).toBe(200);
    expect(asSales.body.data).not.toHaveProperty('cost_price');
    expect(asSales.body.data).not.toHaveProperty('cost_price_kurus');
    const list = await api.call<{ data: Record<string, unknown>[] }>('GET', '/products', {
      token: sales.token,
      query: { search: product.product_code },
    });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).not.toHaveProperty('cost_price');
    const pages = await pullAll(api, sales);
    const pulled = pages.flatMap((p) => p.products.upserts).find((p) => p.id === product.id);
    expect(pulled).toBeDefined();
    expect(pulled).not.toHaveProperty('cost_price');
  });

  it('writes are the admin’s: manager and salesperson get 403 and nothing is written', async () => {
    const product = await created();
    const before = await productCount();
    for (const s of [manager, sales]) {
      expect((await create(productBody(), s)).status).toBe(403);
      const put = await api.call('PUT', `/products/${product.id}`, {
        token: s.token,
        body: { name: 'Yeni ad' },
      });
      expect(put.status).toBe(403);
      expect((await api.call('DELETE', `/products/${product.id}`, { token: s.token })).status).toBe(403);
      const bulk = await api.call('POST', '/products/bulk', {
        token: s.token,
        body: { action: 'deactivate', items: [{ id: product.id }] },
      });
      expect(bulk.status).toBe(403);
      const cat = await api.call('POST', '/products/categories', { token: s.token, body: { name: 'Yasak' } });
      expect(cat.status).toBe(403);
    }
    expect(await productCount()).toBe(before);
    const got = await api.call<{ data: { name: string; status: string } }>('GET', `/products/${product.id}`, {
      token: admin.token,
    });
    expect(got.body.data).toMatchObject({ name: product.name, status: 'active' });
  });

  it('another tenant’s product is 404 for read, edit and delete', async () => {
    const product = await created();
    const opts = { tenant: 'client1', token: otherAdmin.token };
    expect((await api.call('GET', `/products/${product.id}`, opts)).status).toBe(404);
    const put = await api.call('PUT', `/products/${product.id}`, { ...opts, body: { name: 'Başkası' } });
    expect(put.status).toBe(404);
    expect((await api.call('DELETE', `/products/${product.id}`, opts)).status).toBe(404);
    const bulk = await api.call<{ data: unknown }>('POST', '/products/bulk', {
      ...opts,
      body: { action: 'delete', items: [{ id: product.id }] },
    });
    expect(bulkProductResponse.parse(bulk.body.data).results[0]?.outcome).toBe('not_found');
    const still = await api.db
      .selectFrom('products')
      .select(['deleted_at', 'name'])
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(still).toEqual({ deleted_at: null, name: product.name });
  });

  it('a product code or barcode another live product has is 409 naming the field; another tenant may use them', async () => {
    const first = await created();
    const dupCode = await create(productBody({ product_code: first.product_code }));
    expect(dupCode.status).toBe(409);
    expect(dupCode.body).toMatchObject({
      code: 'CONFLICT',
      field: 'product_code',
      error: PRODUCT_MESSAGES.codeTaken,
    });
    const dupBarcode = await create(productBody({ barcode: first.barcode }));
    expect(dupBarcode.status).toBe(409);
    expect(dupBarcode.body).toMatchObject({ field: 'barcode', error: PRODUCT_MESSAGES.barcodeTaken });
    // an edit onto another product's code
    const second = await created();
    const put = await api.call('PUT', `/products/${second.id}`, {
      token: admin.token,
      body: { product_code: first.product_code, expected_version: second.version },
    });
    expect(put.status).toBe(409);
    expect(put.body).toMatchObject({ field: 'product_code' });
    const elsewhere = await api.call('POST', '/products', {
      tenant: 'client1',
      token: otherAdmin.token,
      body: productBody({ product_code: first.product_code, barcode: first.barcode }),
    });
    expect(elsewhere.status).toBe(201);
  });
});

describe('validation: 400 naming the field, nothing written', () => {
  const cases: [string, Partial<CreateProductBody> | Record<string, unknown>, string, string][] = [
    [
      'a barcode with a wrong check digit',
      { barcode: '8690000000001' },
      'barcode',
      'Barkod: Geçersiz format',
    ],
    ['a barcode of 10 digits', { barcode: '1234567890' }, 'barcode', 'Barkod: Geçersiz format'],
    [
      'a negative selling price',
      { selling_price_kurus: -1 },
      'selling_price_kurus',
      'Satış Fiyatı: Minimum değer 0 olmalıdır',
    ],
    [
      'a price that is not a number',
      { cost_price_kurus: 'on iki' },
      'cost_price_kurus',
      'Maliyet Fiyatı: Geçerli bir sayı giriniz',
    ],
    [
      'a price above the bound',
      { selling_price_kurus: 1_000_000_001 },
      'selling_price_kurus',
      'Satış Fiyatı: Maksimum değer 10.000.000 olmalıdır',
    ],
    ['KDV 7', { vat_rate: 7 }, 'vat_rate', 'KDV Oranı: 0, 1, 10 veya 20 olmalıdır'],
    ['no name', { name: '  ' }, 'name', 'Ürün Adı gereklidir'],
    ['a missing cost price', { cost_price_kurus: undefined }, 'cost_price', 'Maliyet Fiyatı gereklidir'],
    ['a fractional stock', { min_stock: 1.5 }, 'min_stock', 'Minimum Stok: Geçerli bir sayı giriniz'],
    ['a negative stock', { current_stock: -3 }, 'current_stock', 'Mevcut Stok: Minimum değer 0 olmalıdır'],
    [
      'a discount above the price',
      { discounted_price_kurus: 20_000 },
      'discounted_price_kurus',
      PRODUCT_MESSAGES.discountAboveSelling,
    ],
    ['an unknown unit', { unit: 'varil' }, 'unit', 'Birim: Geçersiz format'],
    [
      '21 tags',
      { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      'tags',
      'Etiketler: en fazla 20 etiket olabilir',
    ],
    [
      'an image not uploaded here',
      { images: [{ url: 'https://example.com/x.png' }] },
      'images[0].url',
      '1. görsel: Görsel adresi: Geçersiz format',
    ],
    ['a category not in the list', { category: 'Uzay Gemisi' }, 'category', PRODUCT_MESSAGES.categoryUnknown],
    ['a brand not in the list', { brand: 'Acme' }, 'brand', PRODUCT_MESSAGES.brandUnknown],
  ];
  it.each(cases)('%s', async (_name, overrides, field, error) => {
    const before = await productCount();
    const r = await create({ ...productBody(), ...overrides } as CreateProductBody);
    expect(r.status, r.raw).toBe(400);
    expect(r.body).toMatchObject({ code: 'VALIDATION_ERROR', field, error });
    expect(await productCount()).toBe(before);
  });

  it('an edit may not set the stock (it moves through the stock ledger) nor break a rule', async () => {
    const product = await created();
    const stock = await api.call('PUT', `/products/${product.id}`, {
      token: admin.token,
      body: { current_stock: 999, expected_version: product.version },
    });
    expect(stock.status).toBe(400);
    expect(stock.body).toMatchObject({ error: 'Bu alan düzenlenemez: Mevcut Stok' });
    // lowering the price under the discount already stored
    const discounted = await created({ discounted_price_kurus: 10_000 });
    const below = await api.call('PUT', `/products/${discounted.id}`, {
      token: admin.token,
      body: { selling_price_kurus: 9_000, expected_version: discounted.version },
    });
    expect(below.status).toBe(400);
    expect(below.body).toMatchObject({ field: 'discounted_price_kurus' });
    const row = await api.db
      .selectFrom('products')
      .select(['current_stock', 'selling_price'])
      .where('id', '=', discounted.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ current_stock: 40, selling_price: '125.50' });
  });
});

describe('GET /products: filters and paging with the spec’s query names', () => {
  it('search folds Turkish case, category/brand/status filter, pages are 1-based with totalDocs', async () => {
    await api.call('POST', '/products/categories', { token: admin.token, body: { name: 'Çay & Kahve' } });
    await api.call('POST', '/products/brands', { token: admin.token, body: { name: 'Işıklı' } });
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        await created({
          name: `İSTANBUL ÇAYI ${i}`,
          category: 'Çay & Kahve',
          brand: 'Işıklı',
          selling_price_kurus: 1_000 * (i + 1),
        }),
      );
    }
    const hidden = made[4];
    if (!hidden) throw new Error('no product');
    await api.call('PUT', `/products/${hidden.id}`, {
      token: admin.token,
      body: { status: 'inactive', expected_version: hidden.version },
    });
    const list = async (query: Record<string, string | number>) => {
      const r = await api.call('GET', '/products', { token: sales.token, query });
      expect(r.status, r.raw).toBe(200);
      return productListBody.parse(r.body);
    };
    const search = await list({ search: 'istanbul çayı', limit: 100 });
    expect(search.data.map((p) => p.id).sort()).toEqual(made.map((p) => p.id).sort());
    expect((await list({ search: 'IŞIKLI', limit: 100 })).pagination.totalDocs).toBe(5);
    expect((await list({ search: 'ışıklı', limit: 100 })).pagination.totalDocs).toBe(5);
    const filtered = await list({
      category: 'Çay & Kahve',
      brand: 'Işıklı',
      status: 'active',
      limit: 2,
      page: 2,
      sort_by: 'selling_price',
      sort_order: 'asc',
    });
    expect(filtered.pagination).toEqual({ page: 2, limit: 2, total: 4, totalDocs: 4, pages: 2 });
    expect(filtered.data.map((p) => p.selling_price_kurus)).toEqual([3_000, 4_000]);
    expect((await list({ category: 'Çay & Kahve', status: 'inactive' })).data.map((p) => p.id)).toEqual([
      hidden.id,
    ]);
    const bad = await api.call('GET', '/products', { token: sales.token, query: { sort_by: 'cost_price' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'sort_by' });
  });
});

describe('PUT /products/{id}: versioned edits', () => {
  it('an edit on the version seen applies; a second on the same old version is 409 with the product now; the same values are success', async () => {
    const product = await created();
    const first = await api.call<{ data: unknown }>('PUT', `/products/${product.id}`, {
      token: admin.token,
      body: { name: 'İlk düzenleme', vat_rate: 10, tags: ['a'], expected_version: product.version },
    });
    expect(first.status).toBe(200);
    const after = productSchema.parse(first.body.data);
    expect(after).toMatchObject({
      name: 'İlk düzenleme',
      vat_rate: 10,
      tags: ['a'],
      product_code: product.product_code,
    });
    expect(after.version).toBeGreaterThan(product.version);
    const stale = await api.call<{ code: string; current: unknown }>('PUT', `/products/${product.id}`, {
      token: admin.token,
      body: { name: 'İkinci düzenleme', expected_version: product.version },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('CONFLICT');
    expect(productSchema.parse(stale.body.current)).toEqual(after);
    const same = await api.call<{ data: unknown }>('PUT', `/products/${product.id}`, {
      token: admin.token,
      body: { name: 'İlk düzenleme', expected_version: product.version },
    });
    expect(same.status).toBe(200);
    expect(productSchema.parse(same.body.data).version).toBe(after.version);
  });

  it('stock that moved since the version seen is no conflict (the edit does not touch it); an edit since is', async () => {
    const product = await created();
    const adjust = await api.call<{ data: unknown }>('PATCH', `/products/${product.id}/stock`, {
      token: admin.token,
      body: { adjustment: -3, reason: 'manual_adjustment', expected_version: product.version },
    });
    expect(adjust.status, adjust.raw).toBe(200);
    const moved = productSchema.parse(adjust.body.data);
    expect(moved.version).toBeGreaterThan(product.version);
    const edit = await api.call<{ data: unknown }>('PUT', `/products/${product.id}`, {
      token: admin.token,
      body: { selling_price_kurus: 13_000, expected_version: product.version },
    });
    expect(edit.status, edit.raw).toBe(200);
    expect(productSchema.parse(edit.body.data)).toMatchObject({
      selling_price_kurus: 13_000,
      current_stock: 37,
    });
    const late = await api.call('PUT', `/products/${product.id}`, {
      token: admin.token,
      body: { selling_price_kurus: 14_000, expected_version: moved.version },
    });
    expect(late.status).toBe(409);
  });

  it('a replayed create (same Idempotency-Key, or the same client-made id under a new key) creates one product', async () => {
    const id = randomUUID();
    const body = productBody({ id });
    const key = `prod-${randomUUID()}`;
    const a = await create(body, admin, key);
    const b = await create(body, admin, key);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.headers['idempotency-replayed']).toBe('true');
    const c = await create(body, admin, `prod-${randomUUID()}`);
    expect(c.status).toBe(200);
    expect(productSchema.parse(c.body.data).id).toBe(id);
    const rows = await api.db.selectFrom('products').select('id').where('id', '=', id).execute();
    expect(rows).toHaveLength(1);
    const other = await create(productBody({ id }), admin);
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ field: 'id' });
  });
});
