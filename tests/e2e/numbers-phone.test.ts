import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { Order } from '../../src/shared/api/entities';
import { formatTL } from '../../src/shared/domain/money';
import { formatMoneyInput } from '../../src/shared/domain/number-input';
import { api, apiLogin, browserPerFile, newContext, signIn } from '../helpers/browser';

/**
 * Number fields and phone layouts against the real product (npm start, PGlite, Chromium):
 * - prices and quantities typed the Turkish way reach the SERVER as meant ('150,5' → 150,50 TL,
 *   '1.250,75' → 1.250,75 TL), unreadable ones are refused under their field, and catalogue
 *   prices fill the form in tr-TR ('49.499,10', not '49499.10');
 * - on a 390×844 touch phone, /orders, /orders/{id}, /my-orders and the sales cart have nothing
 *   to swipe sideways for, the grand total is on screen, order rows are real links and buttons
 *   are at least 44 px tall.
 *
 * Tenant demo, salesperson sales2: the other browser files count the orders of demo's `sales`.
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
const TENANT = 'demo';

interface ApiProduct {
  id: string;
  name: string;
  selling_price_kurus: number;
  discounted_price_kurus: number | null;
  current_stock: number;
}

const PHONE = { width: 390, height: 844 };

async function phoneContext(): Promise<BrowserContext> {
  // A touch phone: coarse pointer (the theme's 44 px touch targets), mobile viewport.
  return browser().newContext({
    viewport: PHONE,
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
    serviceWorkers: 'block',
    hasTouch: true,
    isMobile: true,
  });
}

async function signedIn(context: BrowserContext, username: string, landing: string): Promise<Page> {
  const page = await context.newPage();
  await signIn(page, baseURL, TENANT, username);
  await page.waitForURL((url) => url.pathname === landing);
  return page;
}

/**
 * What a user would have to swipe sideways for: the page wider than the screen, or any element
 * that scrolls horizontally (a table in an overflow-x container). Returns the page's widths and
 * the offenders' descriptions.
 */
async function sideways(
  page: Page,
): Promise<{ scrollWidth: number; clientWidth: number; scrollers: string[] }> {
  return page.evaluate(() => {
    const root = document.scrollingElement as HTMLElement;
    const scrollers: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const overflowX = getComputedStyle(el).overflowX;
      if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1)
        scrollers.push(`${el.tagName.toLowerCase()}.${el.className} (${el.scrollWidth}>${el.clientWidth})`);
    }
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, scrollers };
  });
}

async function expectNoSideways(page: Page) {
  const result = await sideways(page);
  expect(result.scrollers).toEqual([]);
  expect(result.scrollWidth).toBeLessThanOrEqual(result.clientWidth);
}

/** The element is rendered and lies wholly inside the 390×844 screen (nothing cut off). */
async function expectOnScreen(locator: Locator) {
  expect(await locator.isVisible()).toBe(true);
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
}

async function height(locator: Locator): Promise<number> {
  return (await locator.boundingBox())?.height ?? 0;
}

async function fieldHelper(page: Page, testId: string): Promise<string> {
  const helper = page.getByTestId(`${testId}-helper`);
  return (await helper.count()) ? (await helper.innerText()).trim() : '';
}

async function findServerOrder(token: string, search: string): Promise<Order | undefined> {
  const { body } = await api<{ data: { orders: Order[] } }>(
    baseURL,
    TENANT,
    `/orders?limit=100&search=${encodeURIComponent(search)}`,
    { token },
  );
  return body.data.orders.find((o) => o.customer_name === search);
}

