import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerDuplicatesResponse, customerListResponse } from '../../src/shared/api/customers';
import { customerSchema, orderSchema } from '../../src/shared/api/entities';
import { pushResponse } from '../../src/shared/api/push';
import { type Api, type Session, startApi } from './support/harness';

/**
 * Customers: CRUD, who may do what, tax number check digits, versioned edits, soft delete, Turkish
 * search, the duplicate check, creates replayed with the same client-made id, and an offline
 * customer + order pair pushed twice through POST /sync/push.
 */
const TENANT = 'demo';
let api: Api;
let admin: Session;
let manager: Session;
let sales: Session;
let sales2: Session;
let warehouse: Session;
let driver: Session;

// Known-good numbers: a real company's VKN and a TCKN with both check digits right.
const VKN = '2701341846';
const TCKN = '10000000146';

beforeAll(async () => {
  api = await startApi();
  [admin, manager, sales, sales2, warehouse, driver] = await Promise.all([
    api.login(TENANT, 'admin'),
    api.login(TENANT, 'manager'),
    api.login(TENANT, 'sales'),
    api.login(TENANT, 'sales2'),
    api.login(TENANT, 'warehouse'),
    api.login(TENANT, 'driver'),
  ]);
});
afterAll(async () => api?.close());

async function create(session: Session, body: Record<string, unknown>) {
  return api.call<{ data: unknown; error?: string; code?: string; field?: string }>('POST', '/customers', {
    tenant: TENANT,
    token: session.token,
    body,
  });
}

