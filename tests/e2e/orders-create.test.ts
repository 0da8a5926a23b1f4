import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { formatMoneyInput, formatQuantityInput } from '../../src/shared/domain/number-input';
import { api, apiLogin, browserPerFile, newContext, signIn, waitForServiceWorker } from '../helpers/browser';

const baseURL = inject('baseURL');
const browser = browserPerFile();

interface ApiProduct {
  id: string;
  name: string;
  selling_price_kurus: number;
  discounted_price_kurus: number | null;
  current_stock: number;
  /** On hand minus what approved orders reserve: what a sale is capped at. */
  available_stock: number;
  category: string | null;
}
interface ApiCustomer {
  id: string;
  full_name: string;
  company_name: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
}
interface ApiOrder {
  id: string;
  order_number: string;
  customer_id: string | null;
  customer_name: string;
  customer_address: string | null;
  total_amount: number;
  total_amount_kurus: number;
  notes: string | null;
  salesperson_id: string | null;
  items: Array<{
    product_id: string | null;
    product_name: string;
    quantity: number;
    unit_price_kurus: number;
  }>;
}
interface OrderList {
  data: { orders: ApiOrder[]; pagination: { total: number } };
}

const priceOf = (p: ApiProduct) => p.discounted_price_kurus ?? p.selling_price_kurus;
const displayName = (c: ApiCustomer) => c.company_name?.trim() || c.full_name;

/** What a change made offline says: saved on this device, sent when the connection is back. */
const SAVED_ON_DEVICE = 'Bu cihazda kaydedildi; bağlantı gelince sunucuya gönderilecek.';

/** The text of the snackbar now showing ('' when none), then closes it so the next one shows. */
async function snackbarText(page: Page): Promise<string> {
  const alert = page.locator('.MuiSnackbar-root .MuiAlert-message');
  return (await alert.count()) ? (await alert.first().innerText()).trim() : '';
}

/** Waits for exactly `text` in the snackbar, then dismisses it (the host shows one at a time). */
async function expectSnackbar(page: Page, text: string) {
  await expect.poll(() => snackbarText(page), { timeout: 15_000 }).toBe(text);
  await page.locator('.MuiSnackbar-root .MuiAlert-action button').first().click();
  await expect.poll(() => snackbarText(page)).toBe('');
}

/** Picks an option of a MUI Autocomplete by typing and clicking the option with that text. */
async function pick(page: Page, inputTestId: string, optionTestId: string, typed: string, label: string) {
  await page.getByTestId(inputTestId).fill(typed);
  await page.getByTestId(optionTestId).filter({ hasText: label }).first().click();
}

async function myOrderRows(page: Page) {
  return page.getByTestId('my-order-row').evaluateAll((rows) =>
    rows.map((r) => ({
      id: r.getAttribute('data-order-id') ?? '',
      number: r.getAttribute('data-order-number') ?? '',
      pending: r.getAttribute('data-pending') === 'true',
      chip: !!r.querySelector('[data-testid="pending-sync"]'),
      text: (r as HTMLElement).innerText,
    })),
  );
}

async function serverOrders(token: string, salespersonId: string): Promise<OrderList['data']> {
  const { status, body } = await api<OrderList>(
    baseURL,
    'demo',
    `/orders?limit=100&salesperson_id=${salespersonId}`,
    { token },
  );
  expect(status).toBe(200);
  return body.data;
}

