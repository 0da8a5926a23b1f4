import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, signedInDevice } from '../helpers/browser';

/**
 * Two tabs of one user: the app is updated and the newer tab upgrades the device's database (a new
 * collection). The older tab must step aside without blanking: its screen keeps the rows it had,
 * and it says that it no longer syncs and offers a reload.
 */
const baseURL = inject('baseURL');
const browser = browserPerFile();
const TENANT = 'client1';

describe('a tab left behind by a newer version', () => {
  it('keeps its rows and says it no longer syncs, with a reload', async () => {
    const { context, page: oldTab } = await signedInDevice(browser(), baseURL, TENANT, 'admin', '/dashboard');
    await oldTab.goto(`${baseURL}/orders`);
    const firstNumber = oldTab.getByTestId('order-number').first();
    await firstNumber.waitFor({ timeout: 30_000 });
    const shownBefore = await oldTab.getByTestId('order-number').count();
    expect(shownBefore).toBeGreaterThan(0);
    expect(await oldTab.getByText('Bu sekme artık eşitlenmiyor', { exact: false }).count()).toBe(0);

    // The "newer version" in a second tab: it opens the same database at a higher version and adds
    // a store, as a new release that adds a collection does.
    const newTab = await context.newPage();
    await newTab.goto(`${baseURL}/favicon.png`); // same origin, without the app
    const upgraded = await newTab.evaluate(async () => {
      const all = await indexedDB.databases();
      const mine = all.find((d) => (d.name ?? '').startsWith('sys-client1-'));
      if (!mine?.name || !mine.version) return null;
      const name = mine.name;
      const version = mine.version + 10;
      return new Promise<{ stores: string[] } | null>((resolve) => {
        const request = indexedDB.open(name, version);
        request.onupgradeneeded = () =>
          request.result.createObjectStore('future_collection', { keyPath: 'id' });
        request.onsuccess = () => {
          const stores = [...request.result.objectStoreNames];
          request.result.close();
          resolve({ stores });
        };
        request.onerror = () => resolve(null);
        request.onblocked = () => undefined; // waits until the old tab steps aside
      });
    });
    expect(upgraded?.stores).toContain('future_collection');
    expect(upgraded?.stores).toContain('orders'); // the upgrade only added

    // The old tab: told why, offered a reload, and its list is still there.
    const notice = oldTab.getByRole('alert').filter({ hasText: 'Bu sekme artık eşitlenmiyor' });
    await notice.waitFor({ timeout: 15_000 });
    await expect.poll(() => notice.getByRole('button', { name: 'Yenile' }).count()).toBe(1);
    expect(await oldTab.getByTestId('order-number').count()).toBe(shownBefore);

    // After the reload the tab still shows its orders from the device (nothing was emptied).
    await notice.getByRole('button', { name: 'Yenile' }).click();
    await oldTab.getByTestId('order-number').first().waitFor({ timeout: 30_000 });
    await context.close();
  });
});
