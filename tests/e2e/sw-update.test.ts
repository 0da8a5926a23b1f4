/**
 * The service worker's update flow with the browser's own service-worker API
 * (src/client/pwa/service-worker.ts): a first install (after the first sync) shows nothing; a NEW version of sw.js
 * installs and waits → 'Yeni sürüm hazır' → 'Güncelle' → the new worker takes over and the page
 * reloads once, with nothing left waiting.
 *
 * Its own server over a COPY of dist/, so that changing sw.js here touches no other test.
 */
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserPerFile, newContext, signIn, waitForServiceWorker } from '../helpers/browser';
import { startTestServer, type TestServer } from '../helpers/test-server';

const browser = browserPerFile();
let server: TestServer;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'sys-sw-update-'));
  cpSync('dist', dist, { recursive: true });
  server = await startTestServer({ config: { distDir: dist } });
});
afterAll(async () => {
  await server?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

describe('service worker update', () => {
  it('offers a new version only when one is waiting, and applies it on Güncelle', async () => {
    const context = await newContext(browser(), undefined, { worker: true });
    const page = await context.newPage();
    // The first install waits for the first sync to reach the end of the feed (or 20 s on the
    // sign-in screen): a user who signs in gets the worker right after their data.
    await signIn(page, server.url, 'demo', 'admin');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await waitForServiceWorker(page);
    await page.reload();
    // The first install is not an update.
    expect(await page.getByText('Yeni sürüm hazır').count()).toBe(0);

    // A new build: the worker script changes by one byte.
    // (The build's precompressed copies go: the server would otherwise send the old bytes.)
    appendFileSync(join(dist, 'sw.js'), '\n// v2\n');
    for (const copy of ['sw.js.br', 'sw.js.gz']) rmSync(join(dist, copy), { force: true });
    await page.reload();
    await expect.poll(() => page.getByText('Yeni sürüm hazır').count(), { timeout: 30_000 }).toBe(1);
    expect(
      await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting),
    ).toBe(true);

    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Güncelle' }).click();
    await reloaded;
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller);
    expect(
      await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting),
    ).toBe(false);
    expect(await page.getByText('Yeni sürüm hazır').count()).toBe(0);
    await context.close();
  });
});
