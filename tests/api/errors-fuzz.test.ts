import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prng } from '../../src/server/lib/prng';
import { MESSAGES } from '../../src/shared/api/errors';
import { type Api, type CallResult, type Session, startApi } from './support/harness';

let api: Api;
let sales: Session;
beforeAll(async () => {
  api = await startApi();
  sales = await api.login('demo', 'sales');
});
afterAll(async () => api?.close());

function expectEnvelope(r: CallResult) {
  expect(r.body).toMatchObject({
    success: false,
    error: expect.any(String),
    code: expect.stringMatching(/^[A-Z_]+$/),
  });
  expect(r.raw).not.toMatch(/\bat\s+\S+\s+\(|stack|node_modules|SELECT |syntax error at/i);
}

describe('error envelope', () => {
  it('unknown /api routes are a JSON 404, with or without a tenant', async () => {
    for (const [method, path, tenant] of [
      ['GET', '/nope', 'demo'],
      ['POST', '/orders/123/explode', 'demo'],
      ['GET', '/nope', null],
      ['DELETE', '/notifications', 'demo'],
    ] as const) {
      const r = await api.call(method, path, { tenant });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body).toEqual({ success: false, error: MESSAGES.routeNotFound, code: 'NOT_FOUND' });
      expect(r.headers['content-type']).toMatch(/application\/json/);
    }
  });

  it('invalid JSON → 400, wrong media type → 415, too large → 413, nothing written', async () => {
    const bad = await api.call('POST', '/auth/login', {
      payload: '{"username": "sales", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, error: MESSAGES.invalidJson, code: 'VALIDATION_ERROR' });
    const text = await api.call('POST', '/auth/login', {
      payload: 'username=sales',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    expect(text.body).toEqual({
      success: false,
      error: MESSAGES.unsupportedMediaType,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    const huge = await api.call('PUT', '/auth/profile', {
      token: sales.token,
      body: { full_name: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ success: false, error: MESSAGES.payloadTooLarge, code: 'PAYLOAD_TOO_LARGE' });
    const row = await api.db
      .selectFrom('users')
      .select('full_name')
      .where('id', '=', sales.user.id)
      .executeTakeFirstOrThrow();
    expect(row.full_name).toBe('Zeynep Kaya');
  });

  it('sends the security headers (CSP fit for the PWA) on API responses', async () => {
    const r = await api.call('GET', '/tenants/info');
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(r.headers['referrer-policy']).toBe('no-referrer');
  });

  it('GET /health needs no tenant and checks the database', async () => {
    const r = await api.call('GET', '/health', { tenant: null });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, data: { status: 'ok', database: 'ok' } });
  });
});

describe('no 500 for anything a client can send', () => {
  const rng = new Prng('fuzz');
  const strings = [
    '',
    ' ',
    'a',
    '\u0000',
    'İıŞşĞğ',
    '%00',
    '../../etc/passwd',
    "' OR 1=1 --",
    '<script>',
    'x'.repeat(5000),
    '9'.repeat(40),
    '-1',
    '1e309',
    'NaN',
    'null',
    'true',
    '[]',
    '{}',
  ];
  function junk(depth = 0): unknown {
    const roll = rng.int(0, 9);
    if (depth > 2 || roll < 3)
      return rng.pick<unknown>([null, true, false, 0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER, ...strings]);
    if (roll < 6) return Array.from({ length: rng.int(0, 3) }, () => junk(depth + 1));
    const obj: Record<string, unknown> = {};
    for (const key of [
      'username',
      'password',
      'full_name',
      'email',
      'phone',
      'current_password',
      'new_password',
      '__proto__',
      'constructor',
      'role',
      // order fields (POST/PUT /orders, status, assign-driver)
      'id',
      'customer_id',
      'customer_name',
      'customer_email',
      'items',
      'product_id',
      'product_name',
      'quantity',
      'unit_price',
      'total_amount',
      'notes',
      'status',
      'expected_status',
      'driver_id',
      'vehicle_plate',
      rng.pick(strings),
    ]) {
      if (rng.chance(0.5)) obj[key] = junk(depth + 1);
    }
    return obj;
  }

  it('junk bodies, ids, queries and headers get 4xx envelopes (or success), never 500', async () => {
    const ids = [
      'not-a-uuid',
      '00000000-0000-0000-0000-000000000000',
      '%E2%80%AE',
      'x'.repeat(300),
      '1;DROP TABLE users',
      encodeURIComponent('../../'),
    ];
    // A real order of the caller too, so junk also reaches the services, not only the validators.
    const own = await api.db
      .selectFrom('orders')
      .select('id')
      .where('tenant_id', '=', 'demo')
      .where('salesperson_id', '=', sales.user.id)
      .executeTakeFirstOrThrow();
    ids.push(own.id, own.id);
    const results: { label: string; r: CallResult }[] = [];
    for (let i = 0; i < 160; i++) {
      const body = junk();
      const token = rng.chance(0.7) ? sales.token : rng.pick(['x', `${sales.token}x`, 'Bearer', '']);
      const key = rng.chance(0.3) ? rng.pick(['k', ' ', 'é', 'a'.repeat(250)]) : undefined;
      const headers: Record<string, string> = {};
      if (key !== undefined) headers['idempotency-key'] = key;
      const calls: [string, string, Parameters<Api['call']>[2]][] = [
        ['POST', '/auth/login', { body, headers }],
        ['POST', '/auth/register', { body, headers }],
        ['PUT', '/auth/profile', { token, body, headers }],
        ['PATCH', `/notifications/${rng.pick(ids)}/read`, { token, body, headers }],
        ['DELETE', `/notifications/${rng.pick(ids)}`, { token, headers }],
        ['PATCH', '/notifications/mark-all-read', { token, body, headers }],
        ['GET', '/sync/pull', { token, query: { cursor: rng.pick(strings), limit: rng.pick(strings) } }],
        [
          'GET',
          '/notifications',
          { token, query: { page: rng.pick(strings), limit: rng.pick(strings), unread: rng.pick(strings) } },
        ],
        ['GET', '/tenants/info', { tenant: rng.pick(['demo', ...strings]) }],
        ['POST', '/orders', { token, body, headers }],
        ['PUT', `/orders/${rng.pick(ids)}`, { token, body, headers }],
        ['PATCH', `/orders/${rng.pick(ids)}/status`, { token, body, headers }],
        ['PATCH', `/orders/${rng.pick(ids)}/assign-driver`, { token, body, headers }],
        ['DELETE', `/orders/${rng.pick(ids)}`, { token, headers }],
        ['GET', `/orders/${rng.pick(ids)}`, { token }],
        [
          'GET',
          '/orders',
          {
            token,
            query: {
              page: rng.pick(strings),
              limit: rng.pick(strings),
              status: rng.pick(strings),
              search: rng.pick(strings),
              salesperson_id: rng.pick(strings),
            },
          },
        ],
        [
          'GET',
          `/orders/role/${encodeURIComponent(rng.pick(strings))}`,
          { token, query: { limit: rng.pick(strings) } },
        ],
        ['GET', '/orders/recent', { token, query: { limit: rng.pick(strings) } }],
        [
          'GET',
          '/products',
          {
            token,
            query: {
              search: rng.pick(strings),
              sort_by: rng.pick(strings),
              sort_order: rng.pick(strings),
              page: rng.pick(strings),
              category: rng.pick(strings),
            },
          },
        ],
        ['GET', '/customers', { token, query: { search: rng.pick(strings) } }],
      ];
      const [method, path, options] = rng.pick(calls);
      results.push({
        label: `${method} ${path} ${JSON.stringify(options).slice(0, 200)}`,
        r: await api.call(method, path, options),
      });
    }
    // Some fixed nasties too.
    results.push({
      label: 'duplicate tenant',
      r: await api.call('GET', '/tenants/info', { tenant: null, query: { tenant: 'demo' }, headers: {} }),
    });
    results.push({
      label: 'array tenant',
      r: await api.app
        .inject({ method: 'GET', url: '/api/tenants/info?tenant=demo&tenant=client1' })
        .then((res) => ({
          status: res.statusCode,
          body: JSON.parse(res.body),
          headers: res.headers,
          raw: res.body,
        })),
    });
    results.push({
      label: 'deep json',
      r: await api.call('POST', '/auth/login', {
        payload: `${'['.repeat(5000)}${']'.repeat(5000)}`,
        headers: { 'content-type': 'application/json' },
      }),
    });
    results.push({
      label: 'proto',
      r: await api.call('POST', '/auth/login', {
        payload: '{"__proto__":{"admin":true},"username":"sales","password":"x"}',
        headers: { 'content-type': 'application/json' },
      }),
    });

    for (const { label, r } of results) {
      expect(r.status, label).toBeLessThan(500);
      if (r.status >= 400) {
        if (!(r.body as { code?: string })?.code) console.log(label, r.status, r.raw);
        expectEnvelope(r);
      }
    }
  });
});
