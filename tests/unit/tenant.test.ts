import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TENANT, resolveTenantFrom } from '../../src/client/api/tenant';

/** Tenant resolution (address, host name, remembered tenant), rule by rule. */
const at = (hostname: string, search = '') => ({ hostname, search });

describe('resolveTenantFrom', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('takes the tenant query parameter of the page address first, on any host', () => {
    expect(resolveTenantFrom(at('localhost', '?tenant=demo'))).toBe('demo');
    expect(resolveTenantFrom(at('acme.example.com', '?tenant=client1'))).toBe('client1');
    expect(resolveTenantFrom(at('www.example.com', '?x=1&tenant=demo'))).toBe('demo');
    // An explicit choice beats a remembered one.
    expect(resolveTenantFrom(at('localhost', '?tenant=client1'), 'demo')).toBe('client1');
  });

  it('ignores an empty or blank tenant parameter', () => {
    expect(resolveTenantFrom(at('acme.example.com', '?tenant='))).toBe('acme');
    expect(resolveTenantFrom(at('localhost', '?tenant=%20%20'))).toBe(DEFAULT_TENANT);
    expect(resolveTenantFrom(at('localhost', '?tenant=%20demo%20'))).toBe('demo');
  });

  it('uses the default tenant on local and preview hosts', () => {
    for (const host of [
      'localhost',
      'app.localhost',
      '127.0.0.1',
      '192.168.1.20',
      '[::1]',
      'myapp.vercel.app',
      'x.netlify.app',
      'y.pages.dev',
      'box.local',
    ]) {
      expect(resolveTenantFrom(at(host)), host).toBe(DEFAULT_TENANT);
    }
  });

  it("uses the default tenant on the product's own hosted host", async () => {
    vi.stubEnv('VITE_HOSTED_DOMAINS', 'app.siparis.example, panel.siparis.example');
    vi.resetModules();
    const fresh = await import('../../src/client/api/tenant');
    expect(fresh.resolveTenantFrom(at('app.siparis.example'))).toBe(DEFAULT_TENANT);
    expect(fresh.resolveTenantFrom(at('panel.siparis.example'))).toBe(DEFAULT_TENANT);
    // A tenant subdomain of another domain still resolves to its label.
    expect(fresh.resolveTenantFrom(at('acme.siparis.example'))).toBe('acme');
  });

  it('takes the first subdomain label otherwise, unless it is www or api', () => {
    expect(resolveTenantFrom(at('acme.example.com'))).toBe('acme');
    expect(resolveTenantFrom(at('Demo.Example.com'))).toBe('demo');
    expect(resolveTenantFrom(at('client1.eu.example.com'))).toBe('client1');
    expect(resolveTenantFrom(at('www.example.com'))).toBe(DEFAULT_TENANT);
    expect(resolveTenantFrom(at('api.example.com'))).toBe(DEFAULT_TENANT);
  });

  it('falls back to the default tenant (a bare domain has no subdomain)', () => {
    expect(resolveTenantFrom(at('example.com'))).toBe(DEFAULT_TENANT);
    expect(resolveTenantFrom(at('intranet'))).toBe(DEFAULT_TENANT);
  });

  it('remembers a tenant chosen by address for later loads without the parameter', () => {
    expect(resolveTenantFrom(at('localhost'), 'demo')).toBe('demo');
  });
});
