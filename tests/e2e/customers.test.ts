import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { api, apiLogin, browserPerFile, newContext, signIn, waitForServiceWorker } from '../helpers/browser';
import { chooseEnglish } from '../helpers/language';

const baseURL = inject('baseURL');
const browser = browserPerFile();
interface ApiCustomer {
  id: string;
  customer_number: string;
  full_name: string;
  company_name: string | null;
  city: string | null;
  tax_number: string | null;
}
interface ApiOrder {
  id: string;
  customer_id: string | null;
  customer_name: string;
  notes: string | null;
}

async function serverCustomers(token: string, search: string): Promise<ApiCustomer[]> {
  const r = await api<{ data: { customers: ApiCustomer[] } }>(
    baseURL,
    'demo',
    `/customers?search=${encodeURIComponent(search)}`,
    { token },
  );
  expect(r.status).toBe(200);
  return r.body.data.customers;
}

describe('customers (Chromium against npm start)', () => {
  it('a salesperson offline creates a customer from the order picker and an order for them; after reconnecting both exist once, linked', async () => {
    const { token, user } = await apiLogin(baseURL, 'demo', 'sales');
    const stamp = Date.now();
    const name = `Sahada Müşteri ${stamp}`;
    const company = `Ege Sahil Market ${stamp}`;
    const notes = `e2e customer order ${stamp}`;

    const context = await newContext(browser(), undefined, { worker: true });
    const page = await context.newPage();
    await signIn(page, baseURL, 'demo', 'sales');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await waitForServiceWorker(page);
    await page.goto(`${baseURL}/customers`);
    await expect.poll(() => page.getByTestId('customer-row').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.goto(`${baseURL}/create-order`);
    await page.getByTestId('customer-name').waitFor({ timeout: 30_000 });

    // ------------------------------------------------------------------------ offline ---
    await context.setOffline(true);
    await page.getByTestId('customer-name').fill(company);
    await page.getByTestId('customer-new').click();
    const dialog = page.getByTestId('customer-dialog');
    await dialog.waitFor();
    // The typed name came along; the generic form rules refuse a bad tax number and a bad email,
    // and an error clears when its field is edited.
    expect(await page.getByTestId('customer-field-full_name').inputValue()).toBe(company);
    await page.getByTestId('customer-field-full_name').fill(name);
    await page.getByTestId('customer-field-company_name').fill(company);
    await page.getByTestId('customer-field-email').fill('yanlis');
    await page.getByTestId('customer-field-tax_number').fill('2701341845');
    await page.getByTestId('customer-save').click();
    await expect.poll(() => dialog.innerText()).toContain('Geçerli bir email adresi giriniz');
    expect(await dialog.innerText()).toContain('Geçerli bir VKN (10 hane) veya TCKN (11 hane) giriniz');
    await page.getByTestId('customer-field-email').fill('sahada@example.com.tr');
    await expect.poll(() => dialog.innerText()).not.toContain('Geçerli bir email adresi giriniz');
    await page.getByTestId('customer-field-tax_number').fill('2701341846');
    await page.getByTestId('customer-field-city').fill('İzmir');
    await page.getByTestId('customer-field-phone').fill('0532 765 43 21');
    await page.getByTestId('customer-save').click();
    await expect.poll(() => page.getByTestId('customer-dialog').count(), { timeout: 15_000 }).toBe(0);
    // The new customer is picked for the order.
    expect(await page.getByTestId('customer-name').inputValue()).toBe(company);

    await page.getByTestId('line-product').fill('Kurulum Hizmeti');
    await page.getByTestId('line-quantity').fill('2');
    await page.getByTestId('line-price').fill('150');
    await page.getByTestId('add-line').click();
    await page.getByTestId('order-notes').fill(notes);
    await page.getByTestId('submit-order').click();
    await page.waitForURL((url) => url.pathname === '/orders', { timeout: 15_000 });

    // /customers offline: the new customer with its provisional number; 'istanbul'-style folding.
    await page.goto(`${baseURL}/customers`);
    await page.getByTestId('customer-search').fill(`EGE SAHİL MARKET ${stamp}`);
    await expect.poll(() => page.getByTestId('customer-row').count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByTestId('customer-pending-number').innerText()).toMatch(/^GEÇİCİ-/);
    expect(await serverCustomers(token, String(stamp))).toEqual([]);

    // ------------------------------------------------------------------- reconnecting ---
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('customer-pending-number').count(), { timeout: 60_000 }).toBe(0);
    const number = await page.getByTestId('customer-number').first().innerText();
    expect(number).toMatch(/^CUST-\d{4,}$/);

    const found = await serverCustomers(token, String(stamp));
    expect(found).toHaveLength(1);
    const created = found[0] as ApiCustomer;
    expect(created).toMatchObject({
      full_name: name,
      company_name: company,
      city: 'İzmir',
      tax_number: '2701341846',
    });
    expect(created.customer_number).toBe(number);
    const orders = await api<{ data: { orders: ApiOrder[] } }>(
      baseURL,
      'demo',
      `/orders?limit=100&salesperson_id=${user.id}`,
      { token },
    );
    const mine = orders.body.data.orders.filter((o) => o.notes === notes);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ customer_id: created.id, customer_name: company });
    await context.close();
  });

  it("/customers finds İstanbul, İzmir and Şahin however they are typed, as the server's search does", async () => {
    const { token } = await apiLogin(baseURL, 'demo', 'manager');
    const stamp = Date.now();
    const made = await api<{ data: ApiCustomer }>(baseURL, 'demo', '/customers', {
      method: 'POST',
      token,
      body: { full_name: `Kemal Şahin ${stamp}`, company_name: `Şahin Gıda ${stamp}`, city: 'İstanbul' },
    });
    expect(made.status).toBe(201);
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseURL, 'demo', 'manager');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${baseURL}/customers`);
    const count = async (typed: string) => {
      await page.getByTestId('customer-search').fill(typed);
      return Number.parseInt(await page.getByTestId('customer-count').innerText(), 10);
    };
    // The device has the new customer once its pull ran.
    await expect.poll(() => count(`sahin gida ${stamp}`), { timeout: 30_000 }).toBe(1);
    for (const [reference, spellings] of [
      ['İstanbul', ['ISTANBUL', 'Istanbul', 'ıstanbul', 'istanbul', 'İSTANBUL']],
      ['İzmir', ['IZMIR', 'Izmir', 'ızmır', 'izmir']],
      ['Şahin', ['sahin', 'SAHIN', 'şahin']],
    ] as const) {
      const server = (await serverCustomers(token, reference)).length;
      expect(server, reference).toBeGreaterThan(0);
      for (const typed of [reference, ...spellings]) {
        expect((await serverCustomers(token, typed)).length, `server: ${typed}`).toBe(server);
        await expect.poll(() => count(typed), { message: `device: ${typed}` }).toBe(server);
      }
    }
    await context.close();
  });

  it('/customers at 390 px in English: cards, no sideways scroll, axe clean; the table on a desktop', async () => {
    const context = await newContext(browser(), { width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page, baseURL, 'demo', 'manager');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${baseURL}/customers`);
    await expect.poll(() => page.getByTestId('customer-row').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await chooseEnglish(page);
    await expect.poll(() => page.getByTestId('customer-add').innerText()).toBe('New Customer');
    expect(await page.getByTestId('customers-cards').count()).toBe(1);
    expect(await page.getByTestId('customers-table').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Search with Turkish folding: 'istanbul' finds the customers in İstanbul.
    await page.getByTestId('customer-search').fill('istanbul');
    await expect.poll(() => page.getByTestId('customer-row').count()).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    // The dialog, by keyboard, in English, axe clean.
    await page.getByTestId('customer-search').fill('');
    await page.getByTestId('customer-add').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('customer-dialog').waitFor();
    expect(await page.getByTestId('customer-dialog').innerText()).toContain('New Customer');
    await page.keyboard.type('X');
    await page.getByTestId('customer-save').click();
    await expect
      .poll(() => page.getByTestId('customer-dialog').innerText())
      .toContain('at least 2 characters');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('customer-dialog').count()).toBe(0);

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => page.getByTestId('customers-table').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
