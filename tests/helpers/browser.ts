/** Playwright on Debian's Chromium (browsers are never downloaded here). */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** `extraArgs`: more Chromium switches (a test that maps host names to the test server). */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      ...extraArgs,
    ],
  });
}

/**
 * One Chromium per test file: launched before its tests, closed after. Returns a getter.
 */
export function browserPerFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not launched yet (use it inside a test)');
    return browser;
  };
}

/** The contexts whose pages may install the app's service worker. */
const withWorker = new WeakSet<BrowserContext>();

/**
 * A new context ("device"). `worker: true` lets its pages install the app's service worker, as a
 * user's browser does: needed by a test that goes offline (reloads and lazy screens then come from
 * the worker's precache) or checks the worker itself. Every other context blocks it: installing
 * it precaches the whole app, ~2 s and ~2 CPU-seconds of a 2-core machine per signed-in context,
 * which a test that stays online never uses.
 */
export async function newContext(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
  options: { worker?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport,
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
    serviceWorkers: options.worker ? 'allow' : 'block',
  });
  if (options.worker) withWorker.add(context);
  return context;
}

export const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'demo1234';

/** Sign in through the login screen as a user does. */
export async function signIn(
  page: Page,
  baseURL: string,
  tenant: string,
  username: string,
  password = DEMO_PASSWORD,
) {
  await page.goto(`${baseURL}/login?tenant=${tenant}`);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
}

/** Wait until the page's service worker controls it (so offline reloads come from the precache). */
export async function waitForServiceWorker(page: Page) {
  if (!withWorker.has(page.context()))
    throw new Error('this context blocks the service worker: open it with newContext(…, { worker: true })');
  // The predicate must be synchronous: Playwright treats a returned promise as truthy.
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 60_000 });
}

/**
 * A signed-in browser context (one "device") on its landing page; with `worker: true` (a device
 * that will go offline) once its service worker is in control.
 */
export async function signedInDevice(
  browser: Browser,
  baseURL: string,
  tenant: string,
  username: string,
  landing: string,
  options: { worker?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, undefined, options);
  const page = await context.newPage();
  await signIn(page, baseURL, tenant, username);
  await page.waitForURL((url) => url.pathname === landing);
  if (options.worker) await waitForServiceWorker(page);
  return { context, page };
}

/** Open /orders/{id} and wait until the order is shown from this device's local store. */
export async function openOrderPage(
  page: Page,
  baseURL: string,
  order: { id: string; order_number: string },
) {
  await page.goto(`${baseURL}/orders/${order.id}`);
  await page.waitForFunction(
    (number) => document.querySelector('[data-testid="order-detail-number"]')?.textContent === number,
    order.order_number,
    { timeout: 30_000 },
  );
}

/** Call the API directly (for checking server state from a test). */
export async function api<T = unknown>(
  baseURL: string,
  tenant: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const url = new URL(`${baseURL}/api${path}`);
  url.searchParams.set('tenant', tenant);
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export async function apiLogin(baseURL: string, tenant: string, username: string, password = DEMO_PASSWORD) {
  const { status, body } = await api<{ token: string; user: { id: string } }>(
    baseURL,
    tenant,
    '/auth/login',
    {
      method: 'POST',
      body: { username, password },
    },
  );
  if (status !== 200) throw new Error(`login ${username}@${tenant} failed: ${status}`);
  return body;
}

/**
 * Records every text a snackbar or toast shows on the context's pages, however briefly (a
 * MutationObserver installed before any page script), so a test can assert a message appeared
 * without racing its auto-hide, and can say what was shown instead when it did not.
 */
export async function recordMessages(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __messages: string[] }).__messages = seen;
    const collect = () => {
      for (const node of document.querySelectorAll('[data-testid="snackbar"], [data-testid="toast"]')) {
        const text = (node.querySelector('.MuiAlert-message')?.textContent ?? '').trim();
        if (text && seen[seen.length - 1] !== text) seen.push(text);
      }
    };
    new MutationObserver(collect).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** The messages recorded by `recordMessages` on this page so far, oldest first. */
export async function messagesShown(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __messages?: string[] }).__messages ?? []);
}