describe('numbers the Turkish way, and phones (Chromium against npm start)', () => {
  it("/create-order: '150,5' and '1.250,75' typed as unit prices are 150,50 TL and 1.250,75 TL on the server; unreadable numbers are refused under the field; the edit dialog reads '99,9' as 99,90", async () => {
    const { token } = await apiLogin(baseURL, TENANT, 'sales2');
    const products = (
      await api<{ data: ApiProduct[] }>(baseURL, TENANT, '/products?status=active&limit=100', { token })
    ).body.data;
    // A catalogue price with thousands and decimals, to see it filled in tr-TR.
    const priced =
      products.find((p) => (p.discounted_price_kurus ?? p.selling_price_kurus) % 100 !== 0) ?? products[0];
    expect(priced).toBeDefined();
    const customer = `E2E Türk Sayıları ${Date.now()}`;

    const context = await newContext(browser());
    const page = await signedIn(context, 'sales2', '/dashboard');
    await page.goto(`${baseURL}/create-order`);
    await expect.poll(() => page.getByTestId('line-price').isEnabled(), { timeout: 30_000 }).toBe(true);

    // A product picked from the catalogue fills its price as tr-TR text.
    if (priced) {
      const price = priced.discounted_price_kurus ?? priced.selling_price_kurus;
      await page.getByTestId('line-product').fill(priced.name);
      await page.getByTestId('product-option').filter({ hasText: priced.name }).first().click();
      expect(await page.getByTestId('line-price').inputValue()).toBe(formatMoneyInput(price));
      expect(await page.getByTestId('line-price').inputValue()).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}$/);
      await page.getByTestId('line-product').fill('');
      await page.getByTestId('line-price').fill('');
    }

    // The fields are text fields with a decimal / numeric keyboard, not type=number.
    expect(await page.getByTestId('line-price').getAttribute('type')).toBe('text');
    expect(await page.getByTestId('line-price').getAttribute('inputmode')).toBe('decimal');

    // Unreadable: said under the field, nothing added — never guessed or scaled.
    await page.getByTestId('line-product').fill('Belirsiz Ürün');
    await page.getByTestId('line-quantity').fill('1');
    await page.getByTestId('line-price').fill('1.2345');
    await page.getByTestId('add-line').click();
    await expect.poll(() => fieldHelper(page, 'line-price')).toBe('Geçersiz tutar. Örnek: 1.250,75');
    await page.getByTestId('line-price').fill('12,345');
    await expect.poll(() => fieldHelper(page, 'line-price')).toBe('En fazla iki ondalık basamak girilebilir');
    await page.getByTestId('line-price').fill('10');
    await page.getByTestId('line-quantity').fill('2,5');
    await page.getByTestId('add-line').click();
    await expect.poll(() => fieldHelper(page, 'line-quantity')).toBe('Miktar tam sayı olmalıdır');
    expect(await page.getByTestId('order-line').count()).toBe(0);

    // '150,5' × 2 and '1.250,75' × 1; leaving the field shows the tr-TR form.
    await page.getByTestId('line-product').fill('Virgüllü Ürün');
    await page.getByTestId('line-quantity').fill('2');
    await page.getByTestId('line-price').fill('150,5');
    await page.getByTestId('line-price').blur();
    expect(await page.getByTestId('line-price').inputValue()).toBe('150,50');
    expect(await fieldHelper(page, 'line-price')).toBe('');
    await page.getByTestId('add-line').click();
    await expect.poll(() => page.getByTestId('order-line').count()).toBe(1);
    await page.getByTestId('line-product').fill('Binlik Ürün');
    await page.getByTestId('line-quantity').fill('1');
    await page.getByTestId('line-price').fill('1.250,75');
    await page.getByTestId('line-price').press('Enter');
    await expect.poll(() => page.getByTestId('order-line').count()).toBe(2);
    // And the English way, for a third line: '1250.75' is the same amount.
    await page.getByTestId('line-product').fill('Noktalı Ürün');
    await page.getByTestId('line-quantity').fill('1');
    await page.getByTestId('line-price').fill('1250.75');
    await page.getByTestId('add-line').click();
    await expect.poll(() => page.getByTestId('order-line').count()).toBe(3);
    const total = 2 * 15_050 + 125_075 + 125_075;
    expect(await page.getByTestId('order-total').getAttribute('data-kurus')).toBe(String(total));
    expect(await page.getByTestId('order-total').innerText()).toBe('2.802,50 TL');

    await page.getByTestId('customer-name').fill(customer);
    await page.getByTestId('customer-address').fill('Test Cad. No:1, İstanbul');
    await page.getByTestId('submit-order').click();
    await page.waitForURL((url) => url.pathname === '/orders', { timeout: 15_000 });

    // The server has exactly the amounts typed.
    await expect.poll(() => findServerOrder(token, customer), { timeout: 60_000 }).toBeDefined();
    const created = (await findServerOrder(token, customer)) as Order;
    expect(created.items.map((i) => [i.product_name, i.quantity, i.unit_price_kurus, i.unit_price])).toEqual([
      ['Virgüllü Ürün', 2, 15_050, 150.5],
      ['Binlik Ürün', 1, 125_075, 1250.75],
      ['Noktalı Ürün', 1, 125_075, 1250.75],
    ]);
    expect(created.total_amount_kurus).toBe(total);

    // The edit dialog (/my-orders, own order awaiting approval) shows the lines in tr-TR and reads
    // '99,9' as 99,90 TL.
    await page.goto(`${baseURL}/my-orders`);
    const row = page.locator(`[data-testid="my-order-row"][data-order-id="${created.id}"]`);
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    await row.getByTestId('edit-order').click();
    const prices = page.getByTestId('edit-line-price');
    await expect.poll(() => prices.count()).toBe(3);
    expect(await prices.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).toEqual([
      '150,50',
      '1.250,75',
      '1.250,75',
    ]);
    await prices.first().fill('99,9');
    await page.getByTestId('order-edit-save').click();
    await expect
      .poll(async () => (await findServerOrder(token, customer))?.items.map((i) => i.unit_price_kurus), {
        timeout: 60_000,
      })
      .toEqual([9_990, 125_075, 125_075]);
    await context.close();
  });

  it('390×844 touch phone: /orders, /orders/{id}, /my-orders and the sales cart need no sideways swipe; totals on screen; rows are links; 44 px buttons', async () => {
    const manager = await apiLogin(baseURL, TENANT, 'manager');
    const { body } = await api<{ data: { orders: Order[] } }>(baseURL, TENANT, '/orders?limit=10', {
      token: manager.token,
    });
    const newest = body.data.orders[0] as Order;
    expect(newest).toBeDefined();

    // ------------------------------------------------------------------------------- /orders ---
    const context = await phoneContext();
    const page = await signedIn(context, 'manager', '/manager-dashboard');
    await page.goto(`${baseURL}/orders`);
    const rows = page.getByTestId('order-row');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(10);
    await expectNoSideways(page);
    // Each row shows number, customer, total, status and date inside the screen's width.
    const first = page.locator(`[data-testid="order-row"][data-order-id="${newest.id}"]`);
    expect(await first.getByTestId('order-total').innerText()).toBe(formatTL(newest.total_amount_kurus));
    for (const part of ['order-number', 'order-total', 'order-customer'])
      await expectOnScreen(first.getByTestId(part));
    await expectOnScreen(first.locator('[data-status]').first());
    // The row is a real link (open in a new tab works) …
    const link = first.getByTestId('order-link');
    expect(await link.evaluate((el) => el.tagName)).toBe('A');
    expect(await link.getAttribute('href')).toBe(`/orders/${newest.id}`);
    // … and touch targets are at least 44 px tall.
    expect(await height(page.getByTestId('orders-clear-filters'))).toBeGreaterThanOrEqual(44);
    for (const button of await page.getByRole('button', { name: 'Sonraki sayfa' }).all())
      expect(await height(button)).toBeGreaterThanOrEqual(44);
    const edit = first.getByTestId('order-edit');
    if (await edit.count()) expect(await height(edit)).toBeGreaterThanOrEqual(44);

    // ------------------------------------------------------------------------- /orders/{id} ---
    await link.click();
    await page.waitForURL((url) => url.pathname === `/orders/${newest.id}`);
    await expect
      .poll(() => page.getByTestId('order-detail-number').textContent(), { timeout: 30_000 })
      .toBe(newest.order_number);
    await expectNoSideways(page);
    const grandTotal = page.getByTestId('order-grand-total');
    expect(await grandTotal.innerText()).toBe(formatTL(newest.total_amount_kurus));
    await grandTotal.scrollIntoViewIfNeeded();
    await expectOnScreen(grandTotal);
    expect(await page.getByTestId('order-item').count()).toBe(newest.items.length);
    for (const item of await page.getByTestId('order-item').all()) {
      const box = await item.boundingBox();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= PHONE.width).toBe(true);
    }
    expect(await height(page.getByTestId('order-back'))).toBeGreaterThanOrEqual(44);
    await context.close();

    // ---------------------------------------------------------------------------- /my-orders ---
    const sales = await phoneContext();
    const salesPage = await signedIn(sales, 'sales2', '/dashboard');
    await salesPage.goto(`${baseURL}/my-orders`);
    const mine = salesPage.getByTestId('my-order-row');
    await expect.poll(() => mine.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await expectNoSideways(salesPage);
    // Order numbers on one line, whole (not wrapped, not cut).
    const numbers = await mine.getByTestId('order-number').evaluateAll((els) =>
      els.map((el) => {
        const style = getComputedStyle(el);
        return {
          text: el.textContent,
          lines: Math.round(el.getBoundingClientRect().height / Number.parseFloat(style.lineHeight)),
          cut: el.scrollWidth > el.clientWidth,
        };
      }),
    );
    for (const n of numbers) expect(n, String(n.text)).toMatchObject({ lines: 1, cut: false });
    await expectOnScreen(mine.first().getByTestId('order-total'));

    // ----------------------------------------------------------------------- the sales cart ---
    await salesPage.goto(`${baseURL}/sales`);
    const cards = salesPage.getByTestId('product-card');
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBeGreaterThan(2);
    await expectNoSideways(salesPage);
    const stocked = (
      await cards.evaluateAll((els) =>
        els.map((el) => ({
          id: el.getAttribute('data-product-id'),
          stock: Number(el.getAttribute('data-stock')),
        })),
      )
    ).filter((c) => c.stock >= 3);
    expect(stocked.length).toBeGreaterThan(2);
    for (const { id } of stocked.slice(0, 3)) {
      const add = salesPage.locator(
        `[data-testid="product-card"][data-product-id="${id}"] [data-testid="add-to-cart"]`,
      );
      expect(await height(add)).toBeGreaterThanOrEqual(44);
      await add.click();
    }
    await expect.poll(() => salesPage.getByTestId('cart-badge').getAttribute('data-count')).toBe('3');
    await salesPage.getByTestId('cart-button').click();
    const lines = salesPage.getByTestId('cart-line');
    await expect.poll(() => lines.count()).toBe(3);
    await expectNoSideways(salesPage);
    // Every line's quantity and total, and the cart's total, are on screen.
    for (const quantity of await salesPage.getByTestId('cart-quantity').all()) await expectOnScreen(quantity);
    await expectOnScreen(salesPage.getByTestId('cart-total'));
    await expectOnScreen(salesPage.getByTestId('create-sales-order'));
    expect(await height(salesPage.getByTestId('create-sales-order'))).toBeGreaterThanOrEqual(44);
    const plus = salesPage.getByRole('button', { name: 'Artır' }).first();
    expect(await height(plus)).toBeGreaterThanOrEqual(44);
    // The quantity reads the Turkish way here too: '2,5' is refused under the field.
    const firstQuantity = salesPage.getByTestId('cart-quantity').first();
    await firstQuantity.fill('2,5');
    await firstQuantity.blur();
    await expect.poll(() => fieldHelper(salesPage, 'cart-quantity')).toBe('Miktar tam sayı olmalıdır');
    expect(await salesPage.getByTestId('cart-badge').getAttribute('data-count')).toBe('3');
    await firstQuantity.fill('2');
    await expect.poll(() => salesPage.getByTestId('cart-badge').getAttribute('data-count')).toBe('4');
    await sales.close();
  });
});
