/**
 * "Şifrenizi mi unuttunuz?" in the browser. The e2e server has no SMTP_URL, so the link opens the
 * dialog that tells the user to ask their company's admin (who resets passwords in Kullanıcı
 * Yönetimi) — from the first visit's plain-HTML form and from the app's screen, in Turkish and
 * English, by keyboard, axe clean at 390 px. The /reset-password page (an e-mail's link; the
 * e-mail path itself is covered by tests/api/password-reset.test.ts) checks what is typed and
 * shows the server's refusal in the user's language.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../helpers/axe';
import { browserPerFile, newContext } from '../helpers/browser';

const baseURL = inject('baseURL');
const browser = browserPerFile();
async function english(context: BrowserContext) {
  await context.addInitScript(() => {
    try {
      localStorage.setItem('language', 'en');
    } catch {
      /* storage blocked */
    }
  });
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('forgotten password without e-mail configured', () => {
  it("the first visit's plain form: the link opens the app's dialog saying to ask the admin", async () => {
    const context = await newContext(browser(), { width: 390, height: 844 });
    const page = await context.newPage();
    await page.goto(`${baseURL}/login?tenant=demo`);
    await expect.poll(() => page.locator('[data-login-shell]').count()).toBe(1);
    await page.getByRole('button', { name: 'Şifrenizi mi unuttunuz?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Şifremi Unuttum' });
    await dialog.waitFor({ timeout: 30_000 });
    const text = await dialog.innerText();
    expect(text).toContain('Şifrenizi sıfırlamak için şirketinizin yöneticisine başvurun.');
    expect(text).toContain('Kullanıcı Yönetimi');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // The app's login screen is there now, and works as usual.
    expect(await page.locator('[data-login-shell]').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Giriş Yap', exact: true }).isEnabled()).toBe(true);
    await context.close();
  });

  it('in English, by keyboard, at 390 px: the dialog says whom to ask; closing returns the focus', async () => {
    const context = await newContext(browser(), { width: 390, height: 844 });
    await english(context);
    const page = await context.newPage();
    await page.goto(`${baseURL}/login?tenant=demo`);
    const link = page.getByTestId('forgot-password-link');
    await expect.poll(() => link.innerText(), { timeout: 30_000 }).toBe('Forgot your password?');
    await link.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Forgot password' });
    await dialog.waitFor();
    const text = await dialog.innerText();
    expect(text).toContain("To reset your password, contact your company's administrator.");
    expect(text).toContain('User Management');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(390);
    await page.keyboard.press('Enter'); // the focused Close button
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('forgot-password-link');
    await context.close();
  });
});

describe('/reset-password', () => {
  it('checks what is typed, shows the refusal in English and the invalid-link message; 390 px, axe clean', async () => {
    const context = await newContext(browser(), { width: 390, height: 844 });
    await english(context);
    const page = await context.newPage();
    await page.goto(`${baseURL}/reset-password?token=bir-anahtar&tenant=demo`);
    const heading = page.getByRole('heading', { name: 'Set a new password' });
    await heading.waitFor({ timeout: 30_000 });
    expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);

    const save = page.getByRole('button', { name: 'Save password' });
    await save.click();
    await expect.poll(() => page.getByText('A new password is required.').count()).toBe(1);
    await page.getByLabel('New password', { exact: true }).fill('kisa');
    await expect.poll(() => page.getByText('A new password is required.').count()).toBe(0);
    await save.click();
    await expect.poll(() => page.getByText('at least 6 characters').count()).toBe(1);
    await page.getByLabel('New password', { exact: true }).fill('YeniSifre2026');
    await page.getByLabel('New password (again)').fill('YeniSifre2025');
    await save.click();
    await expect.poll(() => page.getByText('The passwords do not match.').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    // Typed right: the server (no e-mail here) answers that e-mail is not set up — in English.
    await page.getByLabel('New password (again)').fill('YeniSifre2026');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('reset-error').innerText(), { timeout: 15_000 })
      .toContain("contact your company's administrator");
    expect(await seriousViolations(page)).toEqual([]);

    // A link without its token says at once that it is not valid, and leads back to sign-in.
    await page.goto(`${baseURL}/reset-password?tenant=demo`);
    await expect
      .poll(() => page.getByTestId('reset-error').innerText(), { timeout: 30_000 })
      .toBe('This password reset link is not valid. Please ask for a new link.');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await context.close();
  });

  it('in Turkish the same refusal reads as the server says it', async () => {
    const context = await newContext(browser(), { width: 390, height: 844 });
    const page = await context.newPage();
    await page.goto(`${baseURL}/reset-password?tenant=demo`);
    await expect
      .poll(() => page.getByTestId('reset-error').innerText(), { timeout: 30_000 })
      .toBe('Şifre sıfırlama bağlantısı geçersiz. Lütfen yeni bir bağlantı isteyin.');
    await context.close();
  });
});