async function createOk(session: Session, body: Record<string, unknown>) {
  const r = await create(session, body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return customerSchema.parse(r.body.data);
}

const countRows = async (where: { full_name?: string; id?: string }) => {
  let q = api.db.selectFrom('customers').select('id').where('tenant_id', '=', TENANT);
  if (where.full_name) q = q.where('full_name', '=', where.full_name);
  if (where.id) q = q.where('id', '=', where.id);
  return (await q.execute()).length;
};

describe('create, read, edit, delete', () => {
  it('a salesperson creates a customer with every field; the server numbers it from the tenant prefix', async () => {
    const before = await api.db
      .selectFrom('tenant_counters')
      .select('customer_seq')
      .where('tenant_id', '=', TENANT)
      .executeTakeFirstOrThrow();
    const c = await createOk(sales, {
      full_name: 'Ayşe Demir',
      company_name: 'Demir Yapı Ltd. Şti.',
      phone: '0532 111 22 33',
      email: 'ayse@demir.com.tr',
      address: 'Atatürk Cad. No:5',
      city: 'İzmir',
      tax_office: 'Konak',
      tax_number: '270 134 1846',
    });
    expect(c.customer_number).toBe(`CUST-${String(Number(before.customer_seq) + 1).padStart(4, '0')}`);
    expect(c).toMatchObject({ city: 'İzmir', tax_office: 'Konak', tax_number: VKN, phone: '0532 111 22 33' });
    const got = await api.call<{ data: unknown }>('GET', `/customers/${c.id}`, { token: driver.token });
    expect(got.status).toBe(200);
    expect(customerSchema.parse(got.body.data).id).toBe(c.id);
  });

  it('refuses bad input with a 400 naming the field, writing nothing', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ full_name: '' }, 'full_name', /^Ad Soyad gereklidir$/],
      [{ full_name: 'A' }, 'full_name', /en az 2/],
      [{ full_name: 'x'.repeat(101) }, 'full_name', /en fazla 100/],
      [{ full_name: 'Kişi', email: 'yok' }, 'email', /Geçerli bir email adresi giriniz/],
      [{ full_name: 'Kişi', phone: '12345' }, 'phone', /telefon/],
      [{ full_name: 'Kişi', tax_number: '2701341845' }, 'tax_number', /^Vergi\/T\.C\. kimlik no: /],
      [{ full_name: 'Kişi', tax_number: '10000000147' }, 'tax_number', /^Vergi\/T\.C\. kimlik no: /],
      [{ full_name: 'Kişi', tax_number: '00000000146' }, 'tax_number', /^Vergi\/T\.C\. kimlik no: /],
      [{ full_name: 'Kişi', tax_number: '12345' }, 'tax_number', /^Vergi\/T\.C\. kimlik no: /],
      [{ full_name: 'Kişi', city: 'ş'.repeat(61) }, 'city', /^Şehir /],
      [{ full_name: 'Kişi', address: 'a'.repeat(501) }, 'address', /^Adres /],
      [{ full_name: 'Kişi\u0000' }, 'full_name', /geçersiz karakter/],
    ];
    for (const [body, field, message] of cases) {
      const r = await create(sales, { ...body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe('VALIDATION_ERROR');
      expect(r.body.field).toBe(field);
      expect(r.body.error).toMatch(message);
    }
    expect(await countRows({ full_name: 'Kişi' })).toBe(0);
    // A TCKN with valid check digits is accepted.
    const ok = await createOk(sales, { full_name: 'Kişi Tckn', tax_number: TCKN });
    expect(ok.tax_number).toBe(TCKN);
  });

  it('edits are versioned: a stale version is 409 with the customer as it is; the same values are 200', async () => {
    const c = await createOk(sales, { full_name: 'Sürüm Müşterisi', phone: '0212 555 44 33' });
    const first = await api.call<{ data: unknown }>('PUT', `/customers/${c.id}`, {
      token: sales.token,
      body: { city: 'Ankara', expected_version: c.version },
    });
    expect(first.status).toBe(200);
    const edited = customerSchema.parse(first.body.data);
    expect(edited.city).toBe('Ankara');
    expect(edited.version).toBeGreaterThan(c.version);
    expect(edited.applied_on_version).toBe(c.version);
    const stale = await api.call<{ code: string; current: unknown }>('PUT', `/customers/${c.id}`, {
      token: manager.token,
      body: { city: 'Bursa', expected_version: c.version },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('CONFLICT');
    expect(customerSchema.parse(stale.body.current).city).toBe('Ankara');
    const satisfied = await api.call('PUT', `/customers/${c.id}`, {
      token: manager.token,
      body: { city: 'Ankara', expected_version: c.version },
    });
    expect(satisfied.status).toBe(200);
    const row = await api.db
      .selectFrom('customers')
      .select('change_seq')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.change_seq)).toBe(edited.version);
    // A bad tax number in an edit is refused the same way.
    const bad = await api.call<{ field: string }>('PUT', `/customers/${c.id}`, {
      token: sales.token,
      body: { tax_number: '2701341845', expected_version: edited.version },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('tax_number');
  });

  it('soft delete: admin and manager only; the customer leaves the list, orders keep it', async () => {
    const c = await createOk(sales, { full_name: 'Silinecek Müşteri' });
    for (const s of [sales, warehouse, driver]) {
      const r = await api.call('DELETE', `/customers/${c.id}`, { token: s.token });
      expect(r.status).toBe(403);
    }
    const order = await api.call('POST', '/orders', {
      token: sales.token,
      body: {
        customer_id: c.id,
        customer_name: c.full_name,
        items: [{ product_name: 'Kalem', quantity: 1, unit_price: 5 }],
      },
    });
    expect(order.status).toBe(201);
    const del = await api.call('DELETE', `/customers/${c.id}`, { token: manager.token });
    expect(del.status).toBe(200);
    const again = await api.call('DELETE', `/customers/${c.id}`, { token: admin.token });
    expect(again.status).toBe(200);
    expect((await api.call('GET', `/customers/${c.id}`, { token: admin.token })).status).toBe(404);
    const list = await api.call<{ data: unknown }>('GET', '/customers', { token: sales.token });
    expect(customerListResponse.parse(list.body.data).customers.map((x) => x.id)).not.toContain(c.id);
    const row = await api.db
      .selectFrom('customers')
      .select('deleted_at')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    expect(orderSchema.parse((order.body as { data: unknown }).data).customer_id).toBe(c.id);
  });
});

describe('who may do what', () => {
  it('every role reads; salesperson, manager and admin create and edit; warehouse and driver may not', async () => {
    for (const s of [admin, manager, sales, warehouse, driver]) {
      const r = await api.call<{ data: unknown }>('GET', '/customers', { token: s.token });
      expect(r.status).toBe(200);
      expect(customerListResponse.parse(r.body.data).customers.length).toBeGreaterThan(0);
    }
    for (const s of [admin, manager, sales]) await createOk(s, { full_name: `Yazan ${s.user.role}` });
    const target = await createOk(sales, { full_name: 'Düzenlenecek' });
    for (const s of [warehouse, driver]) {
      const c = await create(s, { full_name: `Yazamaz ${s.user.role}` });
      expect(c.status).toBe(403);
      const u = await api.call('PUT', `/customers/${target.id}`, {
        token: s.token,
        body: { city: 'Van', expected_version: target.version },
      });
      expect(u.status).toBe(403);
    }
    expect(await countRows({ full_name: 'Yazamaz warehouse' })).toBe(0);
    // The book is shared: another salesperson sees and edits the customer.
    const list = await api.call<{ data: unknown }>('GET', '/customers', { token: sales2.token });
    expect(customerListResponse.parse(list.body.data).customers.map((c) => c.id)).toContain(target.id);
    const edit = await api.call('PUT', `/customers/${target.id}`, {
      token: sales2.token,
      body: { city: 'Van', expected_version: target.version },
    });
    expect(edit.status).toBe(200);
  });

  it('another tenant’s customer is a 404 and never listed', async () => {
    const c = await createOk(sales, { full_name: 'Kiracı Sınırı' });
    const other = await api.login('client1', 'admin');
    const r = await api.call('GET', `/customers/${c.id}`, { tenant: 'client1', token: other.token });
    expect(r.status).toBe(404);
    const put = await api.call('PUT', `/customers/${c.id}`, {
      tenant: 'client1',
      token: other.token,
      body: { city: 'Van' },
    });
    expect(put.status).toBe(404);
    // An order of the other tenant cannot name this tenant's customer (400 naming customer_id).
    const order = await api.call<{ field: string }>('POST', '/orders', {
      tenant: 'client1',
      token: other.token,
      body: {
        customer_id: c.id,
        customer_name: 'X',
        items: [{ product_name: 'Kalem', quantity: 1, unit_price: 1 }],
      },
    });
    expect(order.status).toBe(400);
    expect(order.body.field).toBe('customer_id');
    const list = await api.call<{ data: unknown }>('GET', '/customers', {
      tenant: 'client1',
      token: other.token,
      query: { search: 'Kiracı Sınırı' },
    });
    expect(customerListResponse.parse(list.body.data).customers).toHaveLength(0);
  });
});

describe('search and duplicates', () => {
  it("search folds Turkish case: 'istanbul' finds 'İstanbul', 'IŞIK' finds 'Işık'; pages are optional", async () => {
    await createOk(sales, { full_name: 'Işık Arama', city: 'İstanbul', phone: '+90 216 333 22 11' });
    const search = async (q: string) => {
      const r = await api.call<{ data: unknown }>('GET', '/customers', {
        token: sales.token,
        query: { search: q },
      });
      expect(r.status).toBe(200);
      return customerListResponse.parse(r.body.data).customers;
    };
    expect((await search('istanbul')).some((c) => c.full_name === 'Işık Arama')).toBe(true);
    expect((await search('İSTANBUL')).some((c) => c.full_name === 'Işık Arama')).toBe(true);
    expect((await search('ışık arama')).map((c) => c.full_name)).toEqual(['Işık Arama']);
    expect((await search('IŞIK ARAMA')).map((c) => c.full_name)).toEqual(['Işık Arama']);
    expect((await search('333 22 11')).map((c) => c.full_name)).toEqual(['Işık Arama']);
    // Every I-variant is one letter, as on the device: a dotted 'i' typed for the 'I' of 'Işık'.
    expect((await search('işık arama')).map((c) => c.full_name)).toEqual(['Işık Arama']);
    expect(await search('100%_yok')).toHaveLength(0);
    const paged = await api.call<{ data: unknown }>('GET', '/customers', {
      token: sales.token,
      query: { page: 2, limit: 5 },
    });
    const body = customerListResponse.parse(paged.body.data);
    expect(body.customers).toHaveLength(5);
    expect(body.pagination).toMatchObject({ page: 2, limit: 5 });
    expect(body.pagination?.total).toBeGreaterThan(10);
  });

  it('a customer with the same tax number or phone is reported (a warning, not a refusal)', async () => {
    const a = await createOk(sales, {
      full_name: 'Çift Bir',
      tax_number: '1111111114',
      phone: '0532 999 88 77',
    });
    const dup = async (query: Record<string, string>) => {
      const r = await api.call<{ data: unknown }>('GET', '/customers/duplicates', {
        token: sales.token,
        query,
      });
      expect(r.status).toBe(200);
      return customerDuplicatesResponse.parse(r.body.data).duplicates;
    };
    expect(await dup({ tax_number: '1111111114' })).toEqual([
      expect.objectContaining({ matches: ['tax_number'], customer: expect.objectContaining({ id: a.id }) }),
    ]);
    expect((await dup({ phone: '+90 (532) 999-88-77' })).map((d) => [d.customer.id, d.matches])).toEqual([
      [a.id, ['phone']],
    ]);
    expect(await dup({ phone: '+90 (532) 999-88-77', exclude_id: a.id })).toEqual([]);
    // Saving anyway works: a duplicate is the user's call.
    const b = await createOk(sales, { full_name: 'Çift İki', tax_number: '1111111114' });
    expect((await dup({ tax_number: '1111111114' })).map((d) => d.customer.id).sort()).toEqual(
      [a.id, b.id].sort(),
    );
  });
});

describe('replays', () => {
  it('a create replayed with the same client-made id creates once and answers the stored customer', async () => {
    const id = randomUUID();
    const body = { id, full_name: 'Tekrar Müşteri', city: 'Ankara' };
    const first = await createOk(sales, body);
    // Another key (a reinstalled app): the id makes it the same customer.
    const again = await api.call<{ data: unknown }>('POST', '/customers', {
      token: sales.token,
      body,
      idempotencyKey: randomUUID(),
    });
    expect(again.status).toBe(200);
    expect(customerSchema.parse(again.body.data)).toMatchObject({
      id,
      customer_number: first.customer_number,
    });
    // The same key: the stored outcome.
    const key = randomUUID();
    const keyed = { ...body, id: randomUUID() };
    const k1 = await api.call('POST', '/customers', { token: sales.token, body: keyed, idempotencyKey: key });
    const k2 = await api.call('POST', '/customers', { token: sales.token, body: keyed, idempotencyKey: key });
    expect([k1.status, k2.status]).toEqual([201, 201]);
    expect(k2.headers['idempotency-replayed']).toBe('true');
    const k3 = await api.call('POST', '/customers', {
      token: sales.token,
      body: { ...keyed, city: 'Van' },
      idempotencyKey: key,
    });
    expect(k3.status).toBe(422); // the same key with another body
    expect(await countRows({ id: keyed.id })).toBe(1);
    expect(await countRows({ id })).toBe(1);
    // Another user's id is a conflict.
    const stolen = await api.call<{ code: string }>('POST', '/customers', { token: manager.token, body });
    expect(stolen.status).toBe(409);
  });

  it('an offline customer + order pair pushed twice through /sync/push creates each once, linked', async () => {
    const customerId = randomUUID();
    const orderId = randomUUID();
    const entries = [
      {
        key: randomUUID(),
        method: 'POST',
        path: '/customers',
        body: { id: customerId, full_name: 'Sahada Açılan', company_name: 'Ege Sahil Market', city: 'İzmir' },
        record_key: `customer:${customerId}`,
      },
      {
        key: randomUUID(),
        method: 'POST',
        path: '/orders',
        body: {
          id: orderId,
          customer_id: customerId,
          customer_name: 'Ege Sahil Market',
          items: [{ product_name: 'Kalem', quantity: 2, unit_price: 12.5 }],
        },
        record_key: `order:${orderId} customer:${customerId}`,
      },
    ];
    const push = async () => {
      const r = await api.call<{ data: unknown }>('POST', '/sync/push', {
        token: sales.token,
        body: { entries },
      });
      expect(r.status).toBe(200);
      return pushResponse.parse(r.body.data).results;
    };
    const first = await push();
    expect(first.map((x) => (x.outcome === 'answered' ? x.status : x.outcome))).toEqual([201, 201]);
    const second = await push();
    expect(second.map((x) => (x.outcome === 'answered' ? [x.status, x.replayed] : x.outcome))).toEqual([
      [201, true],
      [201, true],
    ]);
    expect(await countRows({ id: customerId })).toBe(1);
    const orders = await api.db
      .selectFrom('orders')
      .select(['id', 'customer_id'])
      .where('id', '=', orderId)
      .execute();
    expect(orders).toEqual([{ id: orderId, customer_id: customerId }]);
  });

  it('an order naming a customer that was never created fails naming customer_id; in a batch it is held behind a refused customer', async () => {
    const ghost = randomUUID();
    const alone = await api.call<{ field: string; error: string }>('POST', '/orders', {
      token: sales.token,
      body: {
        customer_id: ghost,
        customer_name: 'Hayalet',
        items: [{ product_name: 'Kalem', quantity: 1, unit_price: 1 }],
      },
    });
    expect(alone.status).toBe(400);
    expect(alone.body.field).toBe('customer_id');
    const orderId = randomUUID();
    const r = await api.call<{ data: unknown }>('POST', '/sync/push', {
      token: sales.token,
      body: {
        entries: [
          {
            key: randomUUID(),
            method: 'POST',
            path: '/customers',
            body: { id: ghost, full_name: 'X' },
            record_key: `customer:${ghost}`,
          },
          {
            key: randomUUID(),
            method: 'POST',
            path: '/orders',
            body: {
              id: orderId,
              customer_id: ghost,
              customer_name: 'X',
              items: [{ product_name: 'Kalem', quantity: 1, unit_price: 1 }],
            },
            record_key: `order:${orderId} customer:${ghost}`,
          },
        ],
      },
    });
    const results = pushResponse.parse(r.body.data).results;
    expect(results[0]).toMatchObject({ outcome: 'answered', status: 400 });
    expect(results[1]).toMatchObject({ outcome: 'held', reason: 'record' });
    expect((await api.db.selectFrom('orders').select('id').where('id', '=', orderId).execute()).length).toBe(
      0,
    );
  });
});
