import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { Order } from '../../src/shared/api/entities';
import { isOrderStatus, ORDER_STATUS_LABELS } from '../../src/shared/domain/order-status';
import { api, apiLogin, browserPerFile, DEMO_PASSWORD, newContext, signIn } from '../helpers/browser';

/**
 * Navigation and notices against the real product (npm start, PGlite, Chromium):
 * a deep link survives the sign-in, another company's ?tenant= while signed in offers a switch
 * instead of an endless loader, the orders list keeps search, status and page in the address
 * (so 'Geri' restores them), a failed change is a toast at the top right that closes by itself,
 * and a salesperson's own pending order offers 'İptal Et' (it cancels), never 'Reddet'.
 *
 * Read-only on the data: nothing here changes an order, so the other browser files' counts hold.
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();

interface Envelope<T> {
  data: T;
}
interface OrderList {
  orders: Order[];
}

async function listOrders(tenant: string, token: string, query = ''): Promise<Order[]> {
  const { status, body } = await api<Envelope<OrderList>>(baseURL, tenant, `/orders?limit=100${query}`, {
    token,
  });
  expect(status).toBe(200);
  return body.data.orders;
}

async function fillLogin(page: Page, username: string) {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
}

const fold = (s: string) => s.toLocaleLowerCase('tr-TR');
const params = (page: Page) => new URL(page.url()).searchParams;
const statusLabel = (status: string) => (isOrderStatus(status) ? ORDER_STATUS_LABELS[status] : status);

describe('navigation and notices (Chromium against npm start)', () => {
  it('a deep link opened signed out: /login, then after signing in the requested order; a route the role may not open falls back to the landing page', async () => {
    const { token } = await apiLogin(baseURL, 'default', 'manager');
    const order = (await listOrders('default', token))[2]!;
    const context = await newContext(browser());
    const page = await context.newPage();

    await page.goto(`${baseURL}/orders/${order.id}?tenant=default`);
    await page.waitForURL((url) => url.pathname === '/login');
    await fillLogin(page, 'manager');
    await page.waitForURL((url) => url.pathname === `/orders/${order.id}`);
    await expect
      .poll(() => page.getByTestId('order-detail-number').textContent(), { timeout: 30_000 })
      .toBe(order.order_number);
    expect(params(page).get('tenant')).toBe('default');

    // Signed out again, a salesperson asking for /admin lands on their own page instead.
    await page.evaluate(() => {
      localStorage.removeItem('token');
      localStorage.removeItem('user');
    });
    await page.goto(`${baseURL}/admin`);
    await page.waitForURL((url) => url.pathname === '/login');
    await fillLogin(page, 'sales');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await context.close();
  });

  it("another company's ?tenant= while signed in: a screen naming both, 'Oturumuma dön' returns, 'Çıkış yap ve geç' signs out to that company's login and then opens the address", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseURL, 'demo', 'manager');
    await page.waitForURL((url) => url.pathname === '/manager-dashboard');

    await page.goto(`${baseURL}/orders?tenant=client1`);
    const screen = page.getByTestId('tenant-mismatch');
    await screen.waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('tenant-mismatch-text').innerText())
      .toBe(
        'Bu oturum Demo Ticaret A.Ş. şirketine ait. Anadolu Dağıtım Ltd. Şti. şirketine geçmek için çıkış yapın.',
      );
    // No list (and no endless loader) behind it.
    expect(await page.getByTestId('orders-table').count()).toBe(0);

    // Back to my session: the same screen on my company, with its orders.
    await page.getByRole('button', { name: 'Oturumuma dön' }).click();
    await page.waitForURL((url) => url.pathname === '/orders' && url.searchParams.get('tenant') === 'demo');
    await expect.poll(() => page.getByTestId('order-row').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await screen.count()).toBe(0);

    // Switch: signed out, on client1's login; after signing in there, the address asked for.
    await page.goto(`${baseURL}/orders?tenant=client1`);
    await screen.waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Çıkış yap ve geç' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('tenant') === 'client1');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await fillLogin(page, 'manager');
    await page.waitForURL(
      (url) => url.pathname === '/orders' && url.searchParams.get('tenant') === 'client1',
    );
    const { token } = await apiLogin(baseURL, 'client1', 'manager');
    const client1Orders = await listOrders('client1', token);
    const newest = client1Orders[0]!;
    await expect
      .poll(() => page.locator(`[data-testid="order-row"][data-order-id="${newest.id}"]`).count(), {
        timeout: 30_000,
      })
      .toBe(1);
    await context.close();
  });

  it("/orders keeps search, status and page in the address: an order's 'Geri' and the browser's back restore them; the first cell is a real link", async () => {
    const { token } = await apiLogin(baseURL, 'demo', 'manager');
    const all = await listOrders('demo', token);
    const matches = (o: Order, q: string) =>
      fold(o.order_number).includes(fold(q)) || fold(o.customer_name).includes(fold(q));
    // A search every order number matches (their common prefix): more than one page of results.
    const q = all[0]!.order_number.slice(0, 3);
    const found = all.filter((o) => matches(o, q));
    expect(found.length).toBeGreaterThan(10);
    const secondPage = `11–${Math.min(20, found.length)} / ${found.length}`;

    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseURL, 'demo', 'manager');
    await page.waitForURL((url) => url.pathname === '/manager-dashboard');
    await page.goto(`${baseURL}/orders`);
    const rows = page.getByTestId('order-row');
    const pagination = page.getByTestId('orders-pagination');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(10);

    // Search, then the second page: both in the address. (The page is turned as soon as the search
    // is in the address, before the list has caught up with it: turning it must not drop `q`.)
    const searchBox = page.getByTestId('orders-search');
    const searchText = () => searchBox.inputValue();
    await searchBox.fill(q);
    await expect.poll(() => params(page).get('q')).toBe(q);
    const firstOfPage = () => rows.first().getAttribute('data-order-id');
    await expect.poll(() => rows.count()).toBe(10);
    const firstOfPageOne = await firstOfPage();
    await page.getByRole('button', { name: 'Sonraki sayfa' }).click();
    await expect.poll(() => params(page).get('page')).toBe('2');
    expect(params(page).get('q')).toBe(q);
    await expect.poll(() => pagination.innerText()).toContain(secondPage);
    await expect.poll(firstOfPage).not.toBe(firstOfPageOne);
    const listUrl = page.url();

    // The first cell of a row is an <a href> to the order (open in a new tab works).
    const id = (await firstOfPage())!;
    const row = page.locator(`[data-testid="order-row"][data-order-id="${id}"]`);
    const link = row.getByTestId('order-link');
    expect(await link.evaluate((el) => el.tagName)).toBe('A');
    expect(await link.getAttribute('href')).toBe(`/orders/${id}`);

    // Open it, then 'Geri': the same search and page.
    await link.click();
    await page.waitForURL((url) => url.pathname === `/orders/${id}`);
    await page.getByTestId('order-detail-number').waitFor({ timeout: 30_000 });
    await page.getByTestId('order-back').click();
    await page.waitForURL((url) => url.pathname === '/orders');
    expect(page.url()).toBe(listUrl);
    // (the address changes at once; the list is drawn a moment later)
    await expect.poll(searchText, { timeout: 30_000 }).toBe(q);
    await expect.poll(() => pagination.innerText(), { timeout: 30_000 }).toContain(secondPage);
    await expect.poll(firstOfPage).toBe(id);

    // The browser's back button does the same, and so does a reload.
    await rows.nth(1).click();
    await page.waitForURL((url) => url.pathname.startsWith('/orders/'));
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/orders');
    expect(page.url()).toBe(listUrl);
    await expect.poll(searchText, { timeout: 30_000 }).toBe(q);
    await expect.poll(() => pagination.innerText(), { timeout: 30_000 }).toContain(secondPage);
    await expect.poll(firstOfPage).toBe(id);
    await page.reload();
    await expect.poll(() => pagination.innerText(), { timeout: 30_000 }).toContain(secondPage);
    await expect.poll(firstOfPage, { timeout: 30_000 }).toBe(id);
    await expect.poll(searchText, { timeout: 30_000 }).toBe(q);
    expect(page.url()).toBe(listUrl);

    // A status filter joins the search (and starts from the first page): 'Geri' restores both.
    const status = all[0]!.status;
    const both = all.filter((o) => o.status === status && matches(o, q));
    await page.getByTestId('orders-status-filter').click();
    await page.getByRole('option', { name: statusLabel(status), exact: true }).click();
    await expect.poll(() => params(page).get('status')).toBe(status);
    expect(params(page).get('q')).toBe(q);
    expect(params(page).get('page')).toBeNull();
    await expect.poll(() => rows.count()).toBe(Math.min(10, both.length));
    const filteredUrl = page.url();
    await rows.first().getByTestId('order-link').click();
    await page.waitForURL((url) => url.pathname.startsWith('/orders/'));
    await page.getByTestId('order-detail-number').waitFor({ timeout: 30_000 });
    await page.getByTestId('order-back').click();
    await page.waitForURL((url) => url.pathname === '/orders');
    expect(page.url()).toBe(filteredUrl);
    await expect.poll(searchText, { timeout: 30_000 }).toBe(q);
    await expect
      .poll(() => page.getByTestId('orders-status-filter').innerText())
      .toContain(statusLabel(status));
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(Math.min(10, both.length));
    for (const value of await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))))
      expect(value).toBe(status);

    // The box follows the address when it changes while the list stays open: another search typed
    // on the filtered view, then the browser's back (to the unfiltered second page) brings back q.
    const other = `${q}-yok`;
    await searchBox.fill(other);
    await expect.poll(() => params(page).get('q')).toBe(other);
    await page.goBack();
    await page.waitForURL((url) => url.href === listUrl);
    await expect.poll(searchText, { timeout: 30_000 }).toBe(q);
    await expect.poll(() => pagination.innerText(), { timeout: 30_000 }).toContain(secondPage);
    await context.close();
  });

  it('a failed change shows a toast at the top right with the server error, which closes by itself', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    // (an account no other browser test signs in with: a wrong current password counts towards the
    // same per-account lockout as a wrong login password)
    await signIn(page, baseURL, 'demo', 'driver2');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.goto(`${baseURL}/profile`);
    await page.locator('input[name="current_password"]').fill('yanlis-sifre');
    await page.locator('input[name="new_password"]').fill('YeniSifre2026');
    await page.getByRole('button', { name: 'Kaydet', exact: true }).click();

    const toast = page.getByTestId('toast');
    await toast.waitFor({ timeout: 15_000 });
    expect(await toast.innerText()).toContain('Mevcut şifre hatalı.');
    const box = (await toast.boundingBox())!;
    const viewport = page.viewportSize()!;
    // Top right: near the top edge and the right edge of the window.
    expect(box.y).toBeLessThan(100);
    expect(viewport.width - (box.x + box.width)).toBeLessThan(60);
    expect(box.x).toBeGreaterThan(viewport.width / 2);
    // It closes by itself (after 5 s; the exact time is not asserted).
    await toast.waitFor({ state: 'hidden', timeout: 20_000 });
    await context.close();
  });

  it("a salesperson's own pending order offers 'İptal Et' (it cancels), never 'Reddet'", async () => {
    const { token, user } = await apiLogin(baseURL, 'demo', 'sales');
    const pending = (await listOrders('demo', token, '&status=pending_approval')).find(
      (o) => o.salesperson_id === user.id,
    );
    expect(pending).toBeDefined();
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseURL, 'demo', 'sales');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.goto(`${baseURL}/orders/${pending!.id}`);
    const cancel = page.getByTestId('order-action-cancelled');
    await cancel.waitFor({ timeout: 30_000 });
    expect(await cancel.innerText()).toBe('İptal Et');
    expect(await page.getByRole('button', { name: 'Reddet' }).count()).toBe(0);
    await context.close();
  });
});
