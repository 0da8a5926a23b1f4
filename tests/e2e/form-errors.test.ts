import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { Order } from '../../src/shared/api/entities';
import { api, apiLogin, browserPerFile, newContext, signIn } from '../helpers/browser';

/**
 * A field's error clears the moment it is corrected: once a submit has said what is wrong with a
 * field, typing a valid value there takes that error away at once — the user does not have to
 * submit again to learn that the correction was taken — while the errors of the fields not yet
 * corrected stay. Tried in Chromium on the driver's delivery form, the sign-in form, and the
 * product and customer forms (all on the one rule of shared-ui/field-errors.ts).
 *
 * Accounts: tenant `default` (admin, driver).
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
const TENANT = 'default';

interface Envelope<T> {
  success: boolean;
  data: T;
}

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const r = await api<Envelope<T>>(baseURL, TENANT, path, { method, token, body });
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** How many elements of the page say exactly this (an error under a field, an alert). */
const saying = (page: Page | Locator, text: string) => page.getByText(text, { exact: true }).count();

describe('a corrected field loses its error at once (Chromium)', () => {
  it('the delivery form: a recipient typed after a refused submit clears its error; the missing signature still says so', async () => {
    const admin = await apiLogin(baseURL, TENANT, 'admin');
    const driver = await apiLogin(baseURL, TENANT, 'driver');
    const order = await call<Order>(admin.token, 'POST', '/orders', {
      customer_name: 'Hata Temizleme Müşterisi',
      customer_address: 'Kızılay Meydanı No:5, Ankara',
      items: [{ product_name: 'Dosya Dolabı', quantity: 1, unit_price: 2750 }],
    });
    await call(admin.token, 'PATCH', `/orders/${order.id}/status`, { status: 'approved' });
    await call(admin.token, 'PATCH', `/orders/${order.id}/assign-driver`, {
      driver_id: driver.user.id,
      vehicle_plate: '06 HTA 05',
    });
    for (const status of ['prepared', 'in_transit'])
      await call(admin.token, 'PATCH', `/orders/${order.id}/status`, { status });
    await call(driver.token, 'PATCH', `/orders/${order.id}/status`, { status: 'out_for_delivery' });

    const context = await newContext(browser());
    const page = await context.newPage();
    try {
      await signIn(page, baseURL, TENANT, 'driver');
      await page.waitForURL((url) => url.pathname === '/dashboard');
      const card = page.locator(`[data-testid="driver-order"][data-order-id="${order.id}"]`);
      await card.getByTestId('driver-deliver').click({ timeout: 30_000 });
      const dialog = page.getByTestId('delivery-dialog');
      await dialog.getByTestId('delivery-submit').click();
      await expect.poll(() => saying(dialog, 'Teslim alanın adı gereklidir')).toBe(1);
      expect(await saying(dialog, 'İmza gereklidir')).toBe(1);

      await dialog.getByTestId('delivery-recipient').fill('Ayşe Kaya');
      await expect.poll(() => saying(dialog, 'Teslim alanın adı gereklidir')).toBe(0);
      expect(await dialog.getByTestId('delivery-recipient').getAttribute('aria-invalid')).toBe('false');
      // Not corrected yet: still said.
      expect(await saying(dialog, 'İmza gereklidir')).toBe(1);
    } finally {
      await context.close();
    }
  });

  it("the sign-in form: 'Kullanıcı adı gereklidir.' goes as the username is typed, 'Şifre gereklidir.' as the password is", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    try {
      await page.goto(`${baseURL}/login?tenant=${TENANT}`);
      const submit = page.getByRole('button', { name: 'Giriş Yap', exact: true });
      const error = page.getByTestId('login-error');
      await submit.click();
      // A first visit's form: the app loads on this first submit, then answers it.
      await expect.poll(() => error.innerText(), { timeout: 30_000 }).toBe('Kullanıcı adı gereklidir.');
      await page.locator('input[name="username"]').fill('driver');
      await expect.poll(() => error.count()).toBe(0);

      await submit.click();
      await expect.poll(() => error.innerText()).toBe('Şifre gereklidir.');
      await page.locator('input[name="password"]').fill('demo1234');
      await expect.poll(() => error.count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('the product and customer forms: each corrected field loses its error, the others keep theirs', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    try {
      await signIn(page, baseURL, TENANT, 'admin');
      await page.waitForURL((url) => url.pathname !== '/login');

      await page.goto(`${baseURL}/product-management`);
      await page.getByTestId('products-add').click({ timeout: 30_000 });
      const product = page.getByTestId('product-form-dialog');
      await product.getByTestId('product-save').click();
      await expect.poll(() => saying(product, 'Ürün Adı gereklidir')).toBe(1);
      const others = await product.locator('p.Mui-error').count();
      expect(others).toBeGreaterThan(1);
      await product.getByTestId('product-name').fill('Düzeltilen Ürün');
      await expect.poll(() => saying(product, 'Ürün Adı gereklidir')).toBe(0);
      expect(await product.locator('p.Mui-error').count()).toBe(others - 1);
      await page.keyboard.press('Escape');
      await product.waitFor({ state: 'detached' });

      await page.goto(`${baseURL}/customers`);
      await page.getByTestId('customer-add').click({ timeout: 30_000 });
      await page.getByTestId('customer-save').click();
      const nameError = page.getByTestId('customer-dialog').locator('p.Mui-error');
      await expect.poll(() => nameError.count()).toBe(1);
      await page.getByTestId('customer-field-full_name').fill('Düzeltilen Müşteri');
      await expect.poll(() => nameError.count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
