import type { Page } from 'playwright-core';

/**
 * After a sign-in with a one-time password (an admin made it), the PWA shows only its
 * change-password screen: the user sets `password` (typed twice; the one-time password they just
 * typed is the current one) and lands on their role's page.
 */
export async function setOwnPassword(page: Page, password: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/change-password', { timeout: 30_000 });
  await page.locator('#cp-next').fill(password);
  await page.locator('#cp-repeat').fill(password);
  await page.getByTestId('change-password-submit').click();
}
