import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { Order } from '../../src/shared/api/entities';
import { api, apiLogin, browserPerFile, newContext, signIn, waitForServiceWorker } from '../helpers/browser';
import { ensureAvailable } from '../helpers/stock';

/**
 * What a new user tripped over, tried as each role would in Chromium against `npm start`, on a
 * desktop (1280 px) and a phone (390 px): the dashboard's 'Reddet' asks and rejects, messages
 * never sit on a dialog's main button and close on time, the warehouse screen and the figures fit,
 * an offline success says it is only saved on the device, an unknown company is said at once, a
 * role sent away from a page is told why, and an unknown barcode is named as not on the order.
 *
 * Accounts: tenant `default` (manager, sales, driver, warehouse, admin) and `demo`'s admin, which
 * only reads; login.test.ts locks client1's driver and warehouse.
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
const TENANT = 'default';
const PHONE = { width: 390, height: 844 };

interface Envelope<T> {
  success: boolean;
  data: T;
}
type ServerOrder = Order & {
  events: { event_type: string; to_status: string | null; notes: string | null }[];
};

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const r = await api<Envelope<T>>(baseURL, TENANT, path, { method, token, body });
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** An order awaiting approval, made by the tenant's salesperson through the API. */
async function pendingOrder(customer: string): Promise<Order> {
  const sales = await apiLogin(baseURL, TENANT, 'sales');
  return call<Order>(sales.token, 'POST', '/orders', {
    customer_name: customer,
    customer_address: 'Atatürk Cad. No:12, Ankara',
    items: [{ product_name: 'Ofis Sandalyesi', quantity: 2, unit_price: 1499.9 }],
  });
}

interface Product {
  id: string;
  name: string;
  barcode: string | null;
  selling_price: number | string;
}

/** An approved order of one product with an EAN-13 (the manager creates and approves it). */
async function approvedOrder(
  customer: string,
): Promise<{ order: Order; product: Product & { barcode: string } }> {
  const manager = await apiLogin(baseURL, TENANT, 'manager');
  const products = await call<Product[]>(manager.token, 'GET', '/products?limit=50');
  const product = products.find(
    (p): p is Product & { barcode: string } => !!p.barcode && /^\d{13}$/.test(p.barcode),
  );
  if (!product) throw new Error('no product with an EAN-13');
  await ensureAvailable(baseURL, TENANT, [product.id], 50);
  const order = await call<Order>(manager.token, 'POST', '/orders', {
    customer_name: customer,
    customer_address: 'Organize Sanayi Bölgesi, Çorlu',
    items: [
      {
        product_id: product.id,
        product_name: product.name,
        quantity: 3,
        unit_price: Number(product.selling_price),
      },
    ],
  });
  await call(manager.token, 'PATCH', `/orders/${order.id}/status`, {
    status: 'approved',
    expected_status: 'pending_approval',
  });
  return { order, product };
}

/** Two boxes share some area (a message over a button). */
function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The visible snackbar's box (null when none is shown). */
async function snackbarBox(page: Page) {
  const snackbar = page.getByTestId('snackbar');
  if ((await snackbar.count()) === 0) return null;
  return snackbar.boundingBox();
}

/** The page does not scroll sideways. */
function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** A figure on one line and inside its own box (it never wraps mid-number, never spills out). */
function figureOnOneLine(figure: Locator): Promise<{ text: string; lines: number; spills: boolean }> {
  return figure.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    return { text: el.textContent ?? '', lines: tops.size, spills: el.scrollWidth > el.clientWidth + 1 };
  });
}

