import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import {
  api,
  apiLogin,
  browserPerFile,
  messagesShown,
  newContext,
  recordMessages,
  signIn,
  waitForServiceWorker,
} from '../helpers/browser';
import { chooseEnglish } from '../helpers/language';

/**
 * /product-management as an admin uses it (Chromium against `npm start`, tenant client1 with
 * codes of its own, so other files' catalogues are untouched): add a product with an image and a
 * salesperson sees it, with the image, on /sales after a pull; an edit made on a version someone
 * changed meanwhile shows the conflict and the product as it is now; delete asks (saying what
 * stock it writes off) and removes; a product open orders hold is not deleted and the refusal is
 * shown, for one product and per product of a bulk delete; bulk deactivate of the selected rows; cards at 390 px; English. And /create-order refuses more
 * than a product's available stock.
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
const TENANT = 'client1';
const RUN = Date.now().toString(36).toUpperCase();

/** A real 8×8 PNG (solid red), made here, to upload as a product image. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: 8 }, () => [220, 20, 60]).flat()),
  ]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: 8 }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PNG = png();

interface ApiProduct {
  id: string;
  name: string;
  product_code: string;
  status: string;
  version: number;
  images: { url: string }[];
  selling_price_kurus: number;
}

async function adminToken() {
  return (await apiLogin(baseURL, TENANT, 'admin')).token;
}

async function findByCode(token: string, code: string): Promise<ApiProduct | undefined> {
  const { body } = await api<{ data: ApiProduct[] }>(
    baseURL,
    TENANT,
    `/products?search=${encodeURIComponent(code)}&limit=100`,
    { token },
  );
  return body.data.find((p) => p.product_code === code);
}

async function createViaApi(token: string, code: string, overrides: Record<string, unknown> = {}) {
  const { status, body } = await api<{ data: ApiProduct }>(baseURL, TENANT, '/products', {
    method: 'POST',
    token,
    body: {
      name: `Test Ürünü ${code}`,
      product_code: code,
      selling_price_kurus: 10_000,
      cost_price_kurus: 5_000,
      min_stock: 1,
      current_stock: 10,
      ...overrides,
    },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body.data;
}

/** axe-core's serious and critical findings on the page as it is now (as tests/e2e/axe.test.ts runs it). */
async function snackbarText(page: Page): Promise<string> {
  const alert = page.locator('.MuiSnackbar-root .MuiAlert-message');
  return (await alert.count()) ? (await alert.first().innerText()).trim() : '';
}

/**
 * Waits until `text` has been shown as a snackbar (recorded, so its auto-hide cannot race the
 * check); when it never is, the failure says which messages were shown and what the form shows.
 */
async function expectMessage(page: Page, text: string, timeout: number) {
  try {
    await expect.poll(() => messagesShown(page), { timeout }).toContain(text);
  } catch {
    const form = await page
      .getByTestId('product-form-dialog')
      .innerText({ timeout: 1000 })
      .catch(() => '(no form open)');
    throw new Error(
      `'${text}' was not shown; messages: ${JSON.stringify(await messagesShown(page))}; form: ${form}`,
    );
  }
}

async function openAdmin(width = 1280, worker = false) {
  const context = await newContext(browser(), { width, height: 900 }, { worker });
  await recordMessages(context);
  const page = await context.newPage();
  await signIn(page, baseURL, TENANT, 'admin');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  await page.goto(`${baseURL}/product-management`);
  await page.getByTestId('product-management').waitFor();
  await expect.poll(() => page.getByTestId('product-row').count(), { timeout: 30_000 }).toBeGreaterThan(0);
  return { context, page };
}

async function searchFor(page: Page, text: string, rows: number) {
  await page.getByTestId('products-search').fill(text);
  await expect.poll(() => page.getByTestId('product-row').count(), { timeout: 30_000 }).toBe(rows);
}

