import { describe, expect, inject, it } from 'vitest';
import type { Company } from '../../src/shared/api/company';
import { seriousViolations } from '../helpers/axe';
import { api, apiLogin, browserPerFile, newContext, signIn, waitForServiceWorker } from '../helpers/browser';
import { chooseEnglish } from '../helpers/language';

/**
 * /admin, tab 'Şirket Bilgileri' as an admin uses it (Chromium against `npm start`, tenant
 * `default`; every tenant-wide change is restored in a `finally`): the company name changed in the
 * tab shows in the top bar at once; an uploaded logo shows in the top bar; an edit on a version
 * someone changed meanwhile shows the conflict and what changed; offline after one online visit
 * the tab opens read-only from the device's cache; 'Son güncelleme' is in the company's time zone
 * whatever the device's; at 390 px in English
 * the tab has no sideways scroll and axe finds nothing serious.
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
const TENANT = 'default';
const RUN = Date.now().toString(36).toUpperCase();

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

type ApiCompany = Company;

async function adminToken() {
  return (await apiLogin(baseURL, TENANT, 'admin')).token;
}

async function readCompany(token: string): Promise<ApiCompany> {
  const { status, body } = await api<{ data: ApiCompany }>(baseURL, TENANT, '/admin/company', { token });
  expect(status).toBe(200);
  return body.data;
}

/** Puts the company's fields back as they were (on the version it has now). */
async function restore(token: string, was: ApiCompany) {
  const now = await readCompany(token);
  const { logo_url: _logo, version: _v, ...fields } = was;
  const body = { ...fields, expected_version: now.version };
  const keys = [
    'name',
    'legal_name',
    'tax_number',
    'tax_office',
    'address',
    'phone',
    'email',
    'website',
    'currency',
    'timezone',
    'language',
  ];
  const { status } = await api(baseURL, TENANT, '/admin/company', {
    method: 'PUT',
    token,
    body: Object.fromEntries(
      Object.entries(body).filter(([k]) => k === 'expected_version' || keys.includes(k)),
    ),
  });
  expect(status).toBe(200);
}

async function openCompanyTab(width = 1280) {
  const context = await newContext(browser(), { width, height: 900 });
  const page = await context.newPage();
  await signIn(page, baseURL, TENANT, 'admin');
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  await page.goto(`${baseURL}/admin`);
  await page.getByTestId('company-tab').waitFor();
  await page.getByTestId('company-value-name').waitFor({ timeout: 30_000 });
  return { context, page };
}

