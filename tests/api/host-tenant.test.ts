import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginShellHtml } from '../../src/client/app/login-shell-markup';
import { MESSAGES } from '../../src/shared/api/errors';
import { type Api, startApi } from './support/harness';

/**
 * Without `?tenant=` the server takes the tenant from the Host, by the client's rule: the first
 * label of a tenant subdomain (not www or api), the default tenant on local hosts and on the
 * product's own host (BASE_DOMAIN); X-Forwarded-Host only from a trusted proxy (TRUST_PROXY).
 * A subdomain that names no company is 404 — for the API TENANT_NOT_FOUND, for a page a page
 * saying so — never the default tenant. `?tenant=` still wins.
 */
const BASE = 'siparis.test';
let api: Api;
let proxied: Api;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'host-tenant-dist-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><title>Sipariş Yönetim Sistemi</title><div id="root"></div>',
  );
  writeFileSync(
    join(dist, 'login.html'),
    `<!doctype html><html><head><meta name="theme-color" content="#1976d2" /></head><body><div id="root">${loginShellHtml()}</div></body></html>`,
  );
  api = await startApi({ config: { baseDomain: BASE, distDir: dist } });
  proxied = await startApi({
    config: { baseDomain: BASE, distDir: dist, trustProxy: true },
    database: api.database,
  });
});
afterAll(async () => {
  await proxied?.close();
  await api?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** GET /api/tenants/info with that Host (and no `?tenant=` unless given). */
async function info(
  app: Api,
  host: string,
  extra: { headers?: Record<string, string>; query?: string } = {},
) {
  const r = await app.app.inject({
    method: 'GET',
    url: `/api/tenants/info${extra.query ?? ''}`,
    headers: { host, ...(extra.headers ?? {}) },
  });
  return {
    status: r.statusCode,
    body: JSON.parse(r.body) as Record<string, unknown> & { data?: { tenant_id: string } },
  };
}

const page = (app: Api, host: string, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers: { host, accept: 'text/html', ...headers } });

describe('tenant from the host', () => {
  it('demo.<BASE_DOMAIN> is the demo tenant (API and login page), with and without a port', async () => {
    for (const host of [`demo.${BASE}`, `demo.${BASE}:8443`, `DEMO.${BASE.toUpperCase()}`]) {
      const r = await info(api, host);
      expect({ host, status: r.status, tenant: r.body.data?.tenant_id }).toEqual({
        host,
        status: 200,
        tenant: 'demo',
      });
    }
    const login = await page(api, `demo.${BASE}`, '/login');
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('<p class="ls-name">Demo Ticaret A.Ş.</p>');
    expect(login.body).toContain('<span class="ls-chip">demo</span>');
    // and the app's pages are served as usual
    expect((await page(api, `client1.${BASE}`, '/orders')).statusCode).toBe(200);
  });

  it('signs in and calls the API on the tenant host without any parameter', async () => {
    const login = await api.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: `client1.${BASE}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'admin', password: 'demo1234' }),
    });
    expect(login.statusCode).toBe(200);
    const token = (JSON.parse(login.body) as { token: string }).token;
    const profile = await api.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { host: `client1.${BASE}`, authorization: `Bearer ${token}` },
    });
    expect(profile.statusCode).toBe(200);
    // The same token on another tenant's host is another tenant's call: refused.
    const elsewhere = await api.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { host: `demo.${BASE}`, authorization: `Bearer ${token}` },
    });
    expect(elsewhere.statusCode).toBe(403);
  });

  it('www and api are skipped; BASE_DOMAIN itself and local hosts are the default tenant', async () => {
    for (const host of [
      `www.${BASE}`,
      `api.${BASE}`,
      BASE,
      'localhost',
      'localhost:3000',
      '127.0.0.1:3000',
      '[::1]:3000',
    ]) {
      const r = await info(api, host);
      expect({ host, tenant: r.body.data?.tenant_id }).toEqual({ host, tenant: 'default' });
    }
  });

  it('an unknown subdomain: 404 TENANT_NOT_FOUND for the API, a page saying so for a browser — never the default tenant', async () => {
    const r = await info(api, `yok-boyle.${BASE}`);
    expect(r).toEqual({
      status: 404,
      body: { success: false, error: MESSAGES.tenantNotAtHost, code: 'TENANT_NOT_FOUND' },
    });
    const bad = await info(api, `no_such.${BASE}`);
    expect(bad.status).toBe(404);
    expect(bad.body.code).toBe('TENANT_NOT_FOUND');
    for (const url of ['/', '/orders', '/login']) {
      const html = await page(api, `yok-boyle.${BASE}`, url);
      expect({ url, status: html.statusCode }).toEqual({ url, status: 404 });
      expect(html.headers['content-type']).toContain('text/html');
      expect(html.body).toContain('Bu adreste bir şirket bulunamadı');
      expect(html.body).not.toContain('OrderApp Platform');
    }
    // The login page says it in its form.
    const login = await page(api, `yok-boyle.${BASE}`, '/login');
    expect(login.body).toContain(
      `<div class="ls-alert" role="alert" data-login-shell-alert>${MESSAGES.tenantNotAtHost}</div>`,
    );
    // Files are not pages: the build's scripts are still served on any host.
    expect(
      (await api.app.inject({ method: 'GET', url: '/index.html', headers: { host: `yok-boyle.${BASE}` } }))
        .statusCode,
    ).toBe(200);
  });

  it('?tenant= still wins over the host', async () => {
    const r = await info(api, `demo.${BASE}`, { query: '?tenant=client1' });
    expect(r.body.data?.tenant_id).toBe('client1');
    const unknownHost = await info(api, `yok-boyle.${BASE}`, { query: '?tenant=demo' });
    expect(unknownHost.body.data?.tenant_id).toBe('demo');
    const page1 = await page(api, `yok-boyle.${BASE}`, '/login?tenant=demo');
    expect(page1.statusCode).toBe(200);
    expect(page1.body).toContain('<span class="ls-chip">demo</span>');
    // A blank parameter is no parameter (as in the client): the host decides.
    expect((await info(api, `demo.${BASE}`, { query: '?tenant=%20' })).body.data?.tenant_id).toBe('demo');
  });

  it('X-Forwarded-Host is honoured only with TRUST_PROXY', async () => {
    const forwarded = { 'x-forwarded-host': `demo.${BASE}` };
    const untrusted = await info(api, 'localhost:3000', { headers: forwarded });
    expect(untrusted.body.data?.tenant_id).toBe('default');
    const trusted = await info(proxied, 'localhost:3000', { headers: forwarded });
    expect(trusted.body.data?.tenant_id).toBe('demo');
    const trustedPage = await page(proxied, 'localhost:3000', '/login', forwarded);
    expect(trustedPage.body).toContain('<span class="ls-chip">demo</span>');
    const unknown = await info(proxied, 'localhost:3000', {
      headers: { 'x-forwarded-host': `yok-boyle.${BASE}` },
    });
    expect(unknown.status).toBe(404);
  });
});
