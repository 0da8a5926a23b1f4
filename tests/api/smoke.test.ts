import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Api, startApi } from './support/harness';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => api?.close());

it('health', async () => {
  const r = await api.call('GET', '/health', { tenant: null });
  expect(r.status).toBe(200);
  const s = await api.login('demo', 'sales');
  expect(s.user.role).toBe('salesperson');
});