describe("/admin 'Şirket Bilgileri' (Chromium against npm start)", () => {
  it('an admin changes the company name; the top bar shows the new name at once', async () => {
    const token = await adminToken();
    const was = await readCompany(token);
    const { context, page } = await openCompanyTab();
    try {
      await expect.poll(() => page.getByTestId('company-name').innerText()).toBe(was.name);
      await page.getByTestId('company-edit').click();
      // a required field left empty says so under the field, and nothing is sent
      await page.getByTestId('company-input-name').fill('');
      await page.getByTestId('company-save').click();
      await expect
        .poll(() => page.getByTestId('company-form').innerText())
        .toContain('Şirket adı gereklidir');
      const name = `Test Şirketi ${RUN}`;
      await page.getByTestId('company-input-name').fill(name);
      await page.getByTestId('company-save').click();
      await expect
        .poll(() => page.getByTestId('company-value-name').innerText(), { timeout: 15_000 })
        .toBe(name);
      await expect.poll(() => page.getByTestId('company-name').innerText(), { timeout: 15_000 }).toBe(name);
      expect((await readCompany(token)).name).toBe(name);
    } finally {
      await restore(token, was);
      await context.close();
    }
  });

  it('an admin uploads a logo; it shows in the tab and in the top bar', async () => {
    const token = await adminToken();
    const { context, page } = await openCompanyTab();
    try {
      await page
        .getByTestId('company-logo-input')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
      await page.getByTestId('company-logo-img').waitFor({ timeout: 15_000 });
      const logo = page.getByTestId('top-bar-logo');
      await logo.waitFor({ timeout: 15_000 });
      expect(await logo.getAttribute('src')).toMatch(/\/api\/tenants\/logo\/[0-9a-f]{64}\?tenant=default$/);
      await expect
        .poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      expect((await readCompany(token)).logo_url).toBe(await logo.getAttribute('src'));
    } finally {
      const { status } = await api(baseURL, TENANT, '/admin/company/logo', { method: 'DELETE', token });
      expect(status).toBe(200);
      await context.close();
    }
  });

  it('at 390 px in English: no sideways scroll, English labels, axe clean in the view and the form', async () => {
    const { context, page } = await openCompanyTab(390);
    try {
      await chooseEnglish(page);
      await expect.poll(() => page.getByTestId('admin-tab-company').innerText()).toBe('Company Information');
      await expect.poll(() => page.getByTestId('company-tab').innerText()).toContain('Statistics');
      expect(await page.getByTestId('company-tab').innerText()).toContain('Legal name');
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByTestId('company-edit').click();
      await page.getByTestId('company-input-email').fill('yanlış');
      await page.getByTestId('company-save').click();
      await expect
        .poll(() => page.getByTestId('company-form').innerText())
        .toContain('Please enter a valid email address');
      expect(await overflow()).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('company-cancel').click();
    } finally {
      await context.close();
    }
  });

  it('someone saved first: the conflict says so and names what changed; saving again applies', async () => {
    const token = await adminToken();
    const was = await readCompany(token);
    const { context, page } = await openCompanyTab();
    try {
      await page.getByTestId('company-edit').click();
      // another admin changes the phone meanwhile
      const { logo_url: _l, version, ...fields } = was;
      const keys = [
        'name',
        'legal_name',
        'tax_number',
        'tax_office',
        'address',
        'phone',
        'email',
        'website',
        'currency',
        'timezone',
        'language',
      ];
      const other = Object.fromEntries(Object.entries(fields).filter(([k]) => keys.includes(k)));
      const put = await api(baseURL, TENANT, '/admin/company', {
        method: 'PUT',
        token,
        body: { ...other, phone: '+90 216 555 99 99', expected_version: version },
      });
      expect(put.status).toBe(200);
      const name = `Çakışma ${RUN}`;
      await page.getByTestId('company-input-name').fill(name);
      await page.getByTestId('company-save').click();
      const conflict = page.getByTestId('company-conflict');
      await conflict.waitFor({ timeout: 15_000 });
      expect(await conflict.innerText()).toContain('+90 216 555 99 99');
      // what the user typed is still there; saving again (now on the version shown) applies it
      expect(await page.getByTestId('company-input-name').inputValue()).toBe(name);
      await page.getByTestId('company-save').click();
      await expect
        .poll(() => page.getByTestId('company-value-name').innerText(), { timeout: 15_000 })
        .toBe(name);
    } finally {
      await restore(token, was);
      await context.close();
    }
  });

  it("'Son güncelleme' is the company's local time, not the device's; the currency says only TL works", async () => {
    const token = await adminToken();
    const was = await readCompany(token);
    // The company runs on New York time; this device's own clock is set to UTC.
    const { logo_url: _l, version, statistics: _s, ...fields } = was;
    const keys = ['name', 'legal_name', 'tax_number', 'tax_office', 'address', 'phone', 'email', 'website'];
    const put = await api<{ data: ApiCompany }>(baseURL, TENANT, '/admin/company', {
      method: 'PUT',
      token,
      body: {
        ...Object.fromEntries(Object.entries(fields).filter(([k]) => keys.includes(k))),
        currency: 'TRY',
        timezone: 'America/New_York',
        language: was.language,
        expected_version: version,
      },
    });
    expect(put.status).toBe(200);
    const updatedAt = put.body.data.updated_at as string;
    const inZone = (timeZone: string) =>
      new Intl.DateTimeFormat('tr-TR', {
        timeZone,
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(updatedAt));
    const context = await browser().newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'tr-TR',
      timezoneId: 'UTC',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    try {
      await signIn(page, baseURL, TENANT, 'admin');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
      await page.goto(`${baseURL}/admin`);
      await page.getByTestId('company-value-name').waitFor({ timeout: 30_000 });
      const tab = page.getByTestId('company-tab');
      await expect
        .poll(() => tab.innerText(), { timeout: 15_000 })
        .toContain(`Son güncelleme: ${inZone('America/New_York')}`);
      expect(await tab.innerText()).not.toContain(inZone('UTC'));
      // Money is lira everywhere: the form offers TRY only and says so.
      await page.getByTestId('company-edit').click();
      await expect
        .poll(() => page.getByTestId('company-form').innerText())
        .toContain('Şimdilik yalnızca TL desteklenir');
      await page.getByTestId('company-select-currency').click();
      await page.getByRole('option').first().waitFor();
      expect(await page.getByRole('option').allInnerTexts()).toEqual(['Türk Lirası (TRY)']);
      await page.keyboard.press('Escape');
      await page.getByTestId('company-cancel').click();
    } finally {
      await restore(token, was);
      await context.close();
    }
  });

  it('offline after one online visit: the tab opens from the device, read-only, and says writes need the server', async () => {
    const token = await adminToken();
    const was = await readCompany(token);
    const context = await newContext(browser(), undefined, { worker: true });
    const page = await context.newPage();
    try {
      await signIn(page, baseURL, TENANT, 'admin');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
      await waitForServiceWorker(page);
      await page.goto(`${baseURL}/admin`);
      await page.getByTestId('company-value-name').waitFor({ timeout: 30_000 });
      // the answer reaches the user's database on the device (saved at most a second later)
      await page.waitForTimeout(2_000);
      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('company-value-name').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('company-value-name').innerText()).toBe(was.name);
      await page.getByTestId('company-offline').waitFor();
      expect(await page.getByTestId('company-edit').isDisabled()).toBe(true);
      expect(await page.getByTestId('company-logo-upload').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
