import type { Page } from 'playwright-core';

/**
 * A barcode read by a wedge scanner, as the page receives it: the code typed key by key into
 * whatever has the focus, then Enter.
 */
export async function wedgeScan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}
