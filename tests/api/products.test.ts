import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListBody } from '../../src/shared/api/catalogue';
import { orderSchema, productSchema } from '../../src/shared/api/entities';
import {
  bulkProductResponse,
  type CreateProductBody,
  listNameResponse,
  PRODUCT_MESSAGES,
} from '../../src/shared/api/products';
import { type Api, type Session, startApi } from './support/harness';
import { pullAll } from './support/pull';

/**
 * Product management through HTTP against a freshly seeded database: writes are the admin's,
 * codes and barcodes are unique per tenant (409 naming the field), every rule of the form is a
 * 400 naming the field with nothing written, edits name the version their user saw, deletes are
 * soft (old orders keep their lines; lists and devices lose the product), bulk actions decide per
 * item in one transaction, and the category and brand lists are the tenant's own data.
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

let serial = 0;
/** A valid EAN-13 (GS1 check digit) from 12 digits. */
function ean13(body12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body12[i]) * (i % 2 === 0 ? 1 : 3);
  return body12 + String((10 - (sum % 10)) % 10);
}
const freshBarcode = () => ean13(`8690000${String(10000 + ++serial).slice(-5)}`);

function productBody(overrides: Partial<CreateProductBody> = {}): CreateProductBody {
  serial++;
  return {
    name: `Deneme Ürünü ${serial}`,
    product_code: `TST-${serial}-${randomUUID().slice(0, 6)}`,
    barcode: freshBarcode(),
    selling_price_kurus: 12_550,
    cost_price_kurus: 9_000,
    category: 'Elektronik',
    brand: 'Apple',
    min_stock: 5,
    current_stock: 40,
    tags: ['yeni', 'kampanya'],
    ...overrides,
  };
}

async function create(body: CreateProductBody, session = admin, key?: string) {
  return api.call<{ success: boolean; data: unknown; error?: string; field?: string; code?: string }>(
    'POST',
    '/products',
    { token: session.token, body, ...(key ? { idempotencyKey: key } : {}) },
  );
}

async function created(overrides: Partial<CreateProductBody> = {}) {
  const r = await create(productBody(overrides));
  expect(r.status, r.raw).toBe(201);
  return productSchema.parse(r.body.data);
}

const productCount = async (tenant = 'demo') =>
  (await api.db.selectFrom('products').select('id').where('tenant_id', '=', tenant).execute()).length;

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
      'Barkod (barcode): Geçersiz format',
    ],
    ['a barcode of 10 digits', { barcode: '1234567890' }, 'barcode', 'Barkod (barcode): Geçersiz format'],
    [
      'a negative selling price',
      { selling_price_kurus: -1 },
      'selling_price_kurus',
      'Satış fiyatı (selling_price_kurus): Minimum değer 0 olmalıdır',
    ],
    [
      'a price that is not a number',
      { cost_price_kurus: 'on iki' },
      'cost_price_kurus',
      'Maliyet fiyatı (cost_price_kurus): Geçerli bir sayı giriniz',
    ],
    [
      'a price above the bound',
      { selling_price_kurus: 1_000_000_001 },
      'selling_price_kurus',
      'Satış fiyatı (selling_price_kurus): Maksimum değer 10.000.000 olmalıdır',
    ],
    ['KDV 7', { vat_rate: 7 }, 'vat_rate', 'KDV oranı (vat_rate): 0, 1, 10 veya 20 olmalıdır'],
    ['no name', { name: '  ' }, 'name', 'Ürün adı (name) gereklidir'],
    [
      'a missing cost price',
      { cost_price_kurus: undefined },
      'cost_price_kurus',
      'Maliyet fiyatı (cost_price_kurus) gereklidir',
    ],
    [
      'a fractional stock',
      { min_stock: 1.5 },
      'min_stock',
      'Minimum stok (min_stock): Geçerli bir sayı giriniz',
    ],
    [
      'a negative stock',
      { current_stock: -3 },
      'current_stock',
      'Mevcut stok (current_stock): Minimum değer 0 olmalıdır',
    ],
    [
      'a discount above the price',
      { discounted_price_kurus: 20_000 },
      'discounted_price_kurus',
      PRODUCT_MESSAGES.discountAboveSelling,
    ],
    ['an unknown unit', { unit: 'varil' }, 'unit', 'Birim (unit): Geçersiz format'],
    [
      '21 tags',
      { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      'tags',
      'Etiketler (tags): en fazla 20 etiket olabilir',
    ],
    [
      'an image not uploaded here',
      { images: [{ url: 'https://example.com/x.png' }] },
      'images[0].url',
      'Görseller (images): Geçersiz format',
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
    expect(stock.body).toMatchObject({ error: 'Bu alan düzenlenemez: current_stock' });
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
    const cursor = (await pullAll(api, sales)).at(-1)?.cursor ?? '0';

    const stale = await api.call('DELETE', `/products/${product.id}`, {
      token: admin.token,
      body: { expected_version: product.version - 1 },
    });
    expect(stale.status).toBe(409);
    const del = await api.call('DELETE', `/products/${product.id}`, {
      token: admin.token,
      body: { expected_version: product.version },
    });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: true, data: { id: product.id } });
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
    const r = await api.call<{ data: unknown }>('POST', '/products/bulk', {
      token: admin.token,
      body: {
        action: 'deactivate',
        items: [
          { id: a.id, expected_version: a.version },
          { id: b.id, expected_version: b.version },
          { id: c.id, expected_version: c.version - 1 },
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
