import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api/endpoints';
import { ROUTES } from '../../src/shared/api/routes';
import { type Api, startApi } from './support/harness';
import { bodyShape } from './support/schemas';
import { testRoutes } from './support/test-routes';

/**
 * Auth by default: every /api route answers 401 without a token unless its endpoint entry says
 * `public` — including a route registered without an entry (the test routes) — and the public list
 * is exactly the intended one.
 */
let api: Api;
beforeAll(async () => {
  api = await startApi({ routes: [testRoutes({ current: null })] });
});
afterAll(async () => api?.close());

const PUBLIC = [
  'GET /api/health',
  'GET /api/openapi.json',
  'GET /api/tenants/info',
  'POST /api/auth/login',
  'POST /api/auth/register',
  // a forgotten password: asked for and set by someone who cannot sign in
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  // an <img> sends no token: product images are keyed by their content hash, per tenant
  'GET /api/products/images/:hash',
  // the company logo, for the same reason (the top bar, the login screen, a delivery note)
  'GET /api/tenants/logo/:hash',
  // a company's sign-up, by someone who has no account yet: the form's token, the live subdomain
  // check, the sign-up itself and the e-mailed verification link
  'GET /api/company-registrations/form',
  'GET /api/company-registrations/subdomain-check',
  'POST /api/company-registrations',
  'POST /api/company-registrations/verify-email',
];

const apiRoutes = () =>
  api.app.registeredRoutes.filter(
    (r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS',
  );

const concrete = (url: string) =>
  url.replace(/:[A-Za-z_]\w*/g, (m) => (m === ':role' ? 'manager' : '00000000-0000-4000-8000-000000000000'));

describe('route walker', () => {
  it('the public routes are exactly login, register, the password reset pair, tenant info, health, the OpenAPI document, product images, the company logo and the company sign-up', () => {
    const declared = apiRoutes()
      .filter((r) => r.access === 'public')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(declared).toEqual([...PUBLIC].sort());
  });

  it('every table entry is registered, and every registered /api route comes from the table or is authenticated', () => {
    const registered = new Set(apiRoutes().map((r) => `${r.method} ${r.url}`));
    for (const route of Object.values(ROUTES))
      expect(registered).toContain(`${route.method} /api${route.path}`);
    expect(Object.keys(API).sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it('answers 401 without a token on every non-public route', async () => {
    const routes = apiRoutes().filter((r) => !PUBLIC.includes(`${r.method} ${r.url}`));
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const r = await api.call(route.method, concrete(route.url).replace(/^\/api/, ''), {
        tenant: 'demo',
        token: null,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
      });
      expect({ route: `${route.method} ${route.url}`, status: r.status }).toEqual({
        route: `${route.method} ${route.url}`,
        status: 401,
      });
    }
  });

  it('every edit entry names what its user saw: a version write carries expected_version, a status write expected_status', () => {
    for (const [name, entry] of Object.entries(API)) {
      if (entry.method === 'GET') continue;
      expect({ name, write: 'write' in entry ? entry.write : undefined }).not.toEqual({
        name,
        write: undefined,
      });
      const shape = 'body' in entry ? bodyShape(entry.body) : {};
      if (entry.write === 'version') expect(Object.keys(shape), name).toContain('expected_version');
      if (entry.write === 'status') expect(Object.keys(shape), name).toContain('expected_status');
      // a create names the record it makes: the client-made id (an order's `id`, a scan's `scan_id`,
      // a count's `count_id`)
      if (entry.write === 'create') {
        const idField = Object.keys(shape).find((k) => k === 'id' || k === 'scan_id' || k === 'count_id');
        expect(idField, `${name}: a create carries its client-made id`).toBeDefined();
        const field = (shape as Record<string, { safeParse(v: unknown): { success: boolean } }>)[
          idField as string
        ];
        expect(field?.safeParse('00000000-0000-4000-8000-000000000000').success, name).toBe(true);
        expect(field?.safeParse('not-a-uuid').success, name).toBe(false);
      }
      // the debug calls are the only 'demo' writes, and only under /debug
      if (entry.write === 'demo') expect(entry.path, name).toMatch(/^\/debug\//);
    }
  });

  it('demo-mode entries (the debug calls) exist only in demo mode; every other entry is always there', async () => {
    const demoNames = Object.entries(ROUTES)
      .filter(([, r]) => r.path.startsWith('/debug/'))
      .map(([name]) => name);
    expect(demoNames.sort()).toEqual(['debugAllOrders', 'debugApproveFirstOrder', 'debugCreateTestOrders']);
    for (const name of demoNames) {
      const entry = ROUTES[name as keyof typeof ROUTES];
      if (entry.method !== 'GET') expect({ name, write: entry.write }).toEqual({ name, write: 'demo' });
    }
    const plain = await startApi({
      config: { demoMode: false },
      database: api.database,
      routes: [testRoutes({ current: null })],
    });
    try {
      const keys = (app: Api['app']) =>
        new Set(
          app.registeredRoutes
            .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD')
            .map((r) => `${r.method} ${r.url}`),
        );
      const inDemo = keys(api.app);
      const inPlain = keys(plain.app);
      for (const [name, route] of Object.entries(ROUTES)) {
        const key = `${route.method} /api${route.path}`;
        const demo = demoNames.includes(name);
        if (demo) expect({ name, demo: inDemo.has(key) }).toEqual({ name, demo: true });
        expect({ name, plain: inPlain.has(key) }).toEqual({ name, plain: demo ? false : inDemo.has(key) });
      }
      // and nothing else differs
      expect([...inDemo].filter((k) => !inPlain.has(k)).length).toBe(demoNames.length);
    } finally {
      await plain.close();
    }
  });
});
