import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { NOTIFICATION_TYPES } from '../../src/shared/api/notifications';
import { countOrders, STATUS_BUCKETS, type StatsOrder } from '../../src/shared/domain/dashboard-stats';
import { formatTL } from '../../src/shared/domain/money';
import {
  api,
  apiLogin,
  browserPerFile,
  newContext,
  signedInDevice,
  signIn,
  waitForServiceWorker,
} from '../helpers/browser';

/**
 * The landing screens in Chromium against `npm start`: /dashboard for admin,
 * salesperson and warehouse, /manager-dashboard, and /notifications — their cards compared with
 * what the API lets that same user see, an approval made OFFLINE from the dashboard reaching the
 * server exactly once, the screens opening offline, the notifications' search, filter and paging,
 * and no sideways scroll at 390 px.
 *
 * Accounts: client1's admin, manager and sales, default's warehouse (login.test.ts locks
 * client1's driver and warehouse); demo's manager only READS (its many notifications page).
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();

interface Envelope<T> {
  success: boolean;
  data: T;
}
type WireOrder = StatsOrder & { id: string; order_number: string; deleted_at?: string | null };
interface OrderList {
  orders: WireOrder[];
  pagination: { page: number; limit: number; total: number; pages: number };
}

/** Every order the user may see, through the API as that user. */
async function ordersAs(tenant: string, token: string): Promise<WireOrder[]> {
  const out: WireOrder[] = [];
  for (let page = 1; ; page += 1) {
    const r = await api<Envelope<OrderList>>(baseURL, tenant, `/orders?page=${page}&limit=100`, { token });
    expect(r.status).toBe(200);
    // The list leaves the history out; the figures that need it (decisions) read it per order.
    out.push(...r.body.data.orders.map((o) => ({ ...o, events: o.events ?? [] })));
    if (page >= r.body.data.pagination.pages) return out;
  }
}

const inList = (list: readonly string[], s: string) => list.includes(s);

async function card(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(`${testId}-value`).innerText()).trim();
}

/** The cards agree with the API's orders for this user (polled: the first pull may still run). */
async function expectCards(page: Page, orders: WireOrder[], pendingId: 'stat-pending' | 'stat-awaiting') {
  const { totals } = countOrders(orders);
  const expected = {
    total: String(orders.length),
    pending: String(orders.filter((o) => inList(STATUS_BUCKETS.pending, o.status)).length),
    revenue: formatTL(totals.revenueKurus),
  };
  expect(totals.total).toBeGreaterThan(0); // the check is not vacuous
  await expect
    .poll(
      async () => ({
        total: await card(page, 'stat-total'),
        pending: await card(page, pendingId),
        revenue: await card(page, 'stat-revenue'),
      }),
      { timeout: 60_000 },
    )
    .toEqual(expected);
  // The revenue card shows money the one way every list and invoice does: '1.250,75 TL', never '₺'.
  expect(await card(page, 'stat-revenue')).toMatch(/^[\d.]+,\d{2} TL$/);
  return totals;
}

async function tabs(page: Page): Promise<string[]> {
  return (await page.getByRole('tab').allInnerTexts()).map((s) => s.trim());
}

async function noSidewaysScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

