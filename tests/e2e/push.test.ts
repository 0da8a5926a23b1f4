import { describe, expect, inject, it } from 'vitest';
import { api, apiLogin, browserPerFile, newContext, signIn } from '../helpers/browser';

/**
 * Live push in the browser (Chromium against npm start): a salesperson's open page shows a new
 * notification in the bell caused by ANOTHER user's action (a manager approving their order via
 * the API) without a reload, through the leader's GET /api/events stream.
 *
 * Why it cannot pass by the 15 s poll: the approval is made right after a pull the page made, so
 * the next poll is ~15 s away; the bell must change within 5 s, and the pull that brought it must
 * follow the approval by far less than the poll interval. Tenant client1 (its own salesperson),
 * so the other browser files' expectations of demo/default are untouched.
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
const TENANT = 'client1';

interface Envelope<T> {
  data: T;
}

describe('live push (Chromium)', () => {
  it("a manager's approval appears in the salesperson's bell within 5 s, by the stream, not the poll", async () => {
    const sales = await apiLogin(baseURL, TENANT, 'sales');
    const manager = await apiLogin(baseURL, TENANT, 'manager');
    const created = await api<Envelope<{ id: string; order_number: string }>>(baseURL, TENANT, '/orders', {
      method: 'POST',
      token: sales.token,
      body: {
        customer_name: 'Canlı Bildirim Ltd.',
        items: [{ product_name: 'Kalem', quantity: 2, unit_price: 15 }],
      },
    });
    expect(created.status).toBe(201);
    const order = created.body.data;

    const context = await newContext(browser());
    const page = await context.newPage();
    const pulls: number[] = [];
    const streams: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/sync/pull') pulls.push(Date.now());
      if (url.pathname === '/api/events') {
        // fetch with the bearer token, never a token in the URL
        expect(url.search).not.toMatch(/token/i);
        expect(request.headers().authorization).toMatch(/^Bearer /);
        streams.push(request.url());
      }
    });
    try {
      await signIn(page, baseURL, TENANT, 'sales');
      await page.waitForURL((url) => url.pathname === '/dashboard');
      // The leader opened its stream (one per device) and the first pull brought the order.
      await expect.poll(() => streams.length, { timeout: 20_000 }).toBeGreaterThan(0);
      await expect.poll(() => pulls.length, { timeout: 20_000 }).toBeGreaterThan(0);
      const badge = page.getByTestId('notification-badge').locator('.MuiBadge-badge');
      const unread = async () => Number((await badge.innerText().catch(() => '0')).replace('+', '')) || 0;
      // Let the first sync settle, then read the bell.
      await page.waitForTimeout(1_500);
      const before = await unread();
      const lastPull = pulls.at(-1) as number;

      const t0 = Date.now();
      const approved = await api(baseURL, TENANT, `/orders/${order.id}/status`, {
        method: 'PATCH',
        token: manager.token,
        body: { status: 'approved', expected_status: 'pending_approval' },
      });
      expect(approved.status).toBe(200);
      await expect.poll(unread, { timeout: 5_000, interval: 100 }).toBe(before + 1);
      const shownAfter = Date.now() - t0;
      expect(shownAfter).toBeLessThan(5_000);
      // The pull that brought it came right after the approval, not at the poll's next tick.
      const pushPull = pulls.find((at) => at >= t0);
      expect(pushPull).toBeDefined();
      expect((pushPull as number) - t0).toBeLessThan(3_000);
      expect((pushPull as number) - lastPull).toBeLessThan(14_000);
      // One stream for the device (one tab here), still open: no reconnect storm.
      expect(streams.length).toBe(1);

      // The bell's dropdown lists it, with the order's number.
      await page.getByTestId('notification-bell').click();
      await expect
        .poll(() => page.getByTestId('notification-item').first().innerText(), { timeout: 5_000 })
        .toContain(order.order_number);
    } finally {
      await context.close();
    }
  });
});
