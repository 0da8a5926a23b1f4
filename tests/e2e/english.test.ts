import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { api, apiLogin, browserPerFile, newContext, signIn } from '../helpers/browser';
import { chooseEnglish } from '../helpers/language';

/**
 * Choosing English in the account menu switches every built screen, not only the shell.
 * A user signs in, picks "English" where the app offers it (the account menu), and visits each
 * screen — and a few of its dialogs and dropdowns — asserting that the page's visible text (text
 * nodes, labels, placeholders, accessible names) holds no Turkish-specific letter except data.
 *
 * What is data, not chrome: every string the API hands this user (GET /sync/pull — orders with
 * their customers, items, notes and history; products, categories and units; customers; the
 * notifications' stored texts — EXCEPT texts stored with what they say as data (`params`): an
 * event's notes and a notification's title and message then are the client's to render in
 * English, and only the values in `params` (names, typed reasons) are data; likewise an order
 * notification whose order is known —, /drivers, /tenants/info and the user's own name),
 * elements the screens mark `data-i18n-skip` (a notification shown with its stored text), and
 * the avatar's initials. Everything else must be English.
 *
 * Nothing is written: the test only reads (tenant demo), so other files' expectations hold.
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
const TENANT = 'demo';
const TURKISH = /[çğıİöşüÇĞÖŞÜ]/;

interface PullPage {
  cursor: string;
  has_more: boolean;
  orders: { upserts: { id: string; events?: { notes: string | null; params?: unknown }[] }[] };
  notifications: {
    upserts: { type: string; title: string; message: string; related_order: unknown; params?: unknown }[];
  };
}

function strings(value: unknown, out: Set<string>) {
  if (typeof value === 'string') {
    if (value.trim()) out.add(value.trim());
  } else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) strings(item, out);
}

/** The strings this user's data consists of, longest first; and one order of theirs. */
async function dataOf(username: string): Promise<{ data: string[]; orderId: string | undefined }> {
  const { token, user } = (await apiLogin(baseURL, TENANT, username)) as {
    token: string;
    user: { id: string; full_name?: string };
  };
  const found = new Set<string>();
  let cursor = '0';
  let orderId: string | undefined;
  for (let guard = 0; guard < 50; guard++) {
    const { status, body: envelope } = await api<{ data: PullPage }>(
      baseURL,
      TENANT,
      `/sync/pull?cursor=${cursor}&limit=2000`,
      {
        token,
      },
    );
    expect(status).toBe(200);
    const body = envelope.data;
    const { notifications, orders, ...rest } = body;
    strings(rest, found);
    // An event note stored with its params: the client renders it in English; the params' values
    // (names, typed words) are data.
    strings(
      orders.upserts.map((o) => ({
        ...o,
        events: o.events?.map((e) => (e.params ? { ...e, notes: null } : e)),
      })),
      found,
    );
    for (const n of notifications.upserts) {
      // An order notification with its params or its order: the client renders it in English.
      if (n.params) strings([n.params, n.related_order], found);
      else if (n.type !== 'system' && n.related_order) strings(n.related_order, found);
      else strings(n, found);
    }
    orderId ??=
      body.orders.upserts.find((o) => (o.events?.length ?? 0) > 0)?.id ?? body.orders.upserts[0]?.id;
    cursor = body.cursor;
    if (!body.has_more) break;
  }
  for (const path of ['/drivers', '/tenants/info', '/products/categories']) {
    const { status, body } = await api(baseURL, TENANT, path, { token });
    if (status === 200) strings(body, found);
  }
  strings(user, found);
  return { data: [...found].sort((a, b) => b.length - a.length), orderId };
}

/** Visible texts of the page (and the accessible names, labels and placeholders of visible elements). */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const skipped = (el: Element) => !!el.closest('[data-i18n-skip], script, style, noscript, title');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.textContent?.trim();
      if (!el || !text || skipped(el)) continue;
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      out.push(text);
    }
    for (const el of document.body.querySelectorAll('[aria-label], [placeholder], [title]')) {
      if (skipped(el) || !el.checkVisibility({ visibilityProperty: true })) continue;
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
    }
    return out;
  });
}

