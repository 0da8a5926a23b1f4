/**
 * One-off accessibility audit (not part of `npm run bench`): axe-core run in Chromium on /login
 * and on every built screen, signed in as the role that can open it, for the tenants given.
 * axe-core is not a project dependency: pass the path of an installed copy.
 *
 *   AXE_PATH=/path/to/axe-core/axe.min.js node --import tsx tests/bench/axe-audit.ts
 *   TENANTS=demo,default,client1 THEME=dark AXE_PATH=… node --import tsx tests/bench/axe-audit.ts
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { launchBrowser, newContext, signIn } from '../helpers/browser';
import { startBenchServer } from './support/server';

const axePath = process.env.AXE_PATH;
if (!axePath) {
  console.error('AXE_PATH (axe.min.js of an installed axe-core) is required.');
  process.exit(1);
}
const axeSource = readFileSync(axePath, 'utf8');
const THEME = process.env.THEME === 'dark' ? 'dark' : 'light';

/** A context with the chosen theme preference already stored (the app reads it at start). */
async function context(viewport?: { width: number; height: number }) {
  const ctx = await newContext(browser, viewport, { worker: true });
  await ctx.addInitScript((theme) => localStorage.setItem('theme', theme), THEME);
  return ctx;
}

const SCREENS: { user: string; landing: string; paths: string[] }[] = [
  {
    user: 'manager',
    landing: '/manager-dashboard',
    paths: ['/manager-dashboard', '/orders', '/sales', '/notifications', '/profile', '/dashboard'],
  },
  { user: 'sales', landing: '/dashboard', paths: ['/my-orders', '/create-order'] },
  { user: 'admin', landing: '/dashboard', paths: ['/admin', '/orders/first'] },
];

async function audit(page: Page, label: string): Promise<number> {
  await page.waitForTimeout(1500);
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') blocks inline tags.
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    interface AxeNode {
      target: string[];
      failureSummary?: string;
    }
    interface AxeViolation {
      id: string;
      impact: string | null;
      nodes: AxeNode[];
    }
    const axe = (
      window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const r = await axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'] },
    });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes
          .slice(0, 4)
          .map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1] ?? ''}`),
        count: v.nodes.length,
      }));
  });
  console.log(`${label}: ${result.length === 0 ? 'no serious/critical violations' : ''}`);
  for (const v of result) {
    console.log(`  [${v.impact}] ${v.id} (${v.count} nodes)`);
    for (const n of v.nodes) console.log(`     ${n}`);
  }
  return result.length;
}

const server = await startBenchServer();
const browser = await launchBrowser();
let total = 0;
try {
  for (const tenant of (process.env.TENANTS ?? 'demo,default').split(',')) {
    const mobile = await context({ width: 412, height: 823 });
    const page = await mobile.newPage();
    await page.goto(`${server.baseURL}/login?tenant=${tenant}`, { waitUntil: 'networkidle' });
    total += await audit(page, `${THEME} ${tenant} /login`);
    await mobile.close();
    for (const { user, landing, paths } of SCREENS) {
      const ctx = await context();
      const p = await ctx.newPage();
      await signIn(p, server.baseURL, tenant, user);
      await p.waitForURL((url) => url.pathname === landing, { timeout: 30_000 });
      for (const path of paths) {
        if (path === '/orders/first') {
          // An order's detail page: the first row of the list.
          await p.goto(`${server.baseURL}/orders`);
          await p.getByTestId('order-row').first().click();
          await p.waitForURL((url) => /^\/orders\/./.test(url.pathname));
        } else await p.goto(`${server.baseURL}${path}`);
        total += await audit(p, `${THEME} ${tenant} ${user} ${path}`);
      }
      await ctx.close();
    }
  }
  console.log(`\nTotal serious/critical rule violations: ${total}`);
} finally {
  await browser.close();
  await server.stop();
}
