import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { Payment } from '../../src/shared/api/accounts';
import { addDays, PAYMENT_METHODS, type PaymentMethod } from '../../src/shared/domain/account';
import { formatTL } from '../../src/shared/domain/money';
import { dayIn } from '../../src/shared/domain/time';
import { api, apiLogin, browserPerFile, newContext, signedInDevice, signIn } from '../helpers/browser';

/**
 * /collections in Chromium against `npm start`: payments taken through the API (a manager's
 * today, a salesperson's on a past day) show on the manager's device by method, the same as the
 * server's list; the screen works offline after one online visit (reload and navigation); the
 * day-end confirms a salesperson's day online with a difference that is shown and recorded; at
 * 390 px nothing ends past the window's edge, and axe finds nothing serious on either tab.
 *
 * Tenant demo: its manager takes payments (every account), its salesperson from a customer of
 * their own order.
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
const TENANT = 'demo';
const ZONE = 'Europe/Istanbul';
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Envelope<T> {
  data: T;
}
interface WireOrder {
  id: string;
  customer_id: string | null;
}

async function pay(token: string, body: Record<string, unknown>): Promise<Payment> {
  const r = await api<Envelope<Payment>>(baseURL, TENANT, '/payments', {
    method: 'POST',
    token,
    body: { id: randomUUID(), method: 'cash', taken_at: new Date().toISOString(), ...body },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data;
}

/** The server's collections of a day by method (reversed ones left out), all pages. */
async function serverDay(token: string, day: string): Promise<Record<PaymentMethod, number>> {
  const totals = Object.fromEntries(PAYMENT_METHODS.map((m) => [m, 0])) as Record<PaymentMethod, number>;
  for (let page = 1; ; page++) {
    const r = await api<Envelope<{ data: Payment[]; pagination: { totalPages: number } }>>(
      baseURL,
      TENANT,
      `/payments?from=${day}&to=${day}&limit=200&page=${page}`,
      { token },
    );
    expect(r.status).toBe(200);
    for (const p of r.body.data.data) if (!p.reversed_at) totals[p.method] += p.amount_kurus;
    if (page >= r.body.data.pagination.totalPages) return totals;
  }
}

const methodRow = (page: Page, method: PaymentMethod) =>
  page.locator(`[data-testid="coll-today-method-row"][data-method="${method}"]`);

async function seriousViolations(page: Page): Promise<{ id: string; nodes: string[] }[]> {
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') blocks inline tags.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    interface AxeViolation {
      id: string;
      impact: string | null;
      nodes: { target: string[] }[];
    }
    const axe = (
      window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const r = await axe.run({ resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
}

/** Visible buttons, links, fields and cells past the window's right edge, and the page's own overflow. */
async function pastTheEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const limit = window.innerWidth + 1;
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(
      'button, a[href], input, select, textarea, [role=button], td, th',
    )) {
      const rect = el.getBoundingClientRect();
      if (rect.width <= 0 || rect.height <= 0 || rect.right <= limit) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      out.push(`${el.tagName} ${el.innerText.slice(0, 30)} → ${Math.round(rect.right)}`);
    }
    if (document.documentElement.scrollWidth > limit)
      out.push(`scrollWidth ${document.documentElement.scrollWidth}`);
    return out;
  });
}

