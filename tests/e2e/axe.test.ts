import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, newContext, signIn } from '../helpers/browser';
import { openInApp, settle } from '../helpers/screen';

/**
 * axe-core (its default rules: WCAG 2.x A/AA and best practices) on every built screen, as each role opens it,
 * on a phone and on a desktop: no serious or critical violation. Read-only: the users below only
 * look, so other files' data and lockouts are untouched.
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Finding {
  id: string;
  impact: string | null;
  nodes: string[];
}

async function seriousViolations(page: Page): Promise<Finding[]> {
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') blocks inline tags.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    interface AxeViolation {
      id: string;
      impact: string | null;
      nodes: { target: string[] }[];
    }
    const axe = (
      window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    // Every rule axe runs by default (WCAG 2.x A/AA and best practices).
    const r = await axe.run({ resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
      }));
  });
}

/** Sixteen screens, each settling and audited in turn: minutes on a busy 2-core machine. */
const AUDIT_TIMEOUT = 300_000;

const SCREENS: { tenant: string; user: string; paths: string[] }[] = [
  {
    tenant: 'demo',
    user: 'manager',
    paths: [
      '/orders',
      '/sales',
      '/notifications',
      '/profile',
      '/orders/first',
      '/dashboard',
      '/manager-dashboard',
      '/collections',
    ],
  },
  { tenant: 'demo', user: 'sales', paths: ['/my-orders', '/create-order'] },
  { tenant: 'demo', user: 'warehouse', paths: ['/warehouse-dashboard', '/dashboard'] },
  { tenant: 'demo', user: 'driver', paths: ['/dashboard'] },
  { tenant: 'demo', user: 'admin', paths: ['/product-management'] },
];

describe('axe: no serious or critical violation on any built screen', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    it(`/login and every role's screens at ${viewport.width} px`, { timeout: AUDIT_TIMEOUT }, async () => {
      const found: Record<string, Finding[]> = {};
      const login = await newContext(browser(), viewport);
      const page = await login.newPage();
      await page.goto(`${baseURL}/login?tenant=demo`);
      await page.getByRole('button', { name: 'Giriş Yap' }).waitFor();
      await page.waitForTimeout(500);
      // A first visit: the plain-HTML form (login-shell-markup.ts)…
      expect(await page.locator('[data-login-shell]').count()).toBe(1);
      found['/login'] = await seriousViolations(page);
      // …and the app's screen that takes it over when it is submitted (here empty: an error shows).
      await page.locator('#username').press('Enter');
      await expect.poll(() => page.locator('[data-login-shell]').count(), { timeout: 30_000 }).toBe(0);
      await page.getByRole('button', { name: 'Giriş Yap' }).waitFor();
      await page.waitForTimeout(500);
      found['/login (app)'] = await seriousViolations(page);
      await login.close();

      for (const { tenant, user, paths } of SCREENS) {
        const ctx = await newContext(browser(), viewport);
        const p = await ctx.newPage();
        await signIn(p, baseURL, tenant, user);
        await p.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
        for (const path of paths) {
          // Within the running app, as its menu opens a screen; audited once it has settled.
          if (path === '/orders/first') {
            await openInApp(p, '/orders');
            await p.getByTestId('order-row').first().click();
            await p.waitForURL((url) => /^\/orders\/./.test(url.pathname));
          } else {
            await openInApp(p, path);
          }
          await settle(p);
          found[`${user} ${path}`] = await seriousViolations(p);
        }
        await ctx.close();
      }
      const failing = Object.fromEntries(Object.entries(found).filter(([, v]) => v.length > 0));
      expect(failing).toEqual({});
      // /login twice (the first visit's HTML form and the app's screen) and 14 screens of the roles.
      expect(Object.keys(found).length).toBe(16);
    });
  }
});
