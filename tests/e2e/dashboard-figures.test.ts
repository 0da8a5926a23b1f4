import { describe, expect, inject, it } from 'vitest';
import type { DashboardStats } from '../../src/shared/api/dashboard';
import { api, apiLogin, browserPerFile, newContext, signIn } from '../helpers/browser';

/**
 * The dashboards' figure cards from the click on 'Giriş Yap' until they settle, in Chromium
 * against `npm start`, for admin, manager and salesperson on a device that has never synced: every
 * value a card shows is recorded (a MutationObserver installed before the app's own scripts, kept
 * in sessionStorage across the login navigation), and no card may ever show a value other than
 * the one it settles on — no zero or half-counted figure between the first real one and the
 * last ('—' while nothing is known is allowed). Settled = counted on the device from a complete
 * mirror (data-source local) and equal to the server's GET /dashboard/stats.
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();

/** Records each card's value whenever it changes (runs in the page before any app script). */
const RECORDER = `(() => {
  const KEY = '__figures';
  const log = JSON.parse(sessionStorage.getItem(KEY) || '[]');
  const last = {};
  for (const entry of log) last[entry.id] = entry.text;
  const read = () => {
    let changed = false;
    for (const el of document.querySelectorAll('[data-testid="dashboard-cards"] [data-testid$="-value"]')) {
      const id = el.getAttribute('data-testid');
      const text = (el.textContent || '').trim();
      if (last[id] === text) continue;
      last[id] = text;
      log.push({ id, text, path: location.pathname });
      changed = true;
    }
    if (changed) sessionStorage.setItem(KEY, JSON.stringify(log));
  };
  new MutationObserver(read).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

/** What a card shows while nothing is known (and for a rate with nothing to measure). */
const NONE = '—';

interface Shown {
  id: string;
  text: string;
  path: string;
}

describe('dashboard figures from sign-in until settled (Chromium against npm start)', () => {
  const roles = [
    { user: 'admin', landing: '/dashboard' },
    { user: 'manager', landing: '/manager-dashboard' },
    { user: 'sales', landing: '/dashboard' },
  ];
  for (const { user, landing } of roles) {
    it(`${user}@client1: no card ever shows a value other than the one it settles on (no zero, no half-count)`, async () => {
      const { token } = await apiLogin(baseURL, 'client1', user);
      const answer = await api<{ data: DashboardStats }>(baseURL, 'client1', '/dashboard/stats', { token });
      expect(answer.status).toBe(200);
      const server = answer.body.data;
      expect(server.total_orders).toBeGreaterThan(0); // the check is not vacuous

      const context = await newContext(browser());
      try {
        await context.addInitScript(RECORDER);
        const page = await context.newPage();
        await signIn(page, baseURL, 'client1', user);
        await page.waitForURL((url) => url.pathname === landing);
        await page.waitForFunction(
          (total) => {
            const cards = document.querySelector('[data-testid="dashboard-cards"]');
            return (
              cards?.getAttribute('data-source') === 'local' &&
              cards.getAttribute('data-fresh') === 'true' &&
              document.querySelector('[data-testid="stat-total-value"]')?.textContent === String(total)
            );
          },
          server.total_orders,
          { timeout: 90_000 },
        );
        // A while longer: a late recount (the old screens re-read the store a second later) shows here.
        await page.waitForTimeout(2_000);
        const settled = await page.evaluate(() =>
          Object.fromEntries(
            [...document.querySelectorAll('[data-testid="dashboard-cards"] [data-testid$="-value"]')].map(
              (el) => [el.getAttribute('data-testid') ?? '', (el.textContent ?? '').trim()],
            ),
          ),
        );
        const log = await page.evaluate(
          () => JSON.parse(sessionStorage.getItem('__figures') ?? '[]') as Shown[],
        );
        expect(Object.keys(settled).length).toBe(4);
        expect(settled['stat-total-value']).toBe(String(server.total_orders));
        for (const [id, value] of Object.entries(settled)) {
          const shown = log
            .filter((entry) => entry.id === id && entry.text !== NONE)
            .map((entry) => entry.text);
          // Every figure this card ever showed is its settled one.
          expect({ id, shown: [...new Set(shown)] }).toEqual({ id, shown: value === NONE ? [] : [value] });
        }
      } finally {
        await context.close();
      }
    });
  }
});
