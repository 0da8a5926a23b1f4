import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api/endpoints';
import { ROUTES } from '../../src/shared/api/routes';
import { type Api, startApi } from './support/harness';
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
  'GET /api/tenants/info',
  'POST /api/auth/login',
  'POST /api/auth/register',
];

const apiRoutes = () =>
  api.app.registeredRoutes.filter(
    (r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.method !== 'OPTIONS',
  );

const concrete = (url: string) =>
  url.replace(/:[A-Za-z_]\w*/g, (m) => (m === ':role' ? 'manager' : '00000000-0000-4000-8000-000000000000'));

describe('route walker', () => {
  it('the public routes are exactly login, register, tenant info and health', () => {
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
      const shape =
        'body' in entry && entry.body && 'shape' in entry.body ? (entry.body.shape as object) : {};
      if (entry.write === 'version') expect(Object.keys(shape), name).toContain('expected_version');
      if (entry.write === 'status') expect(Object.keys(shape), name).toContain('expected_status');
    }
  });
});