describe('creating orders offline (/create-order, /sales, /my-orders)', () => {
  it('a salesperson offline creates one order in /create-order and one in /sales; both survive a reload pending, then reach the server exactly once with real numbers', async () => {
    const { token, user } = await apiLogin(baseURL, 'demo', 'sales');
    const info = await api<{ data: { settings: { order_number_prefix: string } } }>(
      baseURL,
      'demo',
      '/tenants/info',
    );
    const prefix = info.body.data.settings.order_number_prefix;
    const products = (
      await api<{ data: ApiProduct[] }>(baseURL, 'demo', '/products?status=active&limit=100', { token })
    ).body.data;
    const customers = (
      await api<{ data: { customers: ApiCustomer[] } }>(baseURL, 'demo', '/customers', { token })
    ).body.data.customers;
    const before = await serverOrders(token, user.id);

    const lineProduct = products.find((p) => p.available_stock > 0) as ApiProduct;
    const cartProducts = products.filter((p) => p.available_stock >= 3 && p.id !== lineProduct.id);
    const [s1, s2] = cartProducts as [ApiProduct, ApiProduct];
    const [customerA, customerB] = customers.filter((c) => c.address) as [ApiCustomer, ApiCustomer];
    expect(s2).toBeDefined();
    expect(customerB).toBeDefined();
    const notes = `e2e offline create-order ${Date.now()}`;

    const context = await newContext(browser(), undefined, { worker: true });
    const page = await context.newPage();
    await signIn(page, baseURL, 'demo', 'sales');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await waitForServiceWorker(page);
    // The first pull has filled the local store: every active product is on the sales screen.
    await page.goto(`${baseURL}/sales`);
    await expect
      .poll(() => page.getByTestId('product-card').count(), { timeout: 30_000 })
      .toBe(products.length);

    // ------------------------------------------------------------ offline: /create-order ---
    await context.setOffline(true);
    await page.goto(`${baseURL}/create-order`);
    await expect.poll(() => page.getByTestId('offline-note').count(), { timeout: 30_000 }).toBe(1);
    await pick(
      page,
      'customer-name',
      'customer-option',
      displayName(customerA).slice(0, 6),
      displayName(customerA),
    );
    // Picking a customer fills name, phone, email and address.
    expect(await page.getByTestId('customer-name').inputValue()).toBe(displayName(customerA));
    expect(await page.getByTestId('customer-address').inputValue()).toBe(customerA.address);
    expect(await page.getByTestId('customer-phone').inputValue()).toBe(customerA.phone ?? '');
    expect(await page.getByTestId('customer-email').inputValue()).toBe(customerA.email ?? '');

    // A line from the catalogue (fills the unit price) and a free-text one.
    await pick(page, 'line-product', 'product-option', lineProduct.name, lineProduct.name);
    // …as tr-TR text ('49.499,10', read back the Turkish way).
    expect(await page.getByTestId('line-price').inputValue()).toBe(formatMoneyInput(priceOf(lineProduct)));
    await page.getByTestId('line-quantity').fill('2');
    await page.getByTestId('add-line').click();
    await page.getByTestId('line-product').fill('Kurulum Hizmeti');
    await page.getByTestId('line-quantity').fill('3');
    await page.getByTestId('line-price').fill('33.33');
    await page.getByTestId('add-line').click();
    await expect.poll(() => page.getByTestId('order-line').count()).toBe(2);
    const createTotal = 2 * priceOf(lineProduct) + 9_999; // 3 × 33,33 in kuruş
    expect(await page.getByTestId('order-total').getAttribute('data-kurus')).toBe(String(createTotal));
    await page.getByTestId('order-notes').fill(notes);
    await page.getByTestId('submit-order').click();
    // Offline, the order is saved on the device, not yet created on the server: the message says so.
    await expect.poll(() => snackbarText(page), { timeout: 15_000 }).toBe(SAVED_ON_DEVICE);
    // …then /orders after 2 seconds.
    expect(new URL(page.url()).pathname).toBe('/create-order');
    await page.waitForURL((url) => url.pathname === '/orders', { timeout: 10_000 });

    // ------------------------------------------------------------------- offline: /sales ---
    await page.goto(`${baseURL}/sales`);
    const cards = page.getByTestId('product-card');
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(products.length);
    // Add to cart is disabled exactly for the products without stock.
    const states = await cards.evaluateAll((els) =>
      els.map((el) => ({
        stock: Number(el.getAttribute('data-stock')),
        disabled: (el.querySelector('[data-testid="add-to-cart"]') as HTMLButtonElement).disabled,
      })),
    );
    for (const state of states) expect(state.disabled).toBe(state.stock <= 0);

    const card = (p: ApiProduct) => page.locator(`[data-testid="product-card"][data-product-id="${p.id}"]`);
    const badge = page.getByTestId('cart-badge');
    await card(s1).getByTestId('add-to-cart').click();
    await card(s1).getByTestId('add-to-cart').click(); // the same product again: quantity 2
    await card(s2).getByTestId('add-to-cart').click();
    await expect.poll(() => badge.getAttribute('data-count')).toBe('3');

    // No customer yet: the spec's message, nothing created.
    await page.getByTestId('cart-button').click();
    const lines = page.getByTestId('cart-line');
    await expect.poll(() => lines.count()).toBe(2);
    await page.getByTestId('create-sales-order').click();
    await expectSnackbar(page, 'Lütfen müşteri seçin ve sepete ürün ekleyin');
    // Quantity 0 removes the line; a quantity above the stock is capped at it.
    const s1Quantity = page.locator(
      `[data-testid="cart-line"][data-product-id="${s1.id}"] [data-testid="cart-quantity"]`,
    );
    const s2Quantity = page.locator(
      `[data-testid="cart-line"][data-product-id="${s2.id}"] [data-testid="cart-quantity"]`,
    );
    await s2Quantity.fill('0');
    await expect.poll(() => lines.count()).toBe(1);
    await s1Quantity.fill(String(s1.available_stock + 5));
    await expect.poll(() => s1Quantity.inputValue()).toBe(formatQuantityInput(s1.available_stock));
    await s1Quantity.fill('2');
    await expect.poll(() => badge.getAttribute('data-count')).toBe('2');
    expect(await page.getByTestId('cart-total').getAttribute('data-kurus')).toBe(String(2 * priceOf(s1)));
    await page.getByTestId('cart-dialog').getByRole('button', { name: 'Kapat' }).click();

    await pick(
      page,
      'sales-customer',
      'customer-option',
      displayName(customerB).slice(0, 6),
      displayName(customerB),
    );
    await page.getByTestId('cart-button').click();
    await page.getByTestId('create-sales-order').click();
    // Offline, the order is saved on the device, not yet created on the server: the message says so.
    await expect.poll(() => snackbarText(page), { timeout: 15_000 }).toBe(SAVED_ON_DEVICE);
    // The cart is cleared after the order.
    await expect.poll(() => badge.getAttribute('data-count')).toBe('0');
    await expect.poll(() => page.getByTestId('cart-dialog').count()).toBe(0);
    await page.locator('.MuiSnackbar-root .MuiAlert-action button').first().click();
    // An empty cart: the same message.
    await page.getByTestId('cart-button').click();
    await expect.poll(() => page.getByTestId('cart-empty').count()).toBe(1);
    await page.getByTestId('create-sales-order').click();
    await expectSnackbar(page, 'Lütfen müşteri seçin ve sepete ürün ekleyin');
    await page.getByTestId('cart-dialog').getByRole('button', { name: 'Kapat' }).click();

    // ---------------------------------------------------------------- offline: /my-orders ---
    await page.goto(`${baseURL}/my-orders`);
    await expect
      .poll(async () => (await myOrderRows(page)).filter((r) => r.pending).length, { timeout: 30_000 })
      .toBe(2);
    const pending = (await myOrderRows(page)).filter((r) => r.pending);
    for (const row of pending) {
      expect(row.number).toMatch(/^GEÇİCİ-/);
      expect(row.chip).toBe(true);
    }
    const createdRow = pending.find((r) => r.text.includes(displayName(customerA)));
    const salesRow = pending.find((r) => r.text.includes(displayName(customerB)));
    expect(createdRow && salesRow && createdRow.id !== salesRow.id).toBe(true);
    const ids = [createdRow?.id ?? '', salesRow?.id ?? ''];

    // The view dialog lists the items (from the local store, offline).
    await page
      .locator(`[data-testid="my-order-row"][data-order-id="${ids[0]}"]`)
      .getByRole('button', { name: 'Görüntüle' })
      .click();
    const dialog = page.getByTestId('order-view-dialog');
    await expect.poll(() => dialog.getByTestId('order-item').count()).toBe(2);
    expect(await dialog.innerText()).toContain('Kurulum Hizmeti');
    await dialog.getByRole('button', { name: 'Kapat' }).click();
    // Own orders awaiting approval carry the edit icon, which opens the edit dialog; orders
    // past approval do not.
    const rowsNow = await myOrderRows(page);
    const editIcons = await page
      .getByTestId('my-order-row')
      .evaluateAll((rows) =>
        rows.map((r) => [
          r.querySelector('[data-status]')?.getAttribute('data-status'),
          !!r.querySelector('[data-testid="edit-order"]'),
        ]),
      );
    expect(editIcons.length).toBe(rowsNow.length);
    for (const [status, editable] of editIcons) expect(editable).toBe(status === 'pending_approval');
    await page
      .locator(`[data-testid="my-order-row"][data-order-id="${ids[0]}"] [data-testid="edit-order"]`)
      .click();
    await expect.poll(() => page.getByTestId('order-edit-dialog').count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('order-edit-dialog').count()).toBe(0);

    // Reload offline: both still there, still pending; the server has seen neither.
    await page.reload();
    await expect
      .poll(
        async () =>
          (await myOrderRows(page))
            .filter((r) => r.pending)
            .map((r) => r.id)
            .sort(),
        {
          timeout: 30_000,
        },
      )
      .toEqual([...ids].sort());
    for (const row of (await myOrderRows(page)).filter((r) => r.pending))
      expect(row.number).toMatch(/^GEÇİCİ-/);
    expect((await serverOrders(token, user.id)).pagination.total).toBe(before.pagination.total);

    // ------------------------------------------------------------------------- back online ---
    await context.setOffline(false);
    await expect
      .poll(
        async () =>
          (await myOrderRows(page))
            .filter((r) => ids.includes(r.id))
            .map((r) => `${r.pending}:${r.number.startsWith(`${prefix}-`)}`),
        { timeout: 60_000 },
      )
      .toEqual(['false:true', 'false:true']);
    const synced = (await myOrderRows(page)).filter((r) => ids.includes(r.id));
    expect(synced.some((r) => r.number.startsWith('GEÇİCİ'))).toBe(false);

    // The server has each exactly once, under the number the screen shows.
    const after = await serverOrders(token, user.id);
    expect(after.pagination.total).toBe(before.pagination.total + 2);
    for (const id of ids) expect(after.orders.filter((o) => o.id === id)).toHaveLength(1);
    for (const row of synced) {
      const { status, body } = await api<{ data: ApiOrder }>(baseURL, 'demo', `/orders/${row.id}`, { token });
      expect(status).toBe(200);
      expect(body.data.order_number).toBe(row.number);
      const search = await api<OrderList>(
        baseURL,
        'demo',
        `/orders?limit=100&search=${encodeURIComponent(row.number)}`,
        {
          token,
        },
      );
      expect(search.body.data.orders.filter((o) => o.id === row.id)).toHaveLength(1);
    }
    const fromForm = after.orders.find((o) => o.id === ids[0]) as ApiOrder;
    expect(fromForm).toMatchObject({
      customer_id: customerA.id,
      customer_name: displayName(customerA),
      customer_address: customerA.address,
      notes,
      total_amount_kurus: createTotal,
      salesperson_id: user.id,
    });
    expect(fromForm.items.map((i) => [i.product_id, i.product_name, i.quantity, i.unit_price_kurus])).toEqual(
      [
        [lineProduct.id, lineProduct.name, 2, priceOf(lineProduct)],
        [null, 'Kurulum Hizmeti', 3, 3_333],
      ],
    );
    const fromSales = after.orders.find((o) => o.id === ids[1]) as ApiOrder;
    expect(fromSales).toMatchObject({ customer_id: customerB.id, total_amount_kurus: 2 * priceOf(s1) });
    expect(fromSales.items.map((i) => [i.product_id, i.quantity, i.unit_price_kurus])).toEqual([
      [s1.id, 2, priceOf(s1)],
    ]);
    await context.close();
  });

  it('refuses bad input with the spec messages; /my-orders keeps its status filter in the address; /sales filters by category', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseURL, 'demo', 'sales');
    await page.waitForURL((url) => url.pathname === '/dashboard');

    await page.goto(`${baseURL}/create-order`);
    const submit = page.getByTestId('submit-order');
    await expect.poll(() => submit.isDisabled(), { timeout: 30_000 }).toBe(true); // no items
    // Adding a line needs a name, quantity > 0 and unit price > 0.
    await page.getByTestId('add-line').click();
    await expectSnackbar(page, 'Lütfen tüm alanları doldurun');
    await page.getByTestId('line-product').fill('Deneme Ürünü');
    await page.getByTestId('line-quantity').fill('2');
    await page.getByTestId('line-price').fill('0');
    await page.getByTestId('add-line').click();
    await expectSnackbar(page, 'Lütfen tüm alanları doldurun');
    await page.getByTestId('line-quantity').fill('0');
    await page.getByTestId('line-price').fill('12.50');
    await page.getByTestId('add-line').click();
    await expectSnackbar(page, 'Lütfen tüm alanları doldurun');
    expect(await page.getByTestId('order-line').count()).toBe(0);
    // The quantity is an integer: 2.7 is refused under the field (never silently 2 or 27).
    await page.getByTestId('line-quantity').fill('2.7');
    await page.getByTestId('add-line').click();
    await expect
      .poll(() => page.getByTestId('line-quantity-helper').innerText())
      .toBe('Miktar tam sayı olmalıdır');
    expect(await page.getByTestId('order-line').count()).toBe(0);
    await page.getByTestId('line-quantity').fill('2');
    await page.getByTestId('add-line').click();
    await expect.poll(() => page.getByTestId('order-line').count()).toBe(1);
    expect(await page.getByTestId('order-total').getAttribute('data-kurus')).toBe('2500');
    // Items but no customer name.
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    await expectSnackbar(page, 'Lütfen müşteri bilgilerini ve en az bir ürün ekleyin');
    // Removing the last line disables submit again; cancel goes to /orders.
    await page.getByTestId('order-line').getByRole('button', { name: 'Kaldır' }).click();
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'İptal' }).click();
    await page.waitForURL((url) => url.pathname === '/orders');

    // /my-orders: the status filter is the `status` query parameter and survives a reload.
    await page.goto(`${baseURL}/my-orders`);
    await expect.poll(() => page.getByTestId('my-order-row').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByTestId('status-filter').click();
    await page.getByRole('option', { name: 'Onaylandı', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'approved');
    const statuses = () =>
      page
        .locator('[data-testid="my-order-row"] [data-status]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
    await expect.poll(async () => new Set(await statuses())).toEqual(new Set(['approved']));
    await page.reload();
    await expect
      .poll(async () => new Set(await statuses()), { timeout: 30_000 })
      .toEqual(new Set(['approved']));
    await page.getByRole('button', { name: 'Yeni Satış' }).click();
    await page.waitForURL((url) => url.pathname === '/sales');

    // /sales: the category filter and the search narrow the cards.
    const cards = page.getByTestId('product-card');
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const all = await cards.count();
    await page.getByTestId('category-filter').getByRole('button', { name: 'Giyim', exact: true }).click();
    await expect.poll(() => cards.count()).toBeLessThan(all);
    expect(
      new Set(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-category')))),
    ).toEqual(new Set(['Giyim']));
    await page.getByTestId('product-search').fill('zzz-yok');
    await expect.poll(() => page.getByTestId('no-matching-products').count()).toBe(1);
    await context.close();
  });
});