/** An order of `quantity` of `product`, made by the salesperson and approved by the manager: its number. */
async function approvedOrder(product: ApiProduct, quantity: number): Promise<string> {
  const sales = (await apiLogin(baseURL, TENANT, 'sales')).token;
  const manager = (await apiLogin(baseURL, TENANT, 'manager')).token;
  const made = await api<{ data: { id: string; order_number: string } }>(baseURL, TENANT, '/orders', {
    method: 'POST',
    token: sales,
    body: {
      customer_name: 'Silme Testi',
      items: [{ product_id: product.id, product_name: product.name, quantity, unit_price: 10 }],
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const approved = await api(baseURL, TENANT, `/orders/${made.body.data.id}/status`, {
    method: 'PATCH',
    token: manager,
    body: { status: 'approved', expected_status: 'pending_approval' },
  });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return made.body.data.order_number;
}

/**
 * Until the device's mirror holds the order that holds the one product listed (the delete dialog
 * reads the mirror when it opens): opens and closes the dialog until it names an order.
 */
async function waitUntilHeld(page: Page) {
  const confirm = page.getByTestId('products-confirm');
  await expect
    .poll(
      async () => {
        await page.getByTestId('product-delete').first().click();
        await confirm.waitFor();
        await page.waitForTimeout(300);
        const held = await confirm.getByTestId('products-delete-held').count();
        await page.keyboard.press('Escape');
        await confirm.waitFor({ state: 'detached' });
        return held;
      },
      { timeout: 30_000 },
    )
    .toBe(1);
}

describe('/product-management (Chromium against npm start)', () => {
  it('an admin adds a product with an image; a salesperson sees it with the image on /sales after a pull', async () => {
    const code = `PM-${RUN}-A`;
    const { context, page } = await openAdmin();
    // The table: select-all, image, status and stock chips; 10 rows by default.
    expect(await page.getByTestId('product-row').count()).toBeLessThanOrEqual(10);
    await page.getByTestId('products-add').click();
    const dialog = page.getByTestId('product-form-dialog');
    await dialog.waitFor();

    // The generic form rules, then the errors clear as the fields are edited.
    await page.getByTestId('product-save').click();
    await expect.poll(() => dialog.innerText()).toContain('Ürün Adı gereklidir');
    await page.getByTestId('product-name').fill('Kablosuz Kulaklık Test');
    await expect.poll(() => dialog.innerText()).not.toContain('Ürün Adı gereklidir');
    await page.getByTestId('product-code').fill(code);
    await page.getByTestId('product-selling-price').fill('1.250,75');
    await page.getByTestId('product-cost-price').fill('abc');
    await page.getByTestId('product-min-stock').fill('2');
    await page.getByTestId('product-current-stock').fill('12');
    await page.getByTestId('product-save').click();
    await expect.poll(() => dialog.innerText()).toContain('Geçerli bir sayı giriniz');
    await page.getByTestId('product-cost-price').fill('900');
    await page
      .getByTestId('product-image-input')
      .setInputFiles({ name: 'k.png', mimeType: 'image/png', buffer: PNG });
    await expect
      .poll(() => page.getByTestId('product-image-preview').getAttribute('data-has-image'), {
        timeout: 20_000,
      })
      .toBe('true');
    await page.getByTestId('product-save').click();
    await expectMessage(page, 'Ürün başarıyla oluşturuldu!', 20_000);
    await dialog.waitFor({ state: 'detached' });

    const token = await adminToken();
    const saved = await findByCode(token, code);
    expect(saved).toMatchObject({
      name: 'Kablosuz Kulaklık Test',
      selling_price_kurus: 125_075,
      status: 'active',
    });
    expect(saved?.images).toHaveLength(1);
    await searchFor(page, code.toLowerCase(), 1);
    const row = page.getByTestId('product-row').first();
    expect(await row.getByTestId('product-thumb').getAttribute('data-has-image')).toBe('true');
    expect(await row.getByTestId('product-price-cell').innerText()).toBe('1.250,75 TL');
    // The image is served (public, by content hash) and decodes.
    const image = await fetch(new URL(saved?.images[0]?.url ?? '', baseURL));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);

    // A salesperson's device: the product (with its image) after a pull.
    const sales = await newContext(browser());
    const sp = await sales.newPage();
    await signIn(sp, baseURL, TENANT, 'sales');
    await sp.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
    await sp.goto(`${baseURL}/sales`);
    await sp.getByTestId('product-search').fill(code);
    const card = sp.locator(`[data-testid="product-card"][data-product-id="${saved?.id}"]`);
    await card.waitFor({ timeout: 30_000 });
    expect(await card.getByTestId('product-thumb').getAttribute('data-has-image')).toBe('true');
    const img = card.locator('img');
    expect(await img.getAttribute('alt')).toContain('Kablosuz Kulaklık Test');
    await expect
      .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await sales.close();
    await context.close();
  });

  it('an edit on a version someone changed meanwhile shows the conflict; delete asks and removes', async () => {
    const token = await adminToken();
    const product = await createViaApi(token, `PM-${RUN}-E`);
    const { context, page } = await openAdmin();
    await searchFor(page, product.product_code, 1);
    await page.getByTestId('product-edit').first().click();
    const dialog = page.getByTestId('product-form-dialog');
    await dialog.waitFor();
    // The view's cost price reaches the admin: the edit form shows it.
    await expect.poll(() => page.getByTestId('product-cost-price').inputValue()).toBe('50,00');

    // Someone else renames it while the dialog is open.
    const other = await api(baseURL, TENANT, `/products/${product.id}`, {
      method: 'PUT',
      token,
      body: { name: 'Başkası Değiştirdi', expected_version: product.version },
    });
    expect(other.status).toBe(200);
    await page.getByTestId('product-selling-price').fill('123,45');
    await page.getByTestId('product-save').click();
    await page.getByTestId('product-conflict').waitFor({ timeout: 20_000 });
    // The form now shows the product as it is; nothing of the stale edit was applied.
    await expect.poll(() => page.getByTestId('product-name').inputValue()).toBe('Başkası Değiştirdi');
    expect((await findByCode(token, product.product_code))?.selling_price_kurus).toBe(10_000);
    // Saving again (on the version now shown) goes through.
    await page.getByTestId('product-selling-price').fill('123,45');
    await page.getByTestId('product-save').click();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    await expect
      .poll(async () => (await findByCode(token, product.product_code))?.selling_price_kurus)
      .toBe(12_345);

    // Delete asks first; cancelling keeps it, confirming removes it here and on the server.
    await page.getByTestId('product-delete').first().click();
    const confirm = page.getByTestId('products-confirm');
    await expect.poll(() => confirm.innerText()).toContain('Bu ürünü silmek istediğinizden emin misiniz?');
    await confirm.getByRole('button', { name: 'İptal' }).click();
    expect(await page.getByTestId('product-row').count()).toBe(1);
    await page.getByTestId('product-delete').first().click();
    // the stock on hand goes with it, and the dialog says so
    await expect
      .poll(() => page.getByTestId('products-delete-writeoff').innerText())
      .toBe('10 adet stok silinecek (zayi kaydı).');
    await page.getByTestId('products-confirm-confirm').click();
    await expect.poll(() => page.getByTestId('product-row').count()).toBe(0);
    await expectMessage(page, 'Ürün başarıyla silindi!', 5_000);
    await expect
      .poll(async () => findByCode(token, product.product_code), { timeout: 20_000 })
      .toBeUndefined();
    await context.close();
  });

  it('a product open orders hold is not deleted: the dialog names the orders, a server refusal is shown, a bulk delete reports per product', async () => {
    const token = await adminToken();
    const reserved = await createViaApi(token, `PM-${RUN}-R1`, { current_stock: 90 });
    const late = await createViaApi(token, `PM-${RUN}-S1`, { current_stock: 5 });
    const free = await createViaApi(token, `PM-${RUN}-K1`, { current_stock: 20 });
    const raced = await createViaApi(token, `PM-${RUN}-K2`, { current_stock: 8 });
    const reservedBy = await approvedOrder(reserved, 80);
    const { context, page } = await openAdmin();
    const confirm = page.getByTestId('products-confirm');

    // 80 of its 90 reserved by an approved order this device knows: the dialog names it, no delete
    await searchFor(page, reserved.product_code, 1);
    await waitUntilHeld(page);
    await page.getByTestId('product-delete').first().click();
    await expect.poll(() => confirm.getByTestId('products-delete-held').innerText()).toContain(reservedBy);
    expect(await page.getByTestId('products-confirm-confirm').isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });

    // an order approved while the dialog is open: the server refuses, the dialog says why, the row stays
    await searchFor(page, late.product_code, 1);
    await page.getByTestId('product-delete').first().click();
    await expect.poll(() => confirm.innerText()).toContain('5 adet stok silinecek (zayi kaydı).');
    const lateOrder = await approvedOrder(late, 2);
    await page.getByTestId('products-confirm-confirm').click();
    const refusal = page.getByTestId('products-delete-refused');
    await refusal.waitFor({ timeout: 20_000 });
    expect(await refusal.innerText()).toContain(lateOrder);
    expect(await refusal.innerText()).toContain('açık siparişlerde olduğu için silinemez');
    expect(await messagesShown(page)).not.toContain('Ürün başarıyla silindi!');
    await page.getByTestId('products-delete-close').click();
    await confirm.waitFor({ state: 'detached' });
    expect(await page.getByTestId('product-row').count()).toBe(1);
    expect((await findByCode(token, late.product_code))?.id).toBe(late.id);

    // bulk, one of them held by an order approved while the dialog is open: the free one is
    // deleted (its 20 written off), the other refused with its reason, the row back
    await searchFor(page, `PM-${RUN}-K`, 2);
    await page.getByTestId('products-select-all').locator('input').check();
    await page.getByTestId('products-bulk-delete').click();
    await expect.poll(() => confirm.innerText()).toContain('toplam 28 adet stoku silinecek');
    const racedOrder = await approvedOrder(raced, 1);
    await page.getByTestId('products-confirm-confirm').click();
    await refusal.waitFor({ timeout: 20_000 });
    const bulkText = await refusal.innerText();
    expect(bulkText).toContain('1 ürün silindi; 1 ürün silinemedi');
    expect(bulkText).toContain(raced.name);
    expect(bulkText).toContain(racedOrder);
    await page.getByTestId('products-delete-close').click();
    await expect.poll(() => page.getByTestId('product-row').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('product-code-cell').first().innerText()).toBe(raced.product_code);
    await expect.poll(async () => findByCode(token, free.product_code), { timeout: 20_000 }).toBeUndefined();
    expect((await findByCode(token, raced.product_code))?.id).toBe(raced.id);
    await context.close();
  });

  it('offline: a product the device knows to be held is not removed; a delete the server refuses later comes back, with the reason in the sync panel', async () => {
    const token = await adminToken();
    const free = await createViaApi(token, `PM-${RUN}-F1`, { current_stock: 3 });
    const held = await createViaApi(token, `PM-${RUN}-F2`, { current_stock: 4 });
    const unknown = await createViaApi(token, `PM-${RUN}-U1`, { current_stock: 6 });
    const heldBy = await approvedOrder(held, 1);
    const { context, page } = await openAdmin(1280, true);
    await waitForServiceWorker(page);
    const confirm = page.getByTestId('products-confirm');
    await searchFor(page, held.product_code, 1);
    await waitUntilHeld(page);

    await context.setOffline(true);
    await searchFor(page, `PM-${RUN}-F`, 2);
    await page.getByTestId('products-select-all').locator('input').check();
    await page.getByTestId('products-bulk-delete').click();
    await expect.poll(() => confirm.getByTestId('products-delete-held').innerText()).toContain(heldBy);
    await page.getByTestId('products-confirm-confirm').click();
    await expectMessage(page, 'Bu cihazda kaydedildi; bağlantı gelince sunucuya gönderilecek.', 15_000);
    // only the free one leaves the list; the held one was never removed
    await expect.poll(() => page.getByTestId('product-row').count()).toBe(1);
    expect(await page.getByTestId('product-code-cell').first().innerText()).toBe(held.product_code);

    // held by an order the device cannot know of yet (made while it is offline)
    await searchFor(page, unknown.product_code, 1);
    const unknownBy = await approvedOrder(unknown, 2);
    await page.getByTestId('product-delete').first().click();
    await page.getByTestId('products-confirm-confirm').click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('product-row').count()).toBe(0);

    await context.setOffline(false);
    // the server refuses it: the row comes back, the refusal waits in the sync panel with its reason
    await expect.poll(() => page.getByTestId('product-row').count(), { timeout: 45_000 }).toBe(1);
    await expect.poll(async () => findByCode(token, free.product_code), { timeout: 45_000 }).toBeUndefined();
    expect((await findByCode(token, unknown.product_code))?.id).toBe(unknown.id);
    expect((await findByCode(token, held.product_code))?.id).toBe(held.id);
    await page.getByTestId('connection-indicator').click();
    const failed = page.getByTestId('sync-failed-entry');
    await expect.poll(() => failed.count(), { timeout: 20_000 }).toBe(1);
    expect(await failed.getByTestId('sync-failed-reason').innerText()).toContain(unknownBy);
    await context.close();
  });

  it('bulk deactivates the selected rows (select-all), each naming its version', async () => {
    const token = await adminToken();
    const prefix = `PM-${RUN}-B`;
    for (const n of [1, 2, 3]) await createViaApi(token, `${prefix}${n}`);
    const { context, page } = await openAdmin();
    await searchFor(page, prefix, 3);
    await page.getByTestId('products-select-all').locator('input').check();
    await expect.poll(() => page.getByTestId('products-selected-count').innerText()).toBe('3 ürün seçildi');
    await page.getByTestId('products-bulk-deactivate').click();
    await page.getByTestId('products-confirm-confirm').click();
    await expect
      .poll(() =>
        page.getByTestId('product-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))),
      )
      .toEqual(['inactive', 'inactive', 'inactive']);
    for (const n of [1, 2, 3])
      await expect
        .poll(async () => (await findByCode(token, `${prefix}${n}`))?.status, { timeout: 20_000 })
        .toBe('inactive');
    // The status filter finds them as inactive.
    await page.getByTestId('products-bulk-bar').waitFor({ state: 'detached' });
    await context.close();
  });

  it('at 390 px the list is cards with no sideways scroll; in English every label is English', async () => {
    const { context, page } = await openAdmin(390);
    await page.getByTestId('products-cards').waitFor();
    expect(await page.getByTestId('products-table').count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await chooseEnglish(page);
    await expect.poll(() => page.getByTestId('page-title').innerText()).toBe('Product Management');
    await expect.poll(() => page.getByTestId('products-add').innerText()).toBe('Add Product');
    expect(await page.getByTestId('products-bulk-upload').innerText()).toBe('Bulk Upload');
    await page.getByTestId('products-add').click();
    await page.getByTestId('product-save').click();
    await expect
      .poll(() => page.getByTestId('product-form-dialog').innerText())
      .toContain('Product Name is required');
    await page.keyboard.press('Escape');
    await context.close();
  });

  for (const width of [390, 1280])
    it(`axe finds nothing serious in the list, the add dialog, the view dialog and the delete question at ${width} px`, async () => {
      const { context, page } = await openAdmin(width);
      const found: Record<string, string[]> = {};
      await page.waitForTimeout(800);
      found.list = await seriousViolations(page);
      await page.getByTestId('products-add').click();
      await page.getByTestId('product-form-dialog').waitFor();
      await page.getByTestId('product-save').click(); // with its errors showing
      await page.waitForTimeout(500);
      found.add = await seriousViolations(page);
      await page.keyboard.press('Escape');
      await page.getByTestId('product-form-dialog').waitFor({ state: 'detached' });
      await page.getByTestId('product-view').first().click();
      await page.getByTestId('product-view-dialog').waitFor();
      await page.waitForTimeout(500);
      found.view = await seriousViolations(page);
      await page.keyboard.press('Escape');
      await page.getByTestId('product-view-dialog').waitFor({ state: 'detached' });
      await page.getByTestId('product-delete').first().click();
      await page.getByTestId('products-confirm').waitFor();
      await page.waitForTimeout(500);
      found.delete = await seriousViolations(page);
      await page.keyboard.press('Escape');
      expect(Object.fromEntries(Object.entries(found).filter(([, v]) => v.length > 0))).toEqual({});
      await context.close();
    });

  it('offline after one visit: the list opens from the device, a product added offline reaches the server once back online', async () => {
    const code = `PM-${RUN}-OFF`;
    const { context, page } = await openAdmin(1280, true);
    await waitForServiceWorker(page);
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByTestId('product-row').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByTestId('offline-note').waitFor();
    await page.getByTestId('products-add').click();
    // The image upload needs the server: off, and it says so.
    expect(await page.getByTestId('product-image-upload').isDisabled()).toBe(true);
    await page.getByTestId('product-name').fill('Çevrimdışı Ürün');
    await page.getByTestId('product-code').fill(code);
    await page.getByTestId('product-selling-price').fill('99,90');
    await page.getByTestId('product-cost-price').fill('50');
    await page.getByTestId('product-min-stock').fill('0');
    await page.getByTestId('product-current-stock').fill('3');
    await page.getByTestId('product-save').click();
    await expectMessage(page, 'Bu cihazda kaydedildi; bağlantı gelince sunucuya gönderilecek.', 15_000);
    await searchFor(page, code, 1);
    await context.setOffline(false);
    const token = await adminToken();
    await expect
      .poll(async () => (await findByCode(token, code))?.name, { timeout: 45_000 })
      .toBe('Çevrimdışı Ürün');
    const { body } = await api<{ data: ApiProduct[] }>(baseURL, TENANT, `/products?search=${code}`, {
      token,
    });
    expect(body.data.filter((p) => p.product_code === code)).toHaveLength(1);
    await context.close();
  });

  it('/create-order does not offer a product with nothing available and refuses more than is available', async () => {
    const token = await adminToken();
    const empty = await createViaApi(token, `PM-${RUN}-Z`, { name: `Stoksuz Ürün ${RUN}`, current_stock: 0 });
    const one = await createViaApi(token, `PM-${RUN}-O`, { name: `Tek Stok ${RUN}`, current_stock: 1 });
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'sales');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
    await page.goto(`${baseURL}/create-order`);
    await page.getByTestId('line-product').fill(empty.name);
    const option = page.getByTestId('product-option').filter({ hasText: empty.name });
    await option.first().waitFor({ timeout: 30_000 });
    expect(await option.first().getAttribute('aria-disabled')).toBe('true');

    await page.getByTestId('line-product').fill(one.name);
    await page.getByTestId('product-option').filter({ hasText: one.name }).first().click();
    await page.getByTestId('line-quantity').fill('2');
    await page.getByTestId('add-line').click();
    await expect.poll(() => snackbarText(page)).toContain('kullanılabilir stok 1');
    expect(await page.getByTestId('order-line').count()).toBe(0);
    await context.close();
  });
});