describe('what a new user tripped over (Chromium against npm start)', () => {
  it("manager: the dashboard's 'Reddet' asks (optional notes) and leaves the order rejected; one 'Takım Performansı'; the response bar coloured against the target", async () => {
    const order = await pendingOrder('Panel Ret Müşterisi');
    const manager = await apiLogin(baseURL, TENANT, 'manager');
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'manager');
    await page.waitForURL((url) => url.pathname === '/manager-dashboard');
    await page.getByTestId('manager-dashboard').waitFor();

    // The card says 'Takım Performansı'; the panel below names its own bar.
    expect(await page.getByRole('heading', { name: 'Takım Performansı', exact: true }).count()).toBe(1);

    // The response bar: green within the 60-minute target, red above it, whatever its length.
    const stats = await call<{ average_response_time: number | null; response_target_minutes: number }>(
      manager.token,
      'GET',
      '/dashboard/stats',
    );
    const average = stats.average_response_time;
    const tone = average === null ? 'none' : average <= stats.response_target_minutes ? 'good' : 'bad';
    const bar = page.getByTestId('panel-response-time').getByRole('progressbar');
    const colour = { none: 'colorPrimary', good: 'colorSuccess', bad: 'colorError' }[tone];
    await expect
      .poll(() => bar.getAttribute('class'), { timeout: 30_000 })
      .toContain(`MuiLinearProgress-${colour}`);
    expect(await page.getByTestId('response-verdict').innerText()).toMatch(
      { none: /^Hedef: 60 dakika$/, good: /^Hedef içinde/, bad: /^Hedefin üzerinde/ }[tone],
    );

    // 'Reddet' on the awaiting order: a question first, nothing changed yet.
    const row = page.getByTestId('dash-order-row').filter({ hasText: order.order_number });
    await expect.poll(() => row.count(), { timeout: 60_000 }).toBe(1);
    await row.getByTestId('mgr-reject').click();
    const dialog = page.getByTestId('status-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(order.order_number);
    expect((await call<ServerOrder>(manager.token, 'GET', `/orders/${order.id}`)).status).toBe(
      'pending_approval',
    );
    await dialog.getByTestId('status-notes').fill('Müşteri kredi limitini aştı');
    await dialog.getByTestId('status-confirm').click();
    await expect.poll(() => page.getByTestId('snackbar').innerText()).toBe('Sipariş reddedildi');
    await expect
      .poll(async () => (await call<ServerOrder>(manager.token, 'GET', `/orders/${order.id}`)).status, {
        timeout: 60_000,
      })
      .toBe('rejected');
    const events = (await call<ServerOrder>(manager.token, 'GET', `/orders/${order.id}`)).events;
    const rejected = events.filter((e) => e.event_type === 'status_changed');
    expect(rejected.map((e) => [e.to_status, e.notes])).toEqual([
      ['rejected', 'Müşteri kredi limitini aştı'],
    ]);
    await expect.poll(() => row.count()).toBe(0);

    // Cancelling the question changes nothing.
    const other = await pendingOrder('Panel Vazgeçme Müşterisi');
    const otherRow = page.getByTestId('dash-order-row').filter({ hasText: other.order_number });
    await expect.poll(() => otherRow.count(), { timeout: 60_000 }).toBe(1);
    await otherRow.getByTestId('mgr-reject').click();
    await dialog.getByRole('button', { name: 'İptal', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForTimeout(1_500); // a change sent anyway would reach the server by now
    expect((await call<ServerOrder>(manager.token, 'GET', `/orders/${other.id}`)).status).toBe(
      'pending_approval',
    );
    await context.close();
  });

  it('warehouse: /warehouse-dashboard fits 1280 px; the figures never wrap mid-number at 390 px', async () => {
    const { order } = await approvedOrder('Depo Genişlik Müşterisi');
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'warehouse');
    await page.waitForURL((url) => url.pathname === '/warehouse-dashboard');
    // The approved orders as a table (with its actions column) at this width.
    await page
      .locator(`tr[data-testid="wh-order"][data-order-id="${order.id}"]`)
      .waitFor({ timeout: 30_000 });
    expect({
      scrollWidth: await page.evaluate(() => document.documentElement.scrollWidth),
      fits: await fitsWidth(page),
    }).toMatchObject({ fits: true });
    // The actions column still has its name for screen readers.
    expect(
      await page.getByTestId('wh-approved').getByRole('columnheader', { name: 'İşlemler' }).count(),
    ).toBe(1);

    await page.setViewportSize(PHONE);
    await page.getByTestId('wh-order').first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    const value = await figureOnOneLine(page.getByTestId('wh-total-value'));
    expect(value.text).toMatch(/^[\d.]+,\d{2} TL$/);
    expect(value).toMatchObject({ lines: 1, spills: false });
    await context.close();
  });

  it('admin at 390 px: the dashboard amounts stay on one line', async () => {
    const context = await newContext(browser(), PHONE);
    const page = await context.newPage();
    // demo holds the most orders: the longest revenue figure.
    await signIn(page, baseURL, 'demo', 'admin');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const revenue = page.getByTestId('stat-revenue-value');
    await expect.poll(() => revenue.innerText(), { timeout: 60_000 }).toMatch(/^\d{1,3}(\.\d{3})+,\d{2} TL$/);
    expect(await figureOnOneLine(revenue)).toMatchObject({ lines: 1, spills: false });
    for (const row of await page.getByTestId('dash-order-row').all()) {
      const amount = row.locator('h6, .MuiTypography-subtitle2').filter({ hasText: / TL$/ }).first();
      expect((await figureOnOneLine(amount)).lines).toBe(1);
    }
    expect(await fitsWidth(page)).toBe(true);
    await context.close();
  });

  it("driver at 390 px: no message covers 'Teslimatı Kaydet'; offline the indicator says so in a word and the delivery is 'saved on the device'", async () => {
    const admin = await apiLogin(baseURL, TENANT, 'admin');
    const driver = await apiLogin(baseURL, TENANT, 'driver');
    const inTransit = async (customer: string) => {
      const order = await call<Order>(admin.token, 'POST', '/orders', {
        customer_name: customer,
        customer_address: 'Kızılay Meydanı No:3, Ankara',
        items: [{ product_name: 'Dosya Dolabı', quantity: 1, unit_price: 2750 }],
      });
      await call(admin.token, 'PATCH', `/orders/${order.id}/status`, { status: 'approved' });
      await call(admin.token, 'PATCH', `/orders/${order.id}/assign-driver`, {
        driver_id: driver.user.id,
        vehicle_plate: '06 UIF 15',
      });
      await call(admin.token, 'PATCH', `/orders/${order.id}/status`, { status: 'prepared' });
      await call(admin.token, 'PATCH', `/orders/${order.id}/status`, { status: 'in_transit' });
      return order;
    };
    const first = await inTransit('Kapı Teslim Müşterisi');
    const order = await inTransit('Kapı Teslim Müşterisi 2');

    const context = await newContext(browser(), PHONE, { worker: true });
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'driver');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await waitForServiceWorker(page);
    const cardOf = (id: string) => page.locator(`[data-testid="driver-order"][data-order-id="${id}"]`);
    const card = cardOf(order.id);
    await card.waitFor({ timeout: 30_000 });
    const dialog = page.getByTestId('delivery-dialog');
    const save = dialog.getByRole('button', { name: 'Teslimatı Kaydet' });
    const snackbar = page.getByTestId('snackbar');

    // A first delivery opened and put back (the dialog's code is on the device from now on).
    await cardOf(first.id).getByTestId('driver-start').click();
    await cardOf(first.id).getByTestId('driver-deliver').click();
    await save.waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'İptal', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    // A pointer resting on a message holds it (to be read): move it off the message's place.
    await page.mouse.move(195, 200);
    await snackbar.waitFor({ state: 'detached', timeout: 15_000 });

    // 'Teslimata çıkıldı' shows, and the delivery dialog opens while it is still there.
    await card.getByTestId('driver-start').click();
    await expect.poll(() => snackbar.innerText()).toBe('Teslimata çıkıldı');
    await card.getByTestId('driver-deliver').click();
    await save.waitFor();
    await page.waitForTimeout(400); // the dialog's and the message's entering animations
    const [message, button] = [await snackbarBox(page), await save.boundingBox()];
    // Both are on screen (so the check is not vacuous), and apart.
    expect(message).not.toBeNull();
    expect(button).not.toBeNull();
    if (message && button) expect(overlaps(message, button)).toBe(false);

    // Offline: a word beside the grey cloud, and the delivery is only saved on the device.
    await context.setOffline(true);
    const indicator = page.getByTestId('connection-indicator');
    await expect.poll(() => indicator.getAttribute('data-online')).toBe('false');
    expect(await indicator.locator('.MuiChip-label').isVisible()).toBe(true);
    expect(await indicator.innerText()).toBe('Çevrimdışı');
    expect(await fitsWidth(page)).toBe(true);
    await dialog.getByTestId('delivery-recipient').fill('Ayşe Kaya');
    const canvas = dialog.getByTestId('delivery-signature');
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('no signature canvas');
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++)
      await page.mouse.move(box.x + 20 + i * ((box.width - 40) / 12), box.y + box.height * (0.3 + 0.04 * i));
    await page.mouse.up();
    await save.click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.getByTestId('snackbar').innerText())
      .toBe('Bu cihazda kaydedildi; bağlantı gelince sunucuya gönderilecek.');
    await context.setOffline(false);
    await expect
      .poll(async () => (await call<ServerOrder>(admin.token, 'GET', `/orders/${order.id}`)).status, {
        timeout: 60_000,
      })
      .toBe('delivered');
    await context.close();
  });

  it("driver at 390 px, just signed in: 'Başarıyla giriş yapıldı' never covers 'Teslimatı Kaydet' of the first delivery opened", async () => {
    const admin = await apiLogin(baseURL, TENANT, 'admin');
    const driver = await apiLogin(baseURL, TENANT, 'driver');
    const order = await call<Order>(admin.token, 'POST', '/orders', {
      customer_name: 'Giriş Sonrası Teslim Müşterisi',
      customer_address: 'Kızılay Meydanı No:3, Ankara',
      items: [{ product_name: 'Dosya Dolabı', quantity: 1, unit_price: 2750 }],
    });
    await call(admin.token, 'PATCH', `/orders/${order.id}/status`, { status: 'approved' });
    await call(admin.token, 'PATCH', `/orders/${order.id}/assign-driver`, {
      driver_id: driver.user.id,
      vehicle_plate: '06 UIF 16',
    });
    for (const status of ['prepared', 'in_transit'])
      await call(admin.token, 'PATCH', `/orders/${order.id}/status`, { status });
    await call(driver.token, 'PATCH', `/orders/${order.id}/status`, { status: 'out_for_delivery' });

    const context = await newContext(browser(), PHONE);
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'driver');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const snackbar = page.getByTestId('snackbar');
    await expect.poll(() => snackbar.innerText()).toBe('Başarıyla giriş yapıldı');
    // A pointer resting on a message holds it (to be read): rest it there, so the message is
    // still up however long the orders take to arrive; the button is pressed from the keyboard.
    const held = await snackbar.boundingBox();
    if (!held) throw new Error('no message box');
    await page.mouse.move(held.x + held.width / 2, held.y + held.height / 2);
    const deliver = page
      .locator(`[data-testid="driver-order"][data-order-id="${order.id}"]`)
      .getByTestId('driver-deliver');
    await deliver.waitFor({ timeout: 30_000 });
    // Every frame from now on: once the dialog's main button is there, is the message over it, and
    // does a tap at its centre reach it? (A frame sampler: the first frames of a dialog count.)
    await page.evaluate(() => {
      const w = window as unknown as { __frames: { button: number; covered: number; blocked: number } };
      w.__frames = { button: 0, covered: 0, blocked: 0 };
      const tick = () => {
        const button = document.querySelector('[data-testid="delivery-submit"]');
        const message = document.querySelector('[data-testid="snackbar"]');
        const b = button?.getBoundingClientRect();
        if (button && b && b.height > 0) {
          w.__frames.button++;
          const m = message?.getBoundingClientRect();
          if (m && m.left < b.right && b.left < m.right && m.top < b.bottom && b.top < m.bottom)
            w.__frames.covered++;
          const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
          if (!hit || !button.contains(hit)) w.__frames.blocked++;
        }
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await deliver.focus();
    await page.keyboard.press('Enter');
    const save = page.getByTestId('delivery-dialog').getByRole('button', { name: 'Teslimatı Kaydet' });
    await save.waitFor({ timeout: 30_000 });
    await page.waitForTimeout(400); // the dialog's entering animation: more frames sampled
    const frames = await page.evaluate(
      () =>
        (window as unknown as { __frames: { button: number; covered: number; blocked: number } }).__frames,
    );
    // The message is still up (so the check is not vacuous), and in no frame over the button.
    expect(await snackbar.innerText()).toBe('Başarıyla giriş yapıldı');
    expect(frames.button).toBeGreaterThan(0);
    expect(frames).toMatchObject({ covered: 0, blocked: 0 });
    const [message, button] = [await snackbarBox(page), await save.boundingBox()];
    expect(message && button && !overlaps(message, button)).toBe(true);
    await context.close();
  });

  it("warehouse at 390 px: scanning shows its verdict inside the dialog, never over 'Siparişi Tamamla'; an unknown code is 'not on this order'", async () => {
    const { order: created, product } = await approvedOrder('Depo Telefon Müşterisi');

    const context = await newContext(browser(), PHONE);
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'warehouse');
    await page.waitForURL((url) => url.pathname === '/warehouse-dashboard');
    const card = page.locator(`[data-testid="wh-order"][data-order-id="${created.id}"]`);
    await card.waitFor({ timeout: 30_000 });
    await card.getByTestId('wh-prepare').click();
    const complete = page.getByTestId('prepare-complete');
    await complete.waitFor();
    await expect
      .poll(() => page.getByTestId('scan-input').evaluate((el) => el === document.activeElement))
      .toBe(true);

    // A real EAN-13 on no line of this order: read, and said to be not on this order.
    await page.keyboard.type('4006381333931');
    await page.keyboard.press('Enter');
    const feedback = page.getByTestId('scan-feedback');
    expect(await feedback.getAttribute('data-kind')).toBe('unknown');
    expect(await feedback.innerText()).toContain('Bu barkod bu siparişteki hiçbir ürüne ait değil');
    expect(await feedback.innerText()).not.toContain('okunamadı');

    // A match: the verdict in the dialog; whatever message shows, not over the main button.
    await page.keyboard.type(product.barcode);
    await page.keyboard.press('Enter');
    expect(await feedback.getAttribute('data-kind')).toBe('match');
    for (let i = 0; i < 5; i++) {
      const [m, b] = [await snackbarBox(page), await complete.boundingBox()];
      expect(b).not.toBeNull();
      if (m && b) expect(overlaps(m, b)).toBe(false);
      await page.waitForTimeout(200);
    }
    await context.close();
  });

  it('a message closes on time even when the window loses the focus (the save-password bubble after signing in)', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'sales');
    const snackbar = page.getByTestId('snackbar');
    await expect.poll(() => snackbar.innerText(), { timeout: 30_000 }).toBe('Başarıyla giriş yapıldı');
    await page.evaluate(() => window.dispatchEvent(new Event('blur')));
    // 6 s from when it appeared (plus the closing animation), not held while the window is away.
    await snackbar.waitFor({ state: 'detached', timeout: 8_000 });
    await context.close();
  });

  it("/login?tenant=<unknown> says 'Şirket bulunamadı.' at once, on the first visit's form and on the app's screen, under no earlier company's name", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    // The first visit's plain form: said before anyone types.
    await page.goto(`${baseURL}/login?tenant=yok-boyle`);
    const shellAlert = page.locator('[data-login-shell-alert]');
    expect(await shellAlert.isVisible()).toBe(true);
    expect(await shellAlert.innerText()).toBe('Şirket bulunamadı.');

    // A browser that knows another company (its screen was opened here before).
    await page.goto(`${baseURL}/login?tenant=client1`);
    expect(await shellAlert.isVisible()).toBe(false);
    await page.locator('input[name="username"]').click(); // loads the app, which remembers the company
    await page.waitForFunction(() => localStorage.getItem('tenantInfo')?.includes('client1'), undefined, {
      timeout: 30_000,
    });
    await page.goto(`${baseURL}/login?tenant=yok-boyle`);
    await page.getByTestId('tenant-missing').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('tenant-missing').innerText()).toBe('Şirket bulunamadı.');
    expect(await page.locator('body').innerText()).not.toContain('Anadolu Dağıtım');
    await context.close();
  });

  it('a role sent away from a page it may not open is told why', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'sales');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.goto(`${baseURL}/manager-dashboard`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await expect
      .poll(() => page.getByTestId('snackbar').innerText())
      .toBe('“Müdür Paneli” sayfasını açma yetkiniz yok; ana sayfanıza yönlendirildiniz.');
    await context.close();
  });
});