describe('/collections (Chromium against npm start)', () => {
  it("shows today's collections by method as the server has them, offline too; confirms a day-end; fits 390 px; axe clean", async () => {
    const today = dayIn(new Date(), ZONE);
    const manager = await apiLogin(baseURL, TENANT, 'manager');
    const sales = await apiLogin(baseURL, TENANT, 'sales');

    // A customer of one of the salesperson's own orders: both may take payments from them.
    const own = await api<Envelope<{ orders: WireOrder[] }>>(baseURL, TENANT, '/orders?limit=100', {
      token: sales.token,
    });
    const customerId = own.body.data.orders.find((o) => o.customer_id)?.customer_id;
    expect(customerId, 'the demo salesperson has an order of a customer on record').toBeTruthy();

    // Today: the manager takes cash, a card payment and a cheque due this week.
    await pay(manager.token, { customer_id: customerId, amount: 1250.75 });
    await pay(manager.token, {
      customer_id: customerId,
      method: 'card',
      amount: 300,
      pos_slip_number: 'POS-77',
    });
    await pay(manager.token, {
      customer_id: customerId,
      method: 'cheque',
      amount: 2000,
      document_number: `CEK-${Date.now()}`,
      bank_name: 'Ziraat Bankası',
      document_due_day: today,
    });
    // A past day of the salesperson's (a fresh day each run: a day is confirmed once).
    const pastDay = addDays(today, -(20 + Math.floor(Math.random() * 300)));
    await pay(sales.token, { customer_id: customerId, amount: 400, taken_at: `${pastDay}T09:00:00.000Z` });
    await pay(sales.token, {
      customer_id: customerId,
      method: 'transfer',
      amount: 150.5,
      bank_reference: 'EFT-1',
      taken_at: `${pastDay}T10:00:00.000Z`,
    });
    const expected = await serverDay(manager.token, today);
    expect(expected.cash).toBeGreaterThanOrEqual(125_075);

    const { context, page } = await signedInDevice(
      browser(),
      baseURL,
      TENANT,
      'manager',
      '/manager-dashboard',
      { worker: true },
    );
    // The menu offers it to the manager.
    await page.locator('a[href="/collections"]').first().click();
    await page.waitForURL((url) => url.pathname === '/collections');
    await page.getByTestId('collections-page').waitFor();
    expect(await page.getByTestId('page-title').innerText()).toBe('Tahsilatlar');

    // Today's figures by method: what the server lists for today (the pull brings them).
    const shown = async () =>
      Object.fromEntries(
        await Promise.all(
          PAYMENT_METHODS.map(async (m) => [m, (await methodRow(page, m).innerText()).replace(/\s+/g, ' ')]),
        ),
      );
    const wanted = (text: Record<string, string>) =>
      PAYMENT_METHODS.every((m) => text[m]?.includes(formatTL(expected[m])));
    await expect.poll(async () => wanted(await shown()), { timeout: 60_000 }).toBe(true);
    const total = PAYMENT_METHODS.reduce((s, m) => s + expected[m], 0);
    expect(await page.getByTestId('coll-fig-today-value').innerText()).toBe(formatTL(total));
    // The cheque is in this week's portfolio list, and the chart has loaded beside its table.
    await expect
      .poll(() => page.getByTestId('coll-document-row').allInnerTexts(), { timeout: 30_000 })
      .toEqual(expect.arrayContaining([expect.stringContaining('2.000,00 TL')]));
    await page.getByTestId('coll-today-chart').waitFor();
    // Receivables: the buckets add up to the total shown.
    const buckets = await page.getByTestId('coll-ageing-row').count();
    expect(buckets).toBe(5);

    // The day-end, online: the salesperson's past day, confirmed 5 TL short.
    await page.getByTestId('coll-tab-day-end').click();
    await page.getByTestId('day-end-day').fill(pastDay);
    const person = page.locator(`[data-testid="day-end-person"][data-user-id="${sales.user.id}"]`);
    await person.waitFor({ timeout: 30_000 });
    expect(await person.getByTestId('day-end-expected-total').innerText()).toBe(formatTL(55_050));
    await person.getByTestId('day-end-confirm').click();
    const form = page.getByTestId('day-end-form');
    await form.waitFor();
    expect(await page.getByTestId('day-end-counted-cash').inputValue()).toBe('400,00');
    // A Turkish amount typed: '395,00' is 5 TL short; the difference shows before confirming.
    await page.getByTestId('day-end-counted-cash').fill('395,00');
    await expect.poll(() => page.getByTestId('day-end-form-difference').innerText()).toContain('-5,00 TL');
    // An amount that is not a number is refused beside its field, nothing sent.
    await page.getByTestId('day-end-counted-card').fill('abc');
    await page.getByTestId('day-end-submit').click();
    await expect.poll(() => page.getByTestId('day-end-counted-card-helper').innerText()).not.toBe('');
    await page.getByTestId('day-end-counted-card').fill('0');
    await page.getByTestId('day-end-note').fill('5 TL eksik teslim');
    await page.getByTestId('day-end-submit').click();
    await form.waitFor({ state: 'detached', timeout: 30_000 });
    await expect
      .poll(() => person.getByTestId('day-end-difference').innerText(), { timeout: 30_000 })
      .toBe('-5,00 TL');
    expect(await person.getByTestId('day-end-confirmed-by').innerText()).toContain('Onaylayan:');
    // Recorded on the server as counted.
    const after = await api<
      Envelope<{ people: { user_id: string; confirmation: { difference_kurus: number } | null }[] }>
    >(baseURL, TENANT, `/day-ends?day=${pastDay}`, { token: manager.token });
    expect(
      after.body.data.people.find((p) => p.user_id === sales.user.id)?.confirmation?.difference_kurus,
    ).toBe(-500);
    expect(await seriousViolations(page)).toEqual([]);

    // Offline: reload and navigate; the figures come from the device.
    await context.setOffline(true);
    await page.goto(`${baseURL}/collections`);
    await page.getByTestId('collections-page').waitFor({ timeout: 30_000 });
    await page.getByTestId('collections-offline').waitFor({ timeout: 30_000 });
    await expect.poll(async () => wanted(await shown()), { timeout: 30_000 }).toBe(true);
    await page.reload();
    await page.getByTestId('collections-page').waitFor({ timeout: 30_000 });
    await expect.poll(async () => wanted(await shown()), { timeout: 30_000 }).toBe(true);
    // The day-end offline: the device's own figures, read-only, with the note.
    await page.getByTestId('coll-tab-day-end').click();
    await page.getByTestId('day-end-offline').waitFor();
    expect(await page.getByTestId('day-end-confirm').count()).toBe(0);

    // A phone: cards, nothing past the edge, on both tabs; axe clean.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('coll-tab-overview').click();
    await page.getByTestId('coll-today-methods-cards').waitFor();
    await page.waitForTimeout(800);
    expect(await pastTheEdge(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('coll-tab-day-end').click();
    await page.getByTestId('day-end').waitFor();
    await page.waitForTimeout(500);
    expect(await pastTheEdge(page)).toEqual([]);
    await context.close();
  });

  it('is not offered to a salesperson (the office confirms day-ends)', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'sales');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    expect(await page.locator('a[href="/collections"]').count()).toBe(0);
    await page.goto(`${baseURL}/collections`);
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 });
    await context.close();
  });
});