/** Texts with a Turkish letter left once the data strings are taken out. */
async function turkishChrome(page: Page, data: readonly string[]): Promise<string[]> {
  const left: string[] = [];
  for (const text of await visibleTexts(page)) {
    if (!TURKISH.test(text)) continue;
    let rest = text;
    for (const item of data) if (rest.includes(item)) rest = rest.replaceAll(item, ' ');
    // The avatar's initials (of a data name, upper-cased the Turkish way).
    if (/^[A-ZÇĞİÖŞÜ]{1,3}$/.test(rest.trim())) continue;
    if (TURKISH.test(rest)) left.push(text);
  }
  return left;
}

async function expectEnglish(page: Page, data: readonly string[], where: string) {
  // Polled: a live query may still be swapping a spinner for the rows.
  await expect
    .poll(async () => ({ where, turkish: await turkishChrome(page, data) }))
    .toEqual({
      where,
      turkish: [],
    });
}

async function visit(page: Page, path: string, ready: (page: Page) => Promise<unknown>) {
  await page.goto(`${baseURL}${path}`);
  await ready(page);
}

const text = (value: string) => (page: Page) =>
  page.getByText(value, { exact: true }).first().waitFor({ timeout: 30_000 });
const testId = (value: string) => (page: Page) =>
  page.getByTestId(value).first().waitFor({ timeout: 30_000 });

describe('English (Chromium against npm start)', () => {
  it('an admin who picks English sees every screen, dialog and dropdown in English', async () => {
    const { data, orderId } = await dataOf('admin');
    expect(orderId).toBeTruthy();
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'admin');
    await page.waitForURL((url) => url.pathname === '/dashboard');

    // The check can fail: in Turkish the order list's chrome is Turkish.
    await visit(page, '/orders', testId('order-row'));
    await expect.poll(async () => (await turkishChrome(page, data)).length).toBeGreaterThan(0);

    await chooseEnglish(page);
    await expect.poll(() => page.getByTestId('page-title').innerText()).toBe('Orders');
    await expectEnglish(page, data, '/orders (switched in place)');

    const screens: [string, (page: Page) => Promise<unknown>][] = [
      ['/dashboard', testId('dash-order-row')],
      ['/manager-dashboard', testId('panel-quick-actions')],
      ['/orders', testId('order-row')],
      [`/orders/${orderId}`, testId('order-history')],
      ['/create-order', text('Customer Information')],
      ['/my-orders', text('New Sale')],
      ['/sales', testId('product-card')],
      ['/notifications', testId('notification-row')],
      ['/profile', text('Change Password')],
      ['/product-management', testId('product-row')],
      ['/collections', testId('coll-ageing-row')],
      ['/collections?tab=day-end', testId('day-end-head')],
    ];
    for (const [path, ready] of screens) {
      await visit(page, path, ready);
      await expectEnglish(page, data, path);
    }

    // The order's dialogs.
    await visit(page, `/orders/${orderId}`, testId('order-history'));
    for (const button of ['order-edit', 'order-assign-driver', 'order-delete']) {
      const opener = page.getByTestId(button);
      if ((await opener.count()) === 0) continue;
      await opener.click();
      await page.getByRole('dialog').waitFor();
      await expectEnglish(page, data, `/orders/{id} ${button} dialog`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }

    // The bell's dropdown and the account menu.
    await page.getByTestId('notification-bell').click();
    await page.getByTestId('notification-dropdown').waitFor();
    await expectEnglish(page, data, 'notification dropdown');
    await page.keyboard.press('Escape');
    await page.getByTestId('account-menu-button').click();
    await page.getByRole('menuitem', { name: 'Sign Out', exact: true }).waitFor();
    await expectEnglish(page, data, 'account menu');

    // Signing out: the login screen keeps the chosen language.
    await page.getByRole('menuitem', { name: 'Sign Out', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    await expectEnglish(page, data, '/login');
    await context.close();
  });

  it("a salesperson's own screens (my orders with their orders, sales with the cart) are English too", async () => {
    const { data } = await dataOf('sales');
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'sales');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await chooseEnglish(page);

    await visit(page, '/my-orders', testId('my-order-row'));
    await expectEnglish(page, data, '/my-orders');
    await page.getByRole('button', { name: 'View' }).first().click();
    await page.getByTestId('order-view-dialog').waitFor();
    await expectEnglish(page, data, '/my-orders view dialog');
    await page.keyboard.press('Escape');

    await visit(page, '/sales', testId('product-card'));
    await expectEnglish(page, data, '/sales');
    await page.getByTestId('add-to-cart').first().click();
    await page.getByTestId('cart-button').click();
    await page.getByRole('dialog').waitFor();
    await expectEnglish(page, data, '/sales cart');
    await context.close();
  });
});
