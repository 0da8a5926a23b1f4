import type { Page } from 'playwright-core';
import { api, apiLogin } from './browser';

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

/**
 * The same first sign-in through the API, for a test whose subject is not the change screen: signs
 * in with the one-time password, sets `password` as the user's own (PUT /auth/profile), and returns
 * the session, now open for everything the role allows.
 */
export async function apiSetOwnPassword(
  baseURL: string,
  tenant: string,
  username: string,
  oneTimePassword: string,
  password: string,
): Promise<{ token: string; user: { id: string } }> {
  const session = await apiLogin(baseURL, tenant, username, oneTimePassword);
  const changed = await api(baseURL, tenant, '/auth/profile', {
    method: 'PUT',
    token: session.token,
    body: { current_password: oneTimePassword, new_password: password },
  });
  if (changed.status !== 200) throw new Error(`password of ${username}@${tenant}: ${changed.status}`);
  return session;
}
