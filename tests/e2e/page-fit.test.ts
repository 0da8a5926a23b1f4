import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { menuFor, SCREEN_PATHS, SCREENS, type ScreenDef } from '../../src/client/shared-ui/screens';
import { DEVICE_REPORT_HEADER, DEVICE_REPORT_RESULT_HEADER } from '../../src/shared/api/devices';
import { ROLES, type Role } from '../../src/shared/domain/roles';
import { api, apiLogin, browserPerFile, newContext, signIn } from '../helpers/browser';
import { openInApp, settle } from '../helpers/screen';

/**
 * The route walker: every route of the app, as every role that may open it, at 1280×800 and at
 * 390×844 — nothing a user needs ends past the window's right edge. On each screen (and on each of
 * its tabs) every visible button, link, field and table cell must end within the window, and the
 * page itself must not scroll sideways. A cell that is only reachable by scrolling a table sideways
 * counts as past the edge: a table that scrolls inside the page hides its actions as surely as a
 * wide page does. Elements hidden by CSS (display none, visibility hidden, aria-hidden, a closed
 * dialog) do not count.
 *
 * The routes come from the router's own table (the screens table), the roles that may open each
 * from the same table and the menu (platform-only entries); a route added to the router
 * without a way to open it here fails the coverage check. A detail page opens an order the role
 * sees. Read-only apart from one company sign-up (so the platform's registrations table has a
 * row), one invoice when the demo company has none, and 30 device reports (so the devices list
 * needs its pager).
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/** A role's walk visits a dozen screens and their tabs, each settling on a busy machine. */
const WALK_TIMEOUT = 600_000;

/** The demo company's user of each role (the seed). */
const DEMO_USER: Record<Role, string> = {
  admin: 'admin',
  manager: 'manager',
  salesperson: 'sales',
  warehouse: 'warehouse',
  driver: 'driver',
};

/** Routes that only send the visitor elsewhere (their target is walked in its own right). */
const REDIRECTS = new Set(['/', '*', '/salesperson-dashboard']);
/** Every route of the router: the screens table's, and its redirects. */
const ROUTER_PATHS: string[] = [...SCREEN_PATHS, ...REDIRECTS];
/**
 * Routes open without signing in (walked signed out). /change-password, for a user signed in with
 * a one-time password only, is walked by every role: each is sent on from it to a screen that is
 * checked too.
 */
const SIGNED_OUT = new Set(['/login', '/reset-password', '/register-company']);

const PLATFORM_ONLY = new Set<string>(
  menuFor('admin', 'default')
    .map((item) => item.path)
    .filter((path) => !menuFor('admin', 'demo').some((item) => item.path === path)),
);

/** The roles the router lets open a screen (a screen that explains a refusal opens for all). */
function rolesOf(path: string): readonly Role[] {
  const def: ScreenDef | undefined = (SCREENS as Record<string, ScreenDef>)[path];
  if (!def || def.refused === 'explain' || typeof def.access === 'string') return ROLES;
  return def.access;
}

interface Offender {
  where: string;
  tag: string;
  text: string;
  testid: string;
  right: number;
}

/**
 * In the page: the visible buttons, links, fields and cells whose right edge is past the window's,
 * and the page's own sideways overflow.
 */
async function offenders(page: Page, where: string): Promise<Offender[]> {
  const found = await page.evaluate(() => {
    const limit = window.innerWidth + 1;
    const out: { tag: string; text: string; testid: string; right: number }[] = [];
    const selector = 'button, a[href], input, select, textarea, [role=button], td, th';
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const rect = el.getBoundingClientRect();
      if (rect.width <= 0 || rect.height <= 0) continue;
      if (getComputedStyle(el).visibility === 'hidden') continue;
      if (el.closest('[aria-hidden="true"], [inert], dialog:not([open])')) continue;
      if (rect.right <= limit) continue;
      const text = (
        el.innerText ||
        (el as HTMLInputElement).value ||
        el.getAttribute('aria-label') ||
        el.getAttribute('title') ||
        ''
      )
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 40);
      const testid = el.closest<HTMLElement>('[data-testid]')?.dataset.testid ?? '';
      out.push({ tag: el.tagName.toLowerCase(), text, testid, right: Math.round(rect.right) });
    }
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > limit)
      out.push({ tag: 'html', text: `scrollWidth ${scrollWidth}`, testid: '', right: scrollWidth });
    return out;
  });
  return found.map((f) => ({ where, ...f }));
}

