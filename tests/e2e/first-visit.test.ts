/**
 * The first visit's /login (a fast first load): the server sends the login form as plain HTML
 * (src/client/app/login-shell-markup.ts) with a 2 KiB script; the app loads on the user's first
 * key, tap or input and takes over the form (src/client/auth/login-shell-handoff.ts). What a user
 * relies on: the form works from the first paint, nothing typed is lost when the app takes over,
 * a submit made before the app arrived is carried out, a failed download is said and retried, and
 * a returning visitor (anything stored) gets the app — and their language — at once.
 */
import type { Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, DEMO_PASSWORD, newContext } from '../helpers/browser';

const baseURL = inject('baseURL');
const browser = browserPerFile();

/**
 * The scripts of the first visit's page itself (the boot script and what it preloads), read from
 * the HTML the server sends: every other script is the app (React, MUI, the router, the screen).
 */
let pageScripts: Set<string> | undefined;
async function isAppScript(url: string): Promise<boolean> {
  if (!pageScripts) {
    const html = await (
      await fetch(`${baseURL}/login?tenant=demo`, { headers: { accept: 'text/html' } })
    ).text();
    pageScripts = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!));
    if (pageScripts.size === 0) throw new Error('the /login page names no script');
  }
  const path = new URL(url).pathname;
  return path.endsWith('.js') && !pageScripts.has(path);
}
const APP_SCRIPT = (url: URL) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js');

/** Script URLs the page has requested so far. */
function scriptsOf(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('.js')) urls.push(request.url());
  });
  return urls;
}
async function appScripts(urls: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const url of urls) if (await isAppScript(url)) found.push(url);
  return found;
}

/** Holds the app's scripts until `release()` (a slow network, made deterministic). */
async function holdApp(page: Page): Promise<{ release: () => void; requested: () => boolean }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = false;
  await page.route(APP_SCRIPT, async (route: Route) => {
    if (await isAppScript(route.request().url())) {
      requested = true;
      await released;
    }
    await route.continue();
  });
  return { release, requested: () => requested };
}

const shell = (page: Page) => page.locator('[data-login-shell]');

/**
 * Records, in the page, every sign-in request as it is SENT: the username in its body and whether
 * the plain-HTML form was still on the page at that moment (the app had not rendered its screen).
 */
async function recordSignIns(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const sent: { username: unknown; formStillPlain: boolean }[] = [];
    (window as unknown as { __signIns: typeof sent }).__signIns = sent;
    const original = window.fetch.bind(window);
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : null;
      const url = request ? request.url : String(input);
      if (new URL(url, location.href).pathname === '/api/auth/login') {
        const formStillPlain = document.querySelector('[data-login-shell]') !== null;
        const body = request ? request.clone().text() : Promise.resolve(String(init?.body ?? ''));
        void body.then((text) => sent.push({ username: JSON.parse(text).username, formStillPlain }));
      }
      return original(input, init);
    };
  });
}
const signIns = (page: Page) =>
  page.evaluate(() => (window as unknown as { __signIns: unknown[] }).__signIns);

/** Waits until the page has fetched the app's scripts (none new for a second). */
async function appLoaded(page: Page): Promise<void> {
  const count = () =>
    page.evaluate(
      () => performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.js')).length,
    );
  let last = -1;
  for (let i = 0; i < 60; i++) {
    const now = await count();
    if (now === last && now > 2) return;
    last = now;
    await page.waitForTimeout(1000);
  }
  throw new Error('the app did not finish loading');
}

