import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { api, apiLogin, browserPerFile, newContext, signIn, waitForServiceWorker } from '../helpers/browser';
import { chooseEnglish } from '../helpers/language';

const baseURL = inject('baseURL');
const browser = browserPerFile();
describe('admin panel: system logs and orders (Chromium against npm start)', () => {
  it('filters the log, opens an entry in full, and downloads the filtered entries as CSV', async () => {
    // A failed sign-in with a username of its own: the entry this test looks for.
    const tried = `e2e-ziyaretçi-${Date.now()}`;
    const failed = await api(baseURL, 'demo', '/auth/login', {
      method: 'POST',
      body: { username: tried, password: 'yanlış-şifre' },
    });
    expect(failed.status).toBe(401);

    const context = await newContext(browser(), undefined, { worker: true });
    const page = await context.newPage();
    await signIn(page, baseURL, 'demo', 'admin');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${baseURL}/admin?tab=4`);
    await page.getByTestId('logs-table').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('log-row').count(), { timeout: 30_000 }).toBeGreaterThan(0);

    // Level 'Uyarı' and the username typed in capitals (Turkish folding finds it).
    await page.getByTestId('logs-level').click();
    await page.getByRole('option', { name: 'Uyarı', exact: true }).click();
    await page.getByTestId('logs-search').fill(tried.toLocaleUpperCase('tr-TR'));
    await expect.poll(() => page.getByTestId('log-row').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('log-row').innerText()).toContain(tried);

    await page.getByTestId('log-row').click();
    const dialog = page.getByTestId('log-detail');
    await dialog.waitFor();
    expect(await page.getByTestId('log-detail-user').innerText()).toBe(tried);
    expect(await page.getByTestId('log-detail-message').innerText()).toContain('Başarısız giriş denemesi');
    expect(await page.getByTestId('log-detail-ip').innerText()).toMatch(/\d|:/);
    expect(await page.getByTestId('log-detail-agent').innerText()).not.toBe('');
    expect(await page.getByTestId('log-detail-level').innerText()).toBe('Uyarı');
    expect(await page.getByTestId('log-detail-time').innerText()).toMatch(/\d{2}\.\d{2}\.\d{4}/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('log-detail-close').click();
    await expect.poll(() => dialog.count()).toBe(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('logs-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sistem-loglari-demo-.*\.csv$/);
    const path = await download.path();
    const csv = readFileSync(path, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toContain('Kullanıcı aracısı');
    expect(lines).toHaveLength(2); // the header and the one filtered entry
    expect(lines[1]).toContain(tried);
    expect(lines[1]).toContain('Uyarı');

    // Offline after this visit: a fresh page load shows the cached log, read-only, and says so.
    await page.getByTestId('logs-clear').click();
    await expect.poll(() => page.getByTestId('log-row').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    await waitForServiceWorker(page);
    await expect
      .poll(
        () =>
          page.evaluate(
            () =>
              new Promise<boolean>((resolve) => {
                void indexedDB.databases().then((all) => {
                  const name = all.map((d) => d.name ?? '').find((n) => n.startsWith('sys-demo-'));
                  if (!name) return resolve(false);
                  const open = indexedDB.open(name);
                  open.onsuccess = () => {
                    const get = open.result.transaction('meta').objectStore('meta').get('query_cache');
                    get.onsuccess = () => {
                      open.result.close();
                      resolve(String(JSON.stringify(get.result?.value ?? '')).includes('/admin/logs'));
                    };
                    get.onerror = () => resolve(false);
                  };
                  open.onerror = () => resolve(false);
                });
              }),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('logs-offline').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('log-row').count(), { timeout: 30_000 }).toBeGreaterThan(1);
    expect(await page.getByTestId('logs-export').isDisabled()).toBe(true);
    await context.close();
  });

  it('in English: English messages, the record named and linked, and the changed fields', async () => {
    // A product edited through the API: the entry this test reads.
    const { token } = await apiLogin(baseURL, 'demo', 'admin');
    const code = `E2E-${Date.now()}`;
    const name = `Magic Keyboard ${code.slice(-4)}`;
    const created = await api<{ data: { id: string } }>(baseURL, 'demo', '/products', {
      method: 'POST',
      token,
      body: {
        name,
        product_code: code,
        selling_price_kurus: 90_099,
        cost_price_kurus: 50_000,
        min_stock: 1,
        current_stock: 3,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const edited = await api(baseURL, 'demo', `/products/${created.body.data.id}`, {
      method: 'PUT',
      token,
      body: { selling_price_kurus: 95_000 },
    });
    expect(edited.status).toBe(200);

    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseURL, 'demo', 'admin');
    await page.waitForURL((url) => url.pathname !== '/login');
    await chooseEnglish(page);
    await page.goto(`${baseURL}/admin?tab=4`);
    await page.getByTestId('logs-table').waitFor({ timeout: 30_000 });
    // The English words the reader sees find it.
    await page.getByTestId('logs-search').fill(`product updated: ${name}`);
    await expect
      .poll(() => page.getByTestId('log-message').allInnerTexts(), { timeout: 15_000 })
      .toEqual([`Product updated: ${name} (${code})`]);
    // Sign-ins read in English too (not the Turkish sentence).
    await page.getByTestId('logs-search').fill('signed in');
    await expect
      .poll(() => page.getByTestId('log-message').first().innerText(), { timeout: 15_000 })
      .toBe('User signed in');

    await page.getByTestId('logs-search').fill(code);
    await expect
      .poll(() => page.getByTestId('log-message').allInnerTexts(), { timeout: 15_000 })
      .toEqual([`Product updated: ${name} (${code})`, `Product added: ${name} (${code})`]);
    await page.getByTestId('log-row').first().click();
    await page.getByTestId('log-detail').waitFor();
    expect(await page.getByTestId('log-detail-message').innerText()).toBe(
      `Product updated: ${name} (${code})`,
    );
    expect(await page.getByTestId('log-detail-record-name').innerText()).toBe(`${name} (${code})`);
    const change = page.getByTestId('log-detail-change');
    expect(await change.count()).toBe(1);
    expect(await change.innerText()).toBe('Selling price: 900,99 TL → 950,00 TL');
    expect(await seriousViolations(page)).toEqual([]);
    const link = page.getByTestId('log-detail-record-link');
    expect(await link.innerText()).toBe('Open the product');
    await link.click();
    await page.waitForURL((url) => url.pathname === '/product-management');
    expect(await page.getByTestId('products-search').inputValue()).toBe(code);
    await context.close();
  });

  it('the orders tab lists the orders and its details button opens /orders/{id}', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseURL, 'demo', 'admin');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${baseURL}/admin?tab=5`);
    await page.getByTestId('admin-orders-table').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('admin-order-row').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    expect(await page.getByTestId('admin-order-total').first().innerText()).toMatch(/^[\d.]+,\d{2} TL$/);
    // The status filter: pending_approval rows carry the warning chip.
    await page.getByTestId('admin-orders-status').click();
    await page.getByRole('option', { name: 'Onay Bekliyor', exact: true }).click();
    await expect
      .poll(async () => {
        const statuses = await page
          .locator('[data-testid="admin-order-row"] [data-status]')
          .evaluateAll((els) =>
            els.map(
              (el) =>
                `${el.getAttribute('data-status')} ${el.className.includes('Warning') ? 'warning' : ''}`,
            ),
          );
        return statuses.length > 0 && statuses.every((s) => s === 'pending_approval warning');
      })
      .toBe(true);
    const row = page.getByTestId('admin-order-row').first();
    const id = await row.getAttribute('data-order-id');
    await row.getByTestId('admin-order-details').click();
    await page.waitForURL((url) => url.pathname === `/orders/${id}`);
    await context.close();
  });

  it('both tabs at 390 px in English: cards, no sideways scroll, axe clean', async () => {
    const context = await newContext(browser(), { width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page, baseURL, 'demo', 'admin');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${baseURL}/admin?tab=4`);
    await page.getByTestId('logs-cards').waitFor({ timeout: 30_000 });
    await chooseEnglish(page);
    await expect.poll(() => page.getByTestId('logs-export').innerText()).toBe('Download CSV');
    await expect.poll(() => page.getByTestId('log-row').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('logs-table').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('log-row').first().click();
    await page.getByTestId('log-detail').waitFor();
    expect(await page.getByTestId('log-detail').innerText()).toContain('User agent');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto(`${baseURL}/admin?tab=5`);
    await page.getByTestId('admin-orders-cards').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('admin-order-row').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('admin-order-details').first().innerText()).toBe('Details');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