describe('dashboards (Chromium against npm start)', () => {
  const roles = [
    {
      tenant: 'client1',
      user: 'admin',
      landing: '/dashboard',
      title: 'Dashboard',
      tabs: ['Siparişler', 'Bildirimler', 'Envanter', 'Yönetim'],
    },
    {
      tenant: 'client1',
      user: 'sales',
      landing: '/dashboard',
      title: 'Siparişlerim',
      tabs: ['Siparişler', 'Bildirimler'],
    },
    {
      tenant: 'default',
      user: 'warehouse',
      landing: '/warehouse-dashboard',
      title: 'Dashboard',
      tabs: ['Siparişler', 'Bildirimler', 'Envanter'],
    },
  ];
  for (const role of roles) {
    it(`${role.user}@${role.tenant}: /dashboard shows the title, the cards with the API's numbers and the role's tabs`, async () => {
      const { token } = await apiLogin(baseURL, role.tenant, role.user);
      const orders = await ordersAs(role.tenant, token);
      const { context, page } = await signedInDevice(
        browser(),
        baseURL,
        role.tenant,
        role.user,
        role.landing,
      );
      await page.goto(`${baseURL}/dashboard`);
      await page.getByTestId('dashboard-cards').waitFor();
      expect(await page.getByTestId('page-title').innerText()).toBe(role.title);
      const totals = await expectCards(page, orders, 'stat-pending');
      expect(await card(page, 'stat-in-transit')).toBe(String(totals.inTransit));
      expect(await tabs(page)).toEqual(role.tabs);

      // 'Siparişler': the 10 newest of the user's orders, each a real link to its detail.
      const rows = page.getByTestId('dash-order-row');
      await expect.poll(() => rows.count()).toBe(Math.min(10, orders.length));
      const newest = [...orders].sort((a, b) => (a.created_at < b.created_at ? 1 : -1)).slice(0, 10);
      const hrefs = await rows.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(new Set(hrefs)).toEqual(new Set(newest.map((o) => `/orders/${o.id}`)));

      if (role.tabs.includes('Envanter')) {
        await page.getByTestId('dash-tab-inventory').click();
        await expect.poll(() => page.getByTestId('dash-low-stock-summary').innerText()).toMatch(/\d+ ürünün/);
      }
      if (role.tabs.includes('Yönetim')) {
        await page.getByTestId('dash-tab-management').click();
        const links = page.getByTestId('dash-management').locator('a');
        // The tab's panel renders after the click: wait for its links rather than read them at once.
        // Tenant management is for the platform's admins only (tenant default), not a company's.
        await expect
          .poll(() => links.evaluateAll((as) => as.map((a) => a.getAttribute('href'))))
          .toEqual(
            role.tenant === 'default'
              ? ['/admin', '/tenant-management', '/product-management']
              : ['/admin', '/product-management'],
          );
        await expect.poll(() => links.first().innerText()).toContain(`${orders.length} sipariş`);
      }
      // Open the first order from the list.
      await page.getByTestId('dash-tab-orders').click();
      await rows.first().locator('a').click();
      await page.waitForURL((url) => /^\/orders\/[^/]+$/.test(url.pathname));
      await context.close();
    });
  }

  it('manager@client1: /manager-dashboard shows real cards and team; approves OFFLINE, reaching the server exactly once', async () => {
    const tenant = 'client1';
    const sales = await apiLogin(baseURL, tenant, 'sales');
    const created = await api<Envelope<WireOrder>>(baseURL, tenant, '/orders', {
      method: 'POST',
      token: sales.token,
      body: {
        customer_name: 'Panel Onay Müşterisi',
        customer_address: 'Bağdat Cad. No:5, İstanbul',
        items: [{ product_name: 'Çalışma Masası', quantity: 2, unit_price: 1250.5 }],
      },
    });
    expect(created.status).toBe(201);
    const order = created.body.data;
    const manager = await apiLogin(baseURL, tenant, 'manager');
    const orders = await ordersAs(tenant, manager.token);

    const { context, page } = await signedInDevice(
      browser(),
      baseURL,
      tenant,
      'manager',
      '/manager-dashboard',
      { worker: true },
    );
    await page.getByTestId('manager-dashboard').waitFor();
    expect(await page.getByTestId('page-title').innerText()).toBe('Müdür Paneli');
    await expectCards(page, orders, 'stat-awaiting');
    expect(await tabs(page)).toEqual(['Onay Bekleyen Siparişler', 'Bildirimler', 'Takım Durumu']);
    for (const panel of ['panel-team-performance', 'panel-response-time', 'panel-quick-actions'])
      await page.getByTestId(panel).waitFor();
    expect(
      await page
        .getByTestId('panel-quick-actions')
        .locator('a')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href'))),
      // /admin only for whom it opens (admins): a manager is not offered a page that sends them away.
    ).toEqual(['/orders', '/customers', '/notifications']);

    // Team status: real people with figures counted from the orders (no sample members).
    await page.getByTestId('dash-tab-team').click();
    // The decisions need each order's history: read one by one (GET /orders/{id} carries events).
    const full: WireOrder[] = [];
    for (const o of orders) {
      const r = await api<Envelope<WireOrder>>(baseURL, tenant, `/orders/${o.id}`, { token: manager.token });
      full.push(r.body.data);
    }
    const { members } = countOrders(full);
    const stats = await api<Envelope<{ team: { user_id: string }[] }>>(baseURL, tenant, '/dashboard/stats', {
      token: manager.token,
    });
    const expectedIds =
      stats.status === 200 ? stats.body.data.team.map((m) => m.user_id) : [...members.keys()];
    expect(expectedIds.length).toBeGreaterThan(0);
    await expect
      .poll(
        async () =>
          (
            await page
              .getByTestId('mgr-team-member')
              .evaluateAll((els) => els.map((el) => el.getAttribute('data-user-id')))
          ).sort(),
        { timeout: 60_000 },
      )
      .toEqual([...expectedIds].sort());
    for (const id of expectedIds) {
      const figures = await page
        .locator(`[data-testid="mgr-team-member"][data-user-id="${id}"] [data-testid="mgr-member-figures"]`)
        .innerText();
      expect(figures).toContain(`Karar verilen sipariş: ${members.get(id)?.decided ?? 0}`);
    }
    await page.getByTestId('mgr-performance-summary').waitFor();
    expect(await page.getByTestId('perf-approval').innerText()).toMatch(/Sipariş Onay Oranı\s+(%[\d,]+|—)/);

    // The new order awaits approval on the dashboard.
    await page.getByTestId('dash-tab-awaiting').click();
    const row = page.getByTestId('dash-order-row').filter({ hasText: order.order_number });
    await expect.poll(() => row.count(), { timeout: 60_000 }).toBe(1);
    await waitForServiceWorker(page);

    // Offline: reload, approve from the dashboard.
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('manager-dashboard').waitFor({ timeout: 30_000 });
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    // The fresh count from the store (not the figures saved from the last visit).
    await expect
      .poll(() => page.getByTestId('dashboard-cards').getAttribute('data-fresh'), { timeout: 30_000 })
      .toBe('true');
    const awaitingBefore = Number(await card(page, 'stat-awaiting'));
    await row.getByTestId('mgr-approve').click();
    await expect.poll(() => row.count()).toBe(0);
    // The recount is throttled (at most one a second): the card follows within moments.
    await expect.poll(async () => Number(await card(page, 'stat-awaiting'))).toBe(awaitingBefore - 1);
    // Still approved locally after an offline reload; the server has not seen it yet.
    await page.reload();
    await page.getByTestId('manager-dashboard').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => card(page, 'stat-awaiting'), { timeout: 30_000 })
      .toBe(String(awaitingBefore - 1));
    const get = () =>
      api<Envelope<WireOrder & { events: { event_type: string; to_status: string }[] }>>(
        baseURL,
        tenant,
        `/orders/${order.id}`,
        { token: manager.token },
      );
    expect((await get()).body.data.status).toBe('pending_approval');

    // Online: sent once, approved once.
    await context.setOffline(false);
    await expect.poll(async () => (await get()).body.data.status, { timeout: 60_000 }).toBe('approved');
    await page.waitForTimeout(2_000); // a duplicate send would land by now
    const events = (await get()).body.data.events.filter(
      (e) => e.event_type === 'status_changed' && e.to_status === 'approved',
    );
    expect(events).toHaveLength(1);
    await context.close();
  });

  it('/dashboard, /manager-dashboard and /notifications open offline after one online visit', async () => {
    const { context, page } = await signedInDevice(browser(), baseURL, 'client1', 'admin', '/dashboard', {
      worker: true,
    });
    const ready: Record<string, () => Promise<unknown>> = {
      '/dashboard': () =>
        expect.poll(() => card(page, 'stat-total'), { timeout: 30_000 }).toMatch(/^[1-9]\d*$/),
      '/manager-dashboard': () =>
        expect.poll(() => card(page, 'stat-total'), { timeout: 30_000 }).toMatch(/^[1-9]\d*$/),
      '/notifications': () =>
        expect
          .poll(() => page.getByTestId('notification-row').count(), { timeout: 30_000 })
          .toBeGreaterThan(0),
    };
    for (const [path, check] of Object.entries(ready)) {
      await page.goto(`${baseURL}${path}`);
      await check();
    }
    await context.setOffline(true);
    for (const [path, check] of Object.entries(ready)) {
      await page.goto(`${baseURL}${path}`);
      expect(new URL(page.url()).pathname).toBe(path);
      await check();
    }
    await context.close();
  });

  it('/notifications: search, type filter and paging (20 per page) over the local store', async () => {
    const { token } = await apiLogin(baseURL, 'demo', 'manager');
    const list = await api<Envelope<{ notifications: { type: string; title: string }[] }>>(
      baseURL,
      'demo',
      '/notifications?limit=100',
      { token },
    );
    const all = list.body.data.notifications;
    expect(all.length).toBeGreaterThan(20); // paging has something to page
    const { context, page } = await signedInDevice(
      browser(),
      baseURL,
      'demo',
      'manager',
      '/manager-dashboard',
    );
    await page.goto(`${baseURL}/notifications`);
    const rows = page.getByTestId('notification-row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(20);
    const pager = page.getByTestId('notification-pagination');
    await expect.poll(() => pager.innerText()).toMatch(/1–20/);
    const firstPage = await rows.allInnerTexts();
    await pager.getByRole('button', { name: /sonraki/i }).click();
    await expect.poll(async () => (await rows.allInnerTexts())[0]).not.toBe(firstPage[0]);
    await expect.poll(() => pager.innerText()).toMatch(/21–/);

    // Type filter: only that type, as many as the store holds (first page of them).
    const type = all[0]?.type ?? 'order_created';
    const ofType = all.filter((n) => n.type === type).length;
    await page.getByTestId('notification-type-filter').click();
    await page
      .getByRole('option')
      // The filter lists 'Tümü' first, then the types in the contract's order.
      .nth(1 + NOTIFICATION_TYPES.indexOf(type as (typeof NOTIFICATION_TYPES)[number]))
      .click();
    await expect.poll(() => rows.count()).toBe(Math.min(20, ofType));
    expect(new Set(await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-type'))))).toEqual(
      new Set([type]),
    );

    // Search narrows to the rows whose text matches.
    const word = (all.find((n) => n.type === type)?.title ?? '').split(' ')[0] ?? '';
    await page.getByTestId('notification-search').fill(word);
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    for (const text of await rows.allInnerTexts())
      expect(text.toLocaleLowerCase('tr-TR')).toContain(word.toLocaleLowerCase('tr-TR'));
    await page.getByTestId('notification-search').fill('zzz-no-such-text');
    await expect.poll(() => rows.count()).toBe(0);
    await context.close();
  });

  it('no sideways scroll at 390×844 on /dashboard, /manager-dashboard and /notifications', async () => {
    const context = await newContext(browser(), { width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page, baseURL, 'client1', 'admin');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    for (const path of ['/dashboard', '/manager-dashboard', '/notifications']) {
      await page.goto(`${baseURL}${path}`);
      await page.getByTestId('page-title').waitFor();
      await expect.poll(() => page.locator('main').innerText(), { timeout: 30_000 }).toMatch(/\d/);
      expect({ path, fits: await noSidewaysScroll(page) }).toEqual({ path, fits: true });
    }
    // The tabs (the widest part) on /dashboard: each of them in turn.
    await page.goto(`${baseURL}/dashboard`);
    for (const key of ['orders', 'notifications', 'inventory', 'management']) {
      await page.getByTestId(`dash-tab-${key}`).click();
      expect({ key, fits: await noSidewaysScroll(page) }).toEqual({ key, fits: true });
    }
    await context.close();
  });
});