describe("the first visit's /login", () => {
  it('is a working form before any app JavaScript, and the app is fetched only on the first action', async () => {
    const context = await newContext(browser(), { width: 390, height: 844 });
    const page = await context.newPage();
    const scripts = scriptsOf(page);
    await page.goto(`${baseURL}/login?tenant=demo`);
    // The form as the user sees it: the tenant's name, the spec's labels and button.
    await expect.poll(() => shell(page).count()).toBe(1);
    expect(await page.getByText('Demo Ticaret A.Ş.').count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Giriş Yap' }).count()).toBe(1);
    expect(await page.getByLabel('Kullanıcı Adı').count()).toBe(1);
    expect(await page.getByLabel('Şifre', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Giriş Yap', exact: true }).isEnabled()).toBe(true);
    // The username field has the focus, as on the app's screen.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('username');
    // Idle: only the small boot script (and Vite's preload helper) — no React, no MUI.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(await appScripts(scripts)).toEqual([]);
    expect(scripts.length).toBeLessThanOrEqual(2);
    // The show/hide-password button works in the plain form too.
    await page.getByRole('button', { name: 'Şifreyi göster' }).click();
    expect(await page.locator('#password').getAttribute('type')).toBe('text');
    // That click was the first action: the app is fetched, but the form stays the browser's own…
    await expect.poll(async () => (await appScripts(scripts)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    await appLoaded(page);
    expect(await shell(page).count()).toBe(1);
    // …until it is submitted: the app takes over (its validation answers), keeping the shown password.
    await page.locator('#username').press('Enter');
    await expect.poll(() => page.getByText('Kullanıcı adı gereklidir.').count(), { timeout: 30_000 }).toBe(1);
    expect(await shell(page).count()).toBe(0);
    expect(await page.locator('#password').getAttribute('type')).toBe('text');
    expect(await page.getByRole('button', { name: 'Şifreyi gizle' }).count()).toBe(1);
    await context.close();
  });

  it("keeps the browser's own form while the user types, even once the app is there; Enter hands every character over", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const app = await holdApp(page);
    await page.goto(`${baseURL}/login?tenant=demo`);
    await expect.poll(() => shell(page).count()).toBe(1);
    // The username is typed while the app's download is held; then the password begins.
    await page.keyboard.type('mana', { delay: 20 });
    await expect.poll(app.requested).toBe(true);
    await page.keyboard.type('ger', { delay: 20 });
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_PASSWORD.slice(0, 4), { delay: 20 });
    // The app arrives while the user is in the password field: the field is not replaced under
    // their fingers (a phone's keyboard would close).
    app.release();
    await appLoaded(page);
    expect(await shell(page).count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('password');
    await page.keyboard.type(DEMO_PASSWORD.slice(4), { delay: 20 });
    // Enter: the app takes the form over with both values and signs in.
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/manager-dashboard', { timeout: 30_000 });
    await context.close();
  });

  it('hands over the focus and the caret with the values (no password: the app answers in the same form)', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto(`${baseURL}/login?tenant=demo`);
    await page.keyboard.type('nobody-here', { delay: 10 });
    await page.keyboard.press('Enter');
    await expect.poll(() => shell(page).count(), { timeout: 30_000 }).toBe(0);
    // The app's screen has the username typed in the HTML form, the focus where the user was.
    expect(await page.locator('#username').inputValue()).toBe('nobody-here');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('username');
    expect(await page.getByText('Şifre gereklidir.').count()).toBe(1);
    // Typing goes on at the end of the text.
    await page.keyboard.type('2', { delay: 10 });
    expect(await page.locator('#username').inputValue()).toBe('nobody-here2');
    await context.close();
  });

  it('carries out a submit made before the app arrived (Enter), with the right validation', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const app = await holdApp(page);
    await page.goto(`${baseURL}/login?tenant=demo`);
    await expect.poll(() => shell(page).count()).toBe(1);
    // An empty submit first: the app's own validation answers it once it is there.
    await page.keyboard.press('Enter');
    const button = page.locator('button[type="submit"]');
    await expect.poll(() => button.innerText()).toBe('Giriş Yapılıyor...');
    expect(await button.isDisabled()).toBe(true);
    app.release();
    await expect.poll(() => page.getByText('Kullanıcı adı gereklidir.').count(), { timeout: 30_000 }).toBe(1);
    expect(new URL(page.url()).search).toBe('?tenant=demo'); // never a GET with the form in the address
    await context.close();

    // A full submit before the app arrives signs in: ONE sign-in request, sent as soon as the
    // app is there — before its login screen replaced the plain form, not after.
    const second = await newContext(browser());
    const page2 = await second.newPage();
    await recordSignIns(page2);
    const app2 = await holdApp(page2);
    await page2.goto(`${baseURL}/login?tenant=demo`);
    await page2.locator('#username').fill(' warehouse ');
    await page2.locator('#password').fill(DEMO_PASSWORD);
    await page2.keyboard.press('Enter');
    await expect.poll(() => page2.locator('button[type="submit"]').isDisabled()).toBe(true);
    expect(await shell(page2).count()).toBe(1);
    app2.release();
    await page2.waitForURL((url) => url.pathname === '/warehouse-dashboard', { timeout: 30_000 });
    expect(new URL(page2.url()).search).not.toContain('password');
    expect(await signIns(page2)).toEqual([{ username: 'warehouse', formStillPlain: true }]);
    await second.close();

    // A wrong password submitted before the app arrives: the screen says so, once, from that one
    // request's answer, and empties the password as after any failed sign-in.
    const third = await newContext(browser());
    const page3 = await third.newPage();
    await recordSignIns(page3);
    const app3 = await holdApp(page3);
    await page3.goto(`${baseURL}/login?tenant=demo`);
    await page3.locator('#username').fill('nobody-here');
    await page3.locator('#password').fill('wrong-password');
    await page3.keyboard.press('Enter');
    await expect.poll(() => page3.locator('button[type="submit"]').isDisabled()).toBe(true);
    app3.release();
    await expect
      .poll(() => page3.getByText('Kullanıcı adı veya şifre hatalı. Lütfen tekrar deneyin.').count(), {
        timeout: 30_000,
      })
      .toBe(1);
    expect(await page3.locator('#password').inputValue()).toBe('');
    expect(await signIns(page3)).toEqual([{ username: 'nobody-here', formStillPlain: true }]);
    await third.close();
  });

  it('says so when the app cannot be downloaded, and loads it on the next try', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.route(APP_SCRIPT, async (route) =>
      (await isAppScript(route.request().url())) ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.goto(`${baseURL}/login?tenant=demo`);
    await page.locator('#username').fill('sales');
    await page.locator('#password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    await expect
      .poll(() =>
        page.getByText('İnternet bağlantısı yok. Giriş yapmak için çevrimiçi olmanız gerekir.').count(),
      )
      .toBe(1);
    // Nothing typed is lost, and the button is usable again.
    expect(await page.locator('#username').inputValue()).toBe('sales');
    expect(await page.locator('#password').inputValue()).toBe(DEMO_PASSWORD);
    expect(await page.getByRole('button', { name: 'Giriş Yap', exact: true }).isEnabled()).toBe(true);
    // The network is back: the next submit loads the app, which signs in.
    await page.unroute(APP_SCRIPT);
    await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 });
    await context.close();
  });

  it('cannot be sent before its script runs: without JavaScript, Enter and the button send nothing', async () => {
    const context = await browser().newContext({ javaScriptEnabled: false, locale: 'tr-TR' });
    const page = await context.newPage();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) sent.push(`${request.method()} ${request.url()}`);
    });
    await page.goto(`${baseURL}/login?tenant=demo`);
    await page.locator('#username').fill('manager');
    await page.locator('#password').fill(DEMO_PASSWORD);
    await page.locator('#password').press('Enter');
    await page
      .locator('button[type="submit"]')
      .click({ force: true })
      .catch(() => undefined);
    await page.waitForTimeout(500);
    // Only the page itself was requested: no form submission, no password in any address.
    expect(sent).toEqual([`GET ${baseURL}/login?tenant=demo`]);
    expect(page.url()).toBe(`${baseURL}/login?tenant=demo`);
    expect(await page.locator('button[type="submit"]').isDisabled()).toBe(true);
    await context.close();
  });

  it('gives a returning visitor (something stored: here English) the app at once, with no action', async () => {
    const context = await newContext(browser());
    await context.addInitScript(() => {
      if (!localStorage.getItem('language')) localStorage.setItem('language', 'en');
    });
    const page = await context.newPage();
    await page.goto(`${baseURL}/login?tenant=demo`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Sign In' }).count(), { timeout: 30_000 })
      .toBe(1);
    expect(await shell(page).count()).toBe(0);
    await context.close();
  });

  it("fetches the layout's code while the password is checked, and the landing screen's beside it", async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    const scripts = scriptsOf(page);
    const LAYOUT = /\/assets\/app-layout-[^/]+\.js$/;
    const LANDING = /\/assets\/manager-dashboard-page-[^/]+\.js$/;
    // The sign-in's answer and the layout's code are held until released: a slow password check
    // and a slow network, made deterministic.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let layout!: () => void;
    const layoutSent = new Promise<void>((resolve) => {
      layout = resolve;
    });
    await page.route('**/api/auth/login**', async (route: Route) => {
      await answered;
      await route.continue();
    });
    await page.route(LAYOUT, async (route: Route) => {
      await layoutSent;
      await route.continue();
    });
    await page.goto(`${baseURL}/login?tenant=demo`);
    await page.locator('#username').pressSequentially('manager');
    await page.locator('#password').fill(DEMO_PASSWORD);
    await appLoaded(page);
    expect(scripts.some((url) => LAYOUT.test(url))).toBe(false);
    await page.getByRole('button', { name: 'Giriş Yap', exact: true }).click();
    // The password is being checked: the layout's code is asked for meanwhile.
    await expect.poll(() => scripts.some((url) => LAYOUT.test(url)), { timeout: 30_000 }).toBe(true);
    expect(scripts.some((url) => LANDING.test(url))).toBe(false);
    answer();
    // The answer names the role: the manager's landing screen is asked for while the layout's code
    // is still on its way — not once the layout has been drawn.
    await expect.poll(() => scripts.some((url) => LANDING.test(url)), { timeout: 30_000 }).toBe(true);
    layout();
    await expect.poll(() => page.getByTestId('manager-dashboard').count(), { timeout: 30_000 }).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/manager-dashboard');
    await context.close();
  });
});