/** Checks the screen, then each of its tabs in turn (a tab is part of the route's screen). */
async function walkScreen(page: Page, where: string): Promise<Offender[]> {
  await settle(page);
  const found = await offenders(page, where);
  const tabs = page.locator('main [role="tab"]');
  const count = await tabs.count();
  for (let i = 0; i < count; i++) {
    const tab = tabs.nth(i);
    if ((await tab.getAttribute('aria-selected')) === 'true') continue;
    const name = (await tab.innerText()).trim();
    await tab.click();
    await settle(page);
    found.push(...(await offenders(page, `${where} [tab ${name}]`)));
  }
  return found;
}

/** Devices made to report in beforeAll (the devices list's pager is needed). */
const FLEET = 30;

/** The ids that fill the routes' `:param`s, found (or made) once. */
const params: Record<string, string> = {};
/** An order each role sees (a salesperson their own, a driver one given to them): its detail. */
const ownOrder: Partial<Record<Role, string>> = {};
const visited = new Set<string>();

function resolve(path: string, role?: Role): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const order = path.startsWith('/orders/') || path.startsWith('/delivery-notes/');
    const value = (order && role ? ownOrder[role] : undefined) ?? params[`${path}:${name}`];
    if (!value) throw new Error(`no value for ${name} of ${path}`);
    return value;
  });
}

async function newWalkerContext(viewport: { width: number; height: number }): Promise<BrowserContext> {
  const context = await newContext(browser(), viewport);
  // The print pages open the print dialog on their own: not in a headless walk.
  await context.addInitScript(() => {
    window.print = () => undefined;
  });
  return context;
}

