import type { Page } from 'playwright-core';

/**
 * Picks English in the account menu and waits until the switch has happened: the English
 * catalogue is a chunk of its own, fetched before the choice is stored, so a navigation right
 * after the click could start before it is stored and load the page in Turkish.
 */
export async function chooseEnglish(page: Page): Promise<void> {
  await page.getByTestId('account-menu-button').click();
  await page.getByRole('menuitem', { name: 'English', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.waitForFunction(
    () => document.documentElement.lang === 'en' && localStorage.getItem('language') === 'en',
    undefined,
    { timeout: 30_000 },
  );
}
