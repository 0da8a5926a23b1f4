/**
 * A company's own address: `http://demo.<BASE_DOMAIN>/login` with no `?tenant=` is the demo
 * company's sign-in page (server and app agree by the shared rule), signing in there works and the
 * app's calls are the demo tenant's; an address whose subdomain names no company gets a page saying
 * so (404), readable by assistive technology — never the default company's app.
 * Chromium maps the names to the test server (--host-resolver-rules) and treats those origins as
 * secure (as HTTPS would be in production), since the app needs a secure context.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { DEMO_PASSWORD, launchBrowser, newContext } from '../helpers/browser';

const baseURL = inject('baseURL');
/** The e2e server's BASE_DOMAIN (the default: it is started without one). */
const BASE = process.env.BASE_DOMAIN || 'localhost.localdomain';
const port = new URL(baseURL).port;
const demoOrigin = `http://demo.${BASE}:${port}`;
const nowhereOrigin = `http://yok-boyle.${BASE}:${port}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser([
    `--host-resolver-rules=MAP *.${BASE} 127.0.0.1`,
    `--unsafely-treat-insecure-origin-as-secure=${demoOrigin},${nowhereOrigin}`,
  ]);
});
afterAll(async () => {
  await browser?.close();
});

describe('tenant from the address', () => {
  it("demo.<BASE_DOMAIN>/login is the demo company's sign-in; the app then calls the API as demo", async () => {
    const context = await newContext(browser);
    try {
      const page = await context.newPage();
      const apiCalls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
      });
      const response = await page.goto(`${demoOrigin}/login`);
      expect(response?.status()).toBe(200);
      // The server's first-visit page, in the company's name, before any app JavaScript.
      expect(await page.locator('.ls-name').textContent()).toBe('Demo Ticaret A.Ş.');
      expect(await page.locator('.ls-chip').textContent()).toBe('demo');
      await page.locator('input[name="username"]').fill('admin');
      await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
      await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
      const login = apiCalls.find((url) => new URL(url).pathname === '/api/auth/login');
      expect(login, 'the sign-in call').toBeDefined();
      expect(new URL(login as string).searchParams.get('tenant')).toBe('demo');
      // Every call the app made named the demo tenant.
      expect(apiCalls.filter((url) => new URL(url).searchParams.get('tenant') !== 'demo')).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an address whose subdomain names no company: a page saying so, 404, axe clean', async () => {
    const context = await newContext(browser);
    try {
      const page = await context.newPage();
      for (const path of ['/', '/orders']) {
        const response = await page.goto(`${nowhereOrigin}${path}`);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
          'Bu adreste bir şirket bulunamadı.',
        );
      }
      expect(await seriousViolations(page)).toEqual([]);
      // Its sign-in page says it in the form.
      const login = await page.goto(`${nowhereOrigin}/login`);
      expect(login?.status()).toBe(404);
      await expect(page.getByRole('alert').textContent()).resolves.toBe('Bu adreste bir şirket bulunamadı.');
    } finally {
      await context.close();
    }
  });
});
