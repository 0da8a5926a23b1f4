import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import { LOG_COUNT_CAP } from '../../src/shared/api/admin';
import { MAX_EMAIL_LENGTH, MAX_EMAIL_LOCAL_LENGTH, MAX_PAGE } from '../../src/shared/api/common';
import type { Order, Product } from '../../src/shared/api/entities';
import { MAX_ORDER_TOTAL_TL, MAX_UNIT_PRICE_TL } from '../../src/shared/domain/money';
import type { Role } from '../../src/shared/domain/roles';
import { type Api, type CallResult, type Session, startApi } from './support/harness';
import { pullAll } from './support/pull';

/**
 * "No 500 for anything a client can send; every string and number has a bound",
 * through HTTP against the seeded database: control characters (NUL first: the database refuses
 * it outright) and over-long values in every text field of every write endpoint and in every
 * search, the sync cursor and page bounds, money edge cases, and least data (cost_price only for
 * admin/manager). Every refusal is a 400 naming the field, with nothing written.
 */
let api: Api;
let admin: Session;
let manager: Session;
let sales: Session;
let warehouse: Session;
let driver: Session;

beforeAll(async () => {
  api = await startApi();
  [admin, manager, sales, warehouse, driver] = await Promise.all([
    api.login('demo', 'admin'),
    api.login('demo', 'manager'),
    api.login('demo', 'sales'),
    api.login('demo', 'warehouse'),
    api.login('demo', 'driver'),
  ]);
});
afterAll(async () => api?.close());

type Envelope<T = unknown> = { success: boolean; data: T; code?: string; error?: string; field?: string };

const TABLES = [
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
] as const satisfies readonly (keyof Database)[];

/** Row count of every table a request could write to. */
async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await api.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

/** Expects a 400 VALIDATION_ERROR naming `field` (in `field` and in the message). */
function expectRefused(r: CallResult, field: string, what: string) {
  expect(r.status, `${what}: ${r.raw}`).toBe(400);
  expect(r.body, what).toMatchObject({ success: false, code: 'VALIDATION_ERROR', field });
  expect(String(r.body.error), what).toMatch(/[ğüşıöçĞÜŞİÖÇ]|gereklidir|geçersiz|olabilir/);
}

/** Runs `send`, expects a 400 naming `field`, and that no table changed. */
async function refusedAndNothingWritten(field: string, what: string, send: () => Promise<CallResult>) {
  const before = await counts();
  const r = await send();
  expectRefused(r, field, what);
  expect(await counts(), what).toEqual(before);
  return r;
}

function orderBody(overrides: Record<string, unknown> = {}) {
  return {
    customer_name: 'Girdi Kuralları Ltd.',
    customer_phone: '+90 555 000 00 00',
    customer_email: 'girdi@example.com.tr',
    customer_address: 'Cumhuriyet Cad. No:5\nŞişli / İstanbul',
    items: [{ product_name: 'Kalem', quantity: 2, unit_price: 12.5 }],
    notes: 'Kapıya bırakın\n\tzil çalışmıyor',
    ...overrides,
  };
}

async function createOrder(s: Session, body: Record<string, unknown>) {
  return api.call<Envelope<Order>>('POST', '/orders', { tenant: s.tenant, token: s.token, body });
}

/** The characters no text field may carry (NUL first), and where multi-line fields differ. */
const FORBIDDEN = {
  NUL: '\u0000',
  BEL: '\u0007',
  ESC: '\u001b',
  DEL: '\u007f',
  C1: '\u0085',
  'lone surrogate': '\ud800',
} as const;

