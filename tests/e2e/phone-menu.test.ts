import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { tr } from '../../src/client/app/catalogue-tr';
import { menuFor } from '../../src/client/shared-ui/screens';
import { browserPerFile, newContext, signIn } from '../helpers/browser';

/**
 * The side menu on a phone (390 px): hidden until the top bar's menu button opens it, then every
 * screen of the user's role; choosing one opens it and closes the menu; Escape closes it and gives
 * the focus back to the button. With the keyboard alone as well as by touch. Read-only.
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
const TENANT = 'demo';

describe('the side menu on a phone (Chromium against npm start)', () => {
  let context: Awaited<ReturnType<typeof newContext>>;
  beforeAll(async () => {
    context = await newContext(browser(), { width: 390, height: 844 });
  });
  afterAll(async () => context?.close());

  it("opens from the top bar with the role's screens, takes the user to the one chosen and closes; Escape closes it and the focus goes back", async () => {
    const page = await context.newPage();
    await signIn(page, baseURL, TENANT, 'warehouse');
    await page.waitForURL((url) => url.pathname === '/warehouse-dashboard');
    const menu = page.getByRole('navigation', { name: tr.mainMenu });
    const button = page.getByRole('button', { name: tr.openMenu });
    await button.waitFor();
    // The wide screen's menu is not shown on a phone, and the phone's is closed.
    expect(await menu.filter({ visible: true }).count()).toBe(0);

    await button.click();
    const shown = menu.filter({ visible: true });
    await shown.waitFor();
    const expected = menuFor('warehouse', TENANT).map((item) => tr[item.label]);
    expect(expected.length).toBeGreaterThan(1);
    expect(await shown.getByRole('link').allInnerTexts()).toEqual(expected);

    await shown.getByRole('link', { name: tr.page_inventory }).click();
    await page.waitForURL((url) => url.pathname === '/inventory');
    await page.getByTestId('inventory-page').waitFor();
    await shown.waitFor({ state: 'hidden' });

    // The keyboard: the button opens it, Tab reaches its links, Escape closes it.
    await button.focus();
    await page.keyboard.press('Enter');
    await shown.waitFor();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() =>
      document.activeElement?.closest('nav')?.getAttribute('aria-label'),
    );
    expect(focused).toBe(tr.mainMenu);
    await page.keyboard.press('Escape');
    await shown.waitFor({ state: 'hidden' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/inventory');
    await page.close();
  });
});