beforeAll(async () => {
  const { token } = await apiLogin(baseURL, 'demo', 'manager');
  const orders = await api<{ data: { orders: { id: string }[] } }>(baseURL, 'demo', '/orders?limit=5', {
    token,
  });
  const order = orders.body.data.orders[0];
  if (!order) throw new Error('the demo seed has no order');
  params['/orders/:id:id'] = order.id;
  params['/delivery-notes/:orderId:orderId'] = order.id;
  for (const role of ROLES) {
    const own = await apiLogin(baseURL, 'demo', DEMO_USER[role]);
    const seen = await api<{ data: { orders: { id: string }[] } }>(baseURL, 'demo', '/orders?limit=1', {
      token: own.token,
    });
    const id = seen.status === 200 ? seen.body.data.orders[0]?.id : undefined;
    if (id) ownOrder[role] = id;
  }

  // An invoice of the demo company (one is issued from a delivered order when there is none yet).
  const invoices = await api<{ data: { data: { id: string; order_id: string }[] } }>(
    baseURL,
    'demo',
    '/invoices?limit=100',
    { token },
  );
  let invoiceId = invoices.body.data.data[0]?.id;
  if (!invoiceId) {
    const delivered = await api<{ data: { orders: { id: string; total_amount_kurus: number }[] } }>(
      baseURL,
      'demo',
      '/orders?status=delivered&limit=100',
      { token },
    );
    const target = delivered.body.data.orders.find((o) => o.total_amount_kurus > 0);
    if (!target) throw new Error('the demo seed has no delivered order');
    const made = await api<{ data: { id: string } }>(baseURL, 'demo', '/invoices', {
      method: 'POST',
      token,
      body: { id: crypto.randomUUID(), order_id: target.id },
    });
    expect([200, 201]).toContain(made.status);
    invoiceId = made.body.data.id;
  }
  params['/invoices/:id:id'] = invoiceId;
  params['/invoice-print/:id:id'] = invoiceId;

  // A customer with an account (an invoiced one), else any: their screen with its account sections.
  const invoiced = await api<{ data: { data: { customer_id: string | null }[] } }>(
    baseURL,
    'demo',
    '/invoices?limit=100',
    { token },
  );
  const customers = await api<{ data: { customers: { id: string }[] } }>(
    baseURL,
    'demo',
    '/customers?limit=1',
    {
      token,
    },
  );
  const customerId =
    invoiced.body.data.data.find((i) => i.customer_id)?.customer_id ?? customers.body.data.customers[0]?.id;
  if (!customerId) throw new Error('the demo seed has no customer');
  params['/customers/:id:id'] = customerId;
  // A payment of that customer: its receipt, printed from the device.
  const paid = await api<{ data: { id: string } }>(baseURL, 'demo', '/payments', {
    method: 'POST',
    token,
    body: {
      id: crypto.randomUUID(),
      customer_id: customerId,
      method: 'cash',
      amount: 10,
      taken_at: new Date().toISOString(),
    },
  });
  expect([200, 201]).toContain(paid.status);
  params['/payment-receipt/:id:id'] = paid.body.data.id;

  // A company sign-up waiting for the platform's decision: the registrations table has a row.
  const form = await api<{ data: { form_token: string; min_seconds: number } }>(
    baseURL,
    'default',
    '/company-registrations/form',
  );
  await new Promise((r) => setTimeout(r, (form.body.data.min_seconds + 0.5) * 1000));
  const sub = `fit${Date.now()}`;
  const signUp = await api(baseURL, 'default', '/company-registrations', {
    method: 'POST',
    body: {
      id: crypto.randomUUID(),
      company_name: `Sayfa Sığma Denemesi Uzun Şirket Adı ${sub}`,
      industry: 'Lojistik',
      legal_name: `Sayfa Sığma Denemesi ${sub} Lojistik Limited Şirketi`,
      tax_number: '9876543217',
      tax_office: 'Nilüfer',
      contact_person_name: 'Zeynep Çelik',
      contact_person_email: `${sub}@example.com`,
      contact_person_phone: '0532 111 22 33',
      subdomain: sub,
      subscription_plan: 'basic',
      address_city: 'Bursa',
      form_token: form.body.data.form_token,
      website: '',
    },
  });
  expect(signUp.status).toBe(201);

  // A fleet of 30 more devices (a salesperson's handhelds) reporting with their pulls, so the
  // devices list on Sistem Durumu is long enough to need its pager.
  const sales = await apiLogin(baseURL, 'demo', 'sales');
  const stamp = Date.now().toString(36);
  for (let i = 0; i < FLEET; i++) {
    const response = await fetch(`${baseURL}/api/sync/pull?tenant=demo&limit=1`, {
      headers: {
        authorization: `Bearer ${sales.token}`,
        [DEVICE_REPORT_HEADER]: `d=fit-${stamp}-${String(i).padStart(2, '0')}&o=0&f=0&v=1.0.0`,
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get(DEVICE_REPORT_RESULT_HEADER)).toBe('stored');
  }
});

describe('page fit: nothing a user needs ends past the right edge', () => {
  for (const viewport of WIDTHS) {
    it(
      `signed out, at ${viewport.width} px`,
      async () => {
        const context = await newWalkerContext(viewport);
        const page = await context.newPage();
        const found: Offender[] = [];
        try {
          for (const path of ROUTER_PATHS.filter((p) => SIGNED_OUT.has(p))) {
            await page.goto(`${baseURL}${path}?tenant=demo`);
            found.push(...(await walkScreen(page, `${path} (signed out, ${viewport.width})`)));
            visited.add(path);
          }
        } finally {
          await context.close();
        }
        expect(found).toEqual([]);
      },
      WALK_TIMEOUT,
    );

    for (const role of ROLES) {
      it(
        `${role} (demo), every route the role may open, at ${viewport.width} px`,
        async () => {
          const context = await newWalkerContext(viewport);
          const page = await context.newPage();
          const found: Offender[] = [];
          try {
            await signIn(page, baseURL, 'demo', DEMO_USER[role]);
            await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
            for (const path of ROUTER_PATHS) {
              if (REDIRECTS.has(path) || SIGNED_OUT.has(path) || PLATFORM_ONLY.has(path)) continue;
              if (!rolesOf(path).includes(role)) continue;
              await openInApp(page, resolve(path, role));
              // A route for one-time-password users sends everyone else on: what they land on is checked.
              found.push(...(await walkScreen(page, `${path} (${role}, ${viewport.width})`)));
              visited.add(path);
            }
          } finally {
            await context.close();
          }
          expect(found).toEqual([]);
        },
        WALK_TIMEOUT,
      );
    }

    it(
      `platform admin (default): its own routes and every /admin tab, at ${viewport.width} px`,
      async () => {
        const context = await newWalkerContext(viewport);
        const page = await context.newPage();
        const found: Offender[] = [];
        try {
          await signIn(page, baseURL, 'default', 'admin');
          await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
          for (const path of ['/admin', ...PLATFORM_ONLY]) {
            await openInApp(page, path);
            found.push(...(await walkScreen(page, `${path} (platform admin, ${viewport.width})`)));
            visited.add(path);
          }
        } finally {
          await context.close();
        }
        expect(found).toEqual([]);
      },
      WALK_TIMEOUT,
    );
  }

  it(
    "Sistem Durumu's devices list is paged: 10 a page, 25 on request, the pager moves on",
    async () => {
      const context = await newWalkerContext({ width: 1280, height: 800 });
      const page = await context.newPage();
      try {
        await signIn(page, baseURL, 'demo', 'admin');
        await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
        await page.goto(`${baseURL}/admin`);
        await page.getByTestId('admin-tab-status').click();
        const rows = page.getByTestId('device-row');
        await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(10);
        const pager = page.getByTestId('devices-pagination');
        const total = Number((await pager.innerText()).match(/\/\s*(\d+)/)?.[1]);
        expect(total).toBeGreaterThan(FLEET);
        expect(await pager.innerText()).toContain('1–10 /');
        const first = await rows.first().getAttribute('data-device');
        await pager.getByRole('button', { name: 'Sonraki sayfa' }).click();
        await expect.poll(() => pager.innerText()).toContain('11–20 /');
        expect(await rows.count()).toBe(10);
        expect(await rows.first().getAttribute('data-device')).not.toBe(first);
        await pager.getByRole('combobox').click();
        await page.getByRole('option', { name: '25' }).click();
        await expect.poll(() => rows.count()).toBe(25);
        expect(await pager.innerText()).toContain('1–25 /');
        expect(await offenders(page, 'devices list, 25 a page')).toEqual([]);
      } finally {
        await context.close();
      }
    },
    WALK_TIMEOUT,
  );

  it('the check itself: a cell scrolled off inside a table counts, an element hidden by CSS does not', async () => {
    const context = await newWalkerContext({ width: 390, height: 844 });
    const page = await context.newPage();
    try {
      await page.goto(`${baseURL}/login?tenant=demo`);
      await settle(page);
      expect(await offenders(page, 'login')).toEqual([]);
      // Built with DOM calls: the app's CSP forbids inline scripts, not the DevTools protocol's.
      await page.evaluate(() => {
        const add = (parent: Element, tag: string, style: string, text = '') => {
          const el = document.createElement(tag);
          el.setAttribute('style', style);
          el.textContent = text;
          parent.appendChild(el);
          return el;
        };
        const main = document.querySelector('main') as HTMLElement;
        const scroller = add(main, 'div', 'overflow-x:auto;width:100%');
        scroller.dataset.testid = 'control-scroller';
        const row = add(add(add(scroller, 'table', 'width:900px'), 'tbody', ''), 'tr', '');
        add(row, 'td', 'width:800px', 'Ad');
        add(add(row, 'td', '', ''), 'button', '', 'Düzenle');
        // Hidden ones, clipped by their box so the page itself does not grow wider.
        const box = add(main, 'div', 'position:relative;overflow:hidden;height:40px');
        add(box, 'button', 'position:absolute;left:600px;visibility:hidden', 'Gizli');
        add(box, 'button', 'position:absolute;left:600px;display:none', 'Yok');
        const muted = add(box, 'div', 'position:absolute;left:600px');
        muted.setAttribute('aria-hidden', 'true');
        add(muted, 'button', '', 'Sessiz');
      });
      const found = await offenders(page, 'control');
      expect(found.map((f) => `${f.tag} ${f.text}`).sort()).toEqual([
        'button Düzenle',
        'td Ad',
        'td Düzenle',
      ]);
      expect(found.every((f) => f.testid === 'control-scroller')).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('walked every route of the router (a new route cannot slip past)', () => {
    const open = ROUTER_PATHS.filter((path) => !REDIRECTS.has(path) && !visited.has(path));
    expect(open).toEqual([]);
  });
});
