import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { apiLogin, browserPerFile, newContext, signIn } from '../helpers/browser';

/**
 * The fleet on the admin's 'Sistem Durumu' tab: a salesperson's device whose changes cannot be
 * sent (its pushes are cut, its pulls still go through) reports them with its pulls, and the
 * admin sees that device with unsent changes; on /settings the salesperson exports the unsent
 * changes to a file that lists them. The tab and /settings at 390 px in English, axe clean.
 *
 * Tenant `demo`; nothing tenant-wide is changed. The customers the device queues never reach the
 * server: at the end the salesperson clears the device's data, accepting their loss.
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
const TENANT = 'demo';
async function noSidewaysScroll(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

async function addCustomer(page: Page, name: string) {
  await page.getByTestId('customer-add').click();
  const dialog = page.getByTestId('customer-dialog');
  await dialog.waitFor();
  await page.getByTestId('customer-field-full_name').fill(name);
  await page.getByTestId('customer-save').click();
  await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
}

describe('system status and this device (Chromium against npm start)', () => {
  it("a device that cannot send shows on the admin's tab with its unsent changes; /settings exports them", async () => {
    const stamp = Date.now();
    const names = [`Cihaz Müşteri A ${stamp}`, `Cihaz Müşteri B ${stamp}`];

    // ------------------------------------------------- the salesperson's device (second context) ---
    const salesContext = await newContext(browser());
    const sales = await salesContext.newPage();
    await signIn(sales, baseURL, TENANT, 'sales2');
    await sales.waitForURL((url) => url.pathname === '/dashboard');
    await sales.goto(`${baseURL}/customers`);
    await sales.getByTestId('customer-add').waitFor({ timeout: 30_000 });
    const deviceId = await sales.evaluate(() => localStorage.getItem('device_id'));
    expect(deviceId).toMatch(/^[A-Za-z0-9-]{8,64}$/);

    // Its writes never reach the server (batched or one by one); its reads (pulls) still do.
    await salesContext.route(/\/api\/(sync\/push|customers)(\?|$)/, (route) =>
      route.request().method() === 'GET' ? route.continue() : route.abort('internetdisconnected'),
    );
    for (const name of names) await addCustomer(sales, name);

    // ------------------------------------------------------------------ the admin's status tab ---
    const adminContext = await newContext(browser());
    const admin = await adminContext.newPage();
    await signIn(admin, baseURL, TENANT, 'admin');
    await admin.waitForURL((url) => url.pathname === '/dashboard');
    await admin.goto(`${baseURL}/admin?tab=3`);
    await admin.getByTestId('admin-status').waitFor({ timeout: 30_000 });
    await expect.poll(() => admin.getByTestId('status-value-health').count(), { timeout: 30_000 }).toBe(1);
    const row = admin.locator(`[data-testid="device-row"][data-device="${deviceId}"]`);
    // The device reports with its next pull (every 15 s, or on a live event): refresh until it is
    // there with both waiting changes (the customers) — a pull between the two additions reports
    // one, and the next pull reports both.
    const waiting = async () => {
      await admin.getByTestId('status-refresh').click();
      await expect
        .poll(() => admin.getByTestId('status-refresh').isEnabled(), { timeout: 15_000 })
        .toBe(true);
      if ((await row.count()) === 0) return '';
      const cells = await row.locator('td').allInnerTexts();
      return `${cells[2]} ${await row.innerText()}`;
    };
    await expect
      .poll(waiting, { timeout: 90_000, interval: 3_000 })
      .toMatch(/^2 [\s\S]*Gönderilmemiş değişiklik var/);
    const { user } = await apiLogin(baseURL, TENANT, 'sales2');
    expect(await row.innerText()).toContain((user as unknown as { full_name: string }).full_name);
    await expect.poll(() => row.getByTestId('device-state-unsent').count()).toBe(1);
    // Two waiting changes (the customers), the version the build carries.
    const cells = await row.locator('td').allInnerTexts();
    expect(cells[2]).toBe('2');
    expect(cells[5]).toMatch(/^\d+\.\d+\.\d+/);
    // Live cards from the server, not samples.
    expect(await admin.getByTestId('status-value-ram').innerText()).toMatch(/^%\d/);
    expect(await admin.getByTestId('status-value-response').innerText()).toMatch(/sn$/);

    // ---------------------------------------------------------- /settings: export the unsent ---
    await sales.goto(`${baseURL}/settings`);
    await sales.getByTestId('settings-device').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => sales.getByTestId('settings-outbox-count').innerText())
      .toBe('2 bekleyen, 0 reddedilen');
    const [download] = await Promise.all([
      sales.waitForEvent('download'),
      sales.getByTestId('settings-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^gonderilmemis-degisiklikler-demo-\d{12}\.json$/);
    const path = await download.path();
    const file = JSON.parse(readFileSync(path, 'utf8')) as {
      tenant: string;
      device_id: string;
      user: { username: string };
      count: number;
      changes: Array<{ kind: string; status: string; summary: string; body: { full_name?: string } }>;
    };
    expect(file).toMatchObject({
      tenant: TENANT,
      device_id: deviceId,
      count: 2,
      user: { username: 'sales2' },
    });
    expect(file.changes.map((c) => c.body.full_name)).toEqual(names);
    expect(file.changes.every((c) => c.kind === 'customer.create' && c.status === 'pending')).toBe(true);

    // Clearing is refused while changes wait, until the loss is explicitly accepted (not done here).
    await sales.getByTestId('settings-clear').click();
    const clearDialog = sales.getByTestId('settings-clear-dialog');
    await clearDialog.waitFor();
    expect(await sales.getByTestId('settings-clear-unsent').innerText()).toContain('2 değişiklik');
    expect(await sales.getByTestId('settings-clear-confirm').isDisabled()).toBe(true);
    await sales.getByTestId('settings-clear-accept').click();
    expect(await sales.getByTestId('settings-clear-confirm').isEnabled()).toBe(true);
    await clearDialog.getByRole('button', { name: 'Vazgeç' }).click();
    await expect.poll(() => clearDialog.count()).toBe(0);

    // --------------------------------------------------------------- 390 px, English, axe ---
    for (const page of [admin, sales]) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.evaluate(() => localStorage.setItem('language', 'en'));
    }
    await admin.goto(`${baseURL}/admin?tab=3`);
    await admin.getByTestId('devices-cards').waitFor({ timeout: 30_000 });
    await expect.poll(() => admin.getByText('System health').count()).toBeGreaterThan(0);
    const card = admin.locator(`[data-testid="device-row"][data-device="${deviceId}"]`);
    expect(await card.innerText()).toContain('Has unsent changes');
    expect(await noSidewaysScroll(admin)).toBe(true);
    expect(await seriousViolations(admin)).toEqual([]);

    await sales.goto(`${baseURL}/settings`);
    await sales.getByTestId('settings-device').waitFor({ timeout: 30_000 });
    await expect
      .poll(() => sales.getByTestId('settings-outbox-count').innerText())
      .toBe('2 waiting, 0 refused');
    expect(await sales.getByText('Export unsent changes to a file').count()).toBe(1);
    expect(await noSidewaysScroll(sales)).toBe(true);
    expect(await seriousViolations(sales)).toEqual([]);

    // Clearing after accepting the loss: signed out, this user's local store deleted (its unsent
    // changes with it), the device keeps its id.
    const storeName = `sys-${TENANT}-${user.id}`;
    const databases = () => sales.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
    expect(await databases()).toContain(storeName);
    await sales.getByTestId('settings-clear').click();
    await sales.getByTestId('settings-clear-accept').click();
    await sales.getByTestId('settings-clear-confirm').click();
    await sales.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
    await expect.poll(databases, { timeout: 15_000 }).not.toContain(storeName);
    expect(await sales.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await sales.evaluate(() => localStorage.getItem('device_id'))).toBe(deviceId);

    await adminContext.close();
    await salesContext.close();
  });
});