describe('text fields: no control characters, bounded (400 naming the field, nothing written)', () => {
  it('login: a NUL in username or password is a 400 naming the field, before any look-up', async () => {
    for (const [name, ch] of Object.entries(FORBIDDEN)) {
      const r = await refusedAndNothingWritten('username', `login username ${name}`, () =>
        api.call('POST', '/auth/login', { body: { username: `sales${ch}`, password: 'x' } }),
      );
      expect(r.body.error).toBe('Kullanıcı adı geçersiz karakter içeriyor');
    }
    await refusedAndNothingWritten('password', 'login password NUL', () =>
      api.call('POST', '/auth/login', { body: { username: 'sales', password: `a\u0000b` } }),
    );
    await refusedAndNothingWritten('username', 'login username too long', () =>
      api.call('POST', '/auth/login', { body: { username: 'u'.repeat(101), password: 'x' } }),
    );
    await refusedAndNothingWritten('password', 'login password too long', () =>
      api.call('POST', '/auth/login', { body: { username: 'sales', password: 'p'.repeat(201) } }),
    );
    // The spec's own messages for missing fields stay.
    const empty = await api.call('POST', '/auth/login', { body: { username: ' ', password: 'x' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Kullanıcı adı ve şifre gereklidir.');
  });

  it('register: every field', async () => {
    const valid = {
      username: 'girdi.kurali',
      password: 'gizli123',
      full_name: 'Girdi Kuralı',
      email: 'girdi@example.com',
      phone: '+90 555 000 11 22',
    };
    for (const field of Object.keys(valid) as (keyof typeof valid)[]) {
      await refusedAndNothingWritten(field, `register ${field} NUL`, () =>
        api.call('POST', '/auth/register', { body: { ...valid, [field]: `${valid[field]}\u0000x` } }),
      );
    }
    const tooLong = {
      username: 'u'.repeat(51),
      password: 'p'.repeat(201),
      full_name: 'A'.repeat(101),
      email: `${'a'.repeat(64)}@${'b'.repeat(186)}.com`, // 255 characters
      phone: '5'.repeat(31),
    };
    expect(tooLong.email).toHaveLength(MAX_EMAIL_LENGTH + 1);
    for (const field of Object.keys(tooLong) as (keyof typeof tooLong)[]) {
      await refusedAndNothingWritten(field, `register ${field} too long`, () =>
        api.call('POST', '/auth/register', { body: { ...valid, [field]: tooLong[field] } }),
      );
    }
  });

  it('profile: every field, e-mail at most 254 characters (254 accepted)', async () => {
    const fields = {
      full_name: 'Zeynep Kaya',
      email: 'zeynep@example.com',
      phone: '+90 555 123 45 67',
      current_password: 'x',
      new_password: 'yenisifre1',
    };
    const userRow = () =>
      api.db.selectFrom('users').selectAll().where('id', '=', sales.user.id).executeTakeFirstOrThrow();
    const before = await userRow();
    for (const field of Object.keys(fields) as (keyof typeof fields)[]) {
      for (const [name, ch] of Object.entries(FORBIDDEN)) {
        await refusedAndNothingWritten(field, `profile ${field} ${name}`, () =>
          api.call('PUT', '/auth/profile', {
            token: sales.token,
            body: { current_password: 'x', [field]: `${fields[field]}${ch}` },
          }),
        );
      }
    }
    const email255 = `${'a'.repeat(64)}@${'b'.repeat(186)}.com`;
    const r = await refusedAndNothingWritten('email', 'profile email 255', () =>
      api.call('PUT', '/auth/profile', { token: sales.token, body: { email: email255 } }),
    );
    expect(r.body.error).toBe('E-posta en fazla 254 karakter olabilir');
    await refusedAndNothingWritten('email', 'profile email 60 KB', () =>
      api.call('PUT', '/auth/profile', { token: sales.token, body: { email: `${'a'.repeat(60_000)}@x.co` } }),
    );
    expect(await userRow()).toEqual(before);

    const email254 = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
    const ok = await api.call<Envelope<{ email: string }>>('PUT', '/auth/profile', {
      token: sales.token,
      body: { email: email254 },
    });
    expect(ok.status, ok.raw).toBe(200);
    expect(ok.body.data.email).toBe(email254);
    if (before.email)
      await api.call('PUT', '/auth/profile', { token: sales.token, body: { email: before.email } });
  });

  it('e-mail addresses: one rule wherever one is taken (local part ≤ 64, whole ≤ 254)', async () => {
    const local65 = `${'a'.repeat(MAX_EMAIL_LOCAL_LENGTH + 1)}@example.com`;
    const local200 = `${'a'.repeat(200)}@example.com`;
    const local64 = `${'a'.repeat(MAX_EMAIL_LOCAL_LENGTH)}@example.com`;
    const created = await createOrder(sales, orderBody());
    expect(created.status, created.raw).toBe(201);
    const id = created.body.data.id;
    const orderRow = () =>
      api.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const userRow = () =>
      api.db.selectFrom('users').selectAll().where('id', '=', sales.user.id).executeTakeFirstOrThrow();
    const [orderBefore, userBefore] = [await orderRow(), await userRow()];
    const takers: [field: string, where: string, send: (email: string) => Promise<CallResult>][] = [
      [
        'email',
        'POST /auth/register',
        (email) =>
          api.call('POST', '/auth/register', {
            body: { username: 'eposta.kurali', password: 'gizli123', full_name: 'E Posta', email },
          }),
      ],
      [
        'email',
        'PUT /auth/profile',
        (email) => api.call('PUT', '/auth/profile', { token: sales.token, body: { email } }),
      ],
      ['customer_email', 'POST /orders', (email) => createOrder(sales, orderBody({ customer_email: email }))],
      [
        'customer_email',
        'PUT /orders/{id}',
        (email) => api.call('PUT', `/orders/${id}`, { token: sales.token, body: { customer_email: email } }),
      ],
    ];
    for (const [field, where, send] of takers) {
      for (const email of [local65, local200]) {
        const r = await refusedAndNothingWritten(field, `${where} local part ${email.indexOf('@')}`, () =>
          send(email),
        );
        expect(r.body.error).toBe(
          `E-posta: @ işaretinden önceki kısım en fazla ${MAX_EMAIL_LOCAL_LENGTH} karakter olabilir`,
        );
      }
    }
    expect(await orderRow()).toEqual(orderBefore);
    expect(await userRow()).toEqual(userBefore);
    // 64 characters before the '@' are an address like any other.
    const ok = await createOrder(sales, orderBody({ customer_email: local64 }));
    expect(ok.status, ok.raw).toBe(201);
    expect(ok.body.data.customer_email).toBe(local64);
  });

  it('POST /orders: every text field; multi-line fields keep line breaks and tabs', async () => {
    const fields: [string, (v: string) => Record<string, unknown>][] = [
      ['customer_name', (v) => orderBody({ customer_name: v })],
      ['customer_phone', (v) => orderBody({ customer_phone: v })],
      ['customer_email', (v) => orderBody({ customer_email: `a${v}@example.com` })],
      ['customer_address', (v) => orderBody({ customer_address: v })],
      ['notes', (v) => orderBody({ notes: v })],
      [
        'items[0].product_name',
        (v) => orderBody({ items: [{ product_name: v, quantity: 1, unit_price: 1 }] }),
      ],
    ];
    for (const [field, body] of fields) {
      for (const [name, ch] of Object.entries(FORBIDDEN)) {
        await refusedAndNothingWritten(field, `create ${field} ${name}`, () =>
          createOrder(sales, body(`Değer ${ch} sonu`)),
        );
      }
      await refusedAndNothingWritten(field, `create ${field} too long`, () =>
        createOrder(sales, body('x'.repeat(2001))),
      );
    }
    // A line break is a control character in a one-line field…
    await refusedAndNothingWritten('customer_name', 'customer_name with a line break', () =>
      createOrder(sales, orderBody({ customer_name: 'Bir\nİki' })),
    );
    // …and allowed in notes and the address.
    const ok = await createOrder(sales, orderBody());
    expect(ok.status, ok.raw).toBe(201);
    expect(ok.body.data.notes).toBe('Kapıya bırakın\n\tzil çalışmıyor');
    expect(ok.body.data.customer_address).toBe('Cumhuriyet Cad. No:5\nŞişli / İstanbul');
  });

  it('PUT /orders/{id}, status and assign-driver: every text field', async () => {
    const created = await createOrder(sales, orderBody());
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const orderRow = () =>
      api.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const before = await orderRow();
    const put = (body: Record<string, unknown>) =>
      api.call('PUT', `/orders/${id}`, { tenant: admin.tenant, token: admin.token, body });
    const updates: [string, (v: string) => Record<string, unknown>][] = [
      ['customer_name', (v) => ({ customer_name: v })],
      ['customer_phone', (v) => ({ customer_phone: v })],
      ['customer_email', (v) => ({ customer_email: `a${v}@example.com` })],
      ['customer_address', (v) => ({ customer_address: v })],
      ['notes', (v) => ({ notes: v })],
      ['vehicle_plate', (v) => ({ vehicle_plate: v })],
      ['items[0].product_name', (v) => ({ items: [{ product_name: v, quantity: 1, unit_price: 1 }] })],
    ];
    for (const [field, body] of updates) {
      await refusedAndNothingWritten(field, `update ${field} NUL`, () => put(body('a\u0000b')));
      await refusedAndNothingWritten(field, `update ${field} too long`, () => put(body('x'.repeat(2001))));
    }
    await refusedAndNothingWritten('notes', 'status notes NUL', () =>
      api.call('PATCH', `/orders/${id}/status`, {
        tenant: manager.tenant,
        token: manager.token,
        body: { status: 'cancelled', notes: 'iptal\u0000' },
      }),
    );
    await refusedAndNothingWritten('notes', 'status notes too long', () =>
      api.call('PATCH', `/orders/${id}/status`, {
        tenant: manager.tenant,
        token: manager.token,
        body: { status: 'cancelled', notes: 'n'.repeat(1001) },
      }),
    );
    for (const plate of ['34 ABC\u0000 12', '34 ABC\n12', 'P'.repeat(21)]) {
      await refusedAndNothingWritten('vehicle_plate', `assign-driver plate ${JSON.stringify(plate)}`, () =>
        api.call('PATCH', `/orders/${id}/assign-driver`, {
          tenant: manager.tenant,
          token: manager.token,
          body: { driver_id: driver.user.id, vehicle_plate: plate },
        }),
      );
    }
    expect(await orderRow()).toEqual(before);
  });

  it('searches and text filters of every list: NUL and over-long → 400 naming the parameter', async () => {
    const lists: [Session, string, string, number][] = [
      [sales, '/orders', 'search', 100],
      [sales, '/products', 'search', 100],
      [sales, '/products', 'category', 100],
      [sales, '/products', 'brand', 100],
      [sales, '/customers', 'search', 100],
      [admin, '/admin/logs', 'search', 200],
      [admin, '/admin/logs', 'action', 100],
      [admin, '/admin/logs', 'entity_id', 100],
    ];
    // A URL cannot carry a lone surrogate (percent-decoding makes it U+FFFD), so the others.
    const { 'lone surrogate': _surrogate, ...inUrls } = FORBIDDEN;
    for (const [s, path, param, max] of lists) {
      for (const [name, ch] of Object.entries(inUrls)) {
        await refusedAndNothingWritten(param, `${path}?${param} ${name}`, () =>
          api.call('GET', path, { tenant: s.tenant, token: s.token, query: { [param]: `ka${ch}lem` } }),
        );
      }
      await refusedAndNothingWritten(param, `${path}?${param} too long`, () =>
        api.call('GET', path, { tenant: s.tenant, token: s.token, query: { [param]: 'k'.repeat(max + 1) } }),
      );
      const ok = await api.call('GET', path, {
        tenant: s.tenant,
        token: s.token,
        query: { [param]: 'kalem' },
      });
      expect(ok.status, `${path}?${param} plain`).toBe(200);
    }
    // Raw URLs with broken percent-encodings: answered (200 or 400), never a 500.
    for (const raw of ['%ED%A0%80', '%FF', '%', '%C0%80', '%00%00']) {
      const r = await api.app.inject({
        method: 'GET',
        url: `/api/products?tenant=demo&search=${raw}`,
        headers: { authorization: `Bearer ${sales.token}` },
      });
      expect([200, 400], `search=${raw}: ${r.body}`).toContain(r.statusCode);
    }
  });
});

describe('numbers in queries are bounded', () => {
  it('sync cursor: digits only, at most 2^53 − 1 (past it → 400 "cursor", never a 500)', async () => {
    for (const cursor of [
      '99999999999999999999',
      '9999999999999999999', // 19 digits: passed the old pattern and overflowed bigint (500)
      '9223372036854775808',
      '9007199254740992',
      '-1',
      'abc',
      '1.5',
      '1e3',
      '',
      ' 1',
    ]) {
      const r = await refusedAndNothingWritten('cursor', `cursor ${JSON.stringify(cursor)}`, () =>
        api.call('GET', '/sync/pull', { tenant: sales.tenant, token: sales.token, query: { cursor } }),
      );
      expect(r.body.error).toBe('Eşitleme konumu geçersiz');
    }
    const top = await api.call<Envelope<{ cursor: string; has_more: boolean }>>('GET', '/sync/pull', {
      tenant: sales.tenant,
      token: sales.token,
      query: { cursor: String(Number.MAX_SAFE_INTEGER) },
    });
    expect(top.status, top.raw).toBe(200);
    expect(top.body.data.has_more).toBe(false);
  });

  it('page and limit of every list have an upper bound', async () => {
    // The system log pages through its newest entries only (older ones by narrowing the dates):
    // its last page is the one that reaches LOG_COUNT_CAP entries at the default 50 a page.
    const lists: [Session, string, number][] = [
      [sales, '/orders', MAX_PAGE],
      [sales, '/products', MAX_PAGE],
      [sales, '/notifications', MAX_PAGE],
      [admin, '/admin/logs', LOG_COUNT_CAP / 50],
    ];
    for (const [s, path, lastPage] of lists) {
      for (const page of [lastPage + 1, '1e400', 1.5, 0, -1, 'abc']) {
        await refusedAndNothingWritten('page', `${path}?page=${page}`, () =>
          api.call('GET', path, { tenant: s.tenant, token: s.token, query: { page } }),
        );
      }
      for (const limit of [100_000, 0, 'x']) {
        await refusedAndNothingWritten('limit', `${path}?limit=${limit}`, () =>
          api.call('GET', path, { tenant: s.tenant, token: s.token, query: { limit } }),
        );
      }
      const last = await api.call('GET', path, {
        tenant: s.tenant,
        token: s.token,
        query: { page: lastPage },
      });
      expect(last.status, `${path}?page=${lastPage}`).toBe(200);
    }
    for (const [path, max] of [
      ['/orders/recent', 50],
      ['/orders/role/salesperson', 200],
    ] as const) {
      await refusedAndNothingWritten('limit', `${path}?limit too big`, () =>
        api.call('GET', path, { tenant: sales.tenant, token: sales.token, query: { limit: max + 1 } }),
      );
    }
  });
});

describe('money: integer kuruş ≥ 1, exact two decimals, bounded totals', () => {
  const storedOrder = (id: string) =>
    api.db.selectFrom('orders').select(['total_amount']).where('id', '=', id).executeTakeFirstOrThrow();

  it('a unit price below one kuruş (1e-9, 0.001) or with a third decimal is refused, never a zero line', async () => {
    for (const unit_price of [1e-9, 0.001, 0.005, 1.005, 12.345, 1e-7, 0, -1, MAX_UNIT_PRICE_TL + 0.01]) {
      await refusedAndNothingWritten('items[0].unit_price', `unit_price ${unit_price}`, () =>
        createOrder(sales, orderBody({ items: [{ product_name: 'Kalem', quantity: 1, unit_price }] })),
      );
    }
    const cent = await createOrder(
      sales,
      orderBody({ items: [{ product_name: 'Kalem', quantity: 3, unit_price: 0.01 }] }),
    );
    expect(cent.status, cent.raw).toBe(201);
    expect(cent.body.data.items[0]?.unit_price_kurus).toBe(1);
    expect(cent.body.data.total_amount_kurus).toBe(3);
  });

  it('134217728.48 with matching lines is accepted, stored exactly and read back exactly', async () => {
    // 16 × 8.388.608,03 = 134.217.728,48 — past 2^27 TL, where the old float tolerance refused it.
    const body = orderBody({
      items: [{ product_name: 'Sunucu', quantity: 16, unit_price: 8388608.03 }],
      total_amount: 134217728.48,
    });
    const r = await createOrder(sales, body);
    expect(r.status, r.raw).toBe(201);
    expect(r.body.data.total_amount).toBe(134217728.48);
    expect(r.body.data.total_amount_kurus).toBe(13421772848);
    expect(r.body.data.items[0]?.unit_price).toBe(8388608.03);
    expect(r.body.data.items[0]?.unit_price_kurus).toBe(838860803);
    expect(r.body.data.items[0]?.total_price_kurus).toBe(13421772848);
    expect(String((await storedOrder(r.body.data.id)).total_amount)).toBe('134217728.48');
    const read = await api.call<Envelope<Order>>('GET', `/orders/${r.body.data.id}`, {
      tenant: sales.tenant,
      token: sales.token,
    });
    expect(read.body.data.total_amount).toBe(134217728.48);
    expect(read.body.data.total_amount_kurus).toBe(13421772848);
    // Other exact amounts the float check used to refuse.
    for (const [quantity, unit_price, total] of [
      [1, 9999999.99, 9999999.99],
      [100, 9999999.99, 999999999],
      [3, 0.1, 0.3],
    ] as const) {
      const ok = await createOrder(
        sales,
        orderBody({ items: [{ product_name: 'X', quantity, unit_price }], total_amount: total }),
      );
      expect(ok.status, `${quantity} × ${unit_price} = ${total}: ${ok.raw}`).toBe(201);
      expect(ok.body.data.total_amount).toBe(total);
    }
  });

  it('the maximum order total (1.000.000.000 TL) is accepted; 0,01 more is refused', async () => {
    const max = await createOrder(
      sales,
      orderBody({
        items: [{ product_name: 'Tesis', quantity: 100, unit_price: MAX_UNIT_PRICE_TL }],
        total_amount: MAX_ORDER_TOTAL_TL,
      }),
    );
    expect(max.status, max.raw).toBe(201);
    expect(max.body.data.total_amount).toBe(MAX_ORDER_TOTAL_TL);
    expect(String((await storedOrder(max.body.data.id)).total_amount)).toBe('1000000000.00');

    const overLines = [
      { product_name: 'Tesis', quantity: 100, unit_price: MAX_UNIT_PRICE_TL },
      { product_name: 'Vida', quantity: 1, unit_price: 0.01 },
    ];
    const r = await refusedAndNothingWritten('items', 'lines summing to max + 0.01', () =>
      createOrder(sales, orderBody({ items: overLines })),
    );
    expect(r.body.error).toBe('Sipariş toplamı en fazla 1.000.000.000,00 TL olabilir');
    await refusedAndNothingWritten('items', 'lines summing to max + 0.01, with total_amount', () =>
      createOrder(sales, orderBody({ items: overLines, total_amount: MAX_ORDER_TOTAL_TL + 0.01 })),
    );
    await refusedAndNothingWritten('total_amount', 'total_amount max + 0.01', () =>
      createOrder(sales, orderBody({ total_amount: MAX_ORDER_TOTAL_TL + 0.01 })),
    );
    await refusedAndNothingWritten('total_amount', 'total_amount 1e-9', () =>
      createOrder(sales, orderBody({ total_amount: 25.000000001 })),
    );
  });

  it('quantity × unit price past the maximum is refused naming the line (create and edit)', async () => {
    // The outside test's case: 1000 × 10.000.000 TL overflowed numeric(12,2) (a 500).
    const huge = [
      { product_name: 'Kalem', quantity: 1, unit_price: 5 },
      { product_name: 'Gemi', quantity: 1000, unit_price: MAX_UNIT_PRICE_TL },
    ];
    const r = await refusedAndNothingWritten('items[1].unit_price', 'line overflow on create', () =>
      createOrder(sales, orderBody({ items: huge })),
    );
    expect(r.body.error).toContain('1.000.000.000,00 TL');
    const created = await createOrder(sales, orderBody());
    const before = await api.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', created.body.data.id)
      .executeTakeFirstOrThrow();
    await refusedAndNothingWritten('items[1].unit_price', 'line overflow on edit', () =>
      api.call('PUT', `/orders/${created.body.data.id}`, {
        tenant: sales.tenant,
        token: sales.token,
        body: { items: huge },
      }),
    );
    expect(
      await api.db
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', created.body.data.id)
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
  });
});

describe('least data: cost_price only for admin and manager', () => {
  const sessions = (): [Role, Session][] => [
    ['admin', admin],
    ['manager', manager],
    ['salesperson', sales],
    ['warehouse', warehouse],
    ['driver', driver],
  ];

  it('GET /products and GET /sync/pull carry cost_price keys only for admin and manager', async () => {
    for (const [role, s] of sessions()) {
      const sees = role === 'admin' || role === 'manager';
      const list = await api.call<{ data: Product[] }>('GET', '/products', {
        tenant: s.tenant,
        token: s.token,
        query: { limit: 100 },
      });
      expect(list.status).toBe(200);
      expect(list.body.data.length, role).toBeGreaterThan(0);
      for (const product of list.body.data) {
        expect('cost_price' in product, `${role} /products cost_price`).toBe(sees);
        expect('cost_price_kurus' in product, `${role} /products cost_price_kurus`).toBe(sees);
      }
      expect(list.raw.includes('cost_price'), `${role} /products raw`).toBe(sees);
      if (sees) expect(list.body.data.some((p) => typeof p.cost_price_kurus === 'number')).toBe(true);

      const pages = await pullAll(api, s);
      const products = pages.flatMap((p) => p.products.upserts);
      expect(products.length, role).toBeGreaterThan(0);
      for (const product of products) {
        expect('cost_price' in product, `${role} sync cost_price`).toBe(sees);
        expect('cost_price_kurus' in product, `${role} sync cost_price_kurus`).toBe(sees);
      }
    }
  });
});
