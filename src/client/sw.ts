/// <reference lib="webworker" />
/**
 * The service worker (Workbox, injectManifest). Its one job is to make the app START with no
 * network: it precaches the built shell (HTML, every route chunk, CSS, icons, the self-hosted
 * Roboto files) and answers navigations with the cached index.html.
 *
 * It deliberately does NOT cache API calls (except product images, below: content-addressed). Data lives in the Dexie store (src/client/local),
 * which the sync engine keeps up to date; a second, HTTP-level cache would only serve stale
 * answers that disagree with the local store and the outbox.
 *
 * Updates: a new worker installs and then WAITS. The page shows "Yeni sürüm hazır" and, when the
 * user agrees, posts SKIP_WAITING; the page reloads on `controllerchange`. We never skip waiting
 * on our own, so an open form is never swapped out from under the user.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

/*
 * The precache, filled a few files at a time. Workbox's own install fetches its ~240 files one
 * after another, so a first visit is ready for offline only after ~240 round trips: seconds on a
 * phone with a slow or distant network, during which going offline loses the app. Six at a time
 * (a browser's connections per host) keeps each request as Workbox makes it — same cache, same
 * keys, same checks — while the round trips overlap. Any file that fails fails the install, as
 * before, so a half-filled precache never takes control.
 */
const PRECACHE_AT_ONCE = 6;
const precache = new PrecacheController();
precache.addToCacheList(self.__WB_MANIFEST);

async function fillPrecache(event: ExtendableEvent): Promise<void> {
  const queue = [...precache.getURLsToCacheKeys()];
  const next = async (): Promise<void> => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const [url, cacheKey] = item;
      // A file named by its content is taken from the HTTP cache when the page already loaded it;
      // one with a revision (index.html, icons) is asked for again (Workbox's rule).
      const request = new Request(url, {
        cache: cacheKey === url ? 'default' : 'reload',
        credentials: 'same-origin',
      });
      await Promise.all(precache.strategy.handleAll({ params: { cacheKey }, request, event }));
    }
  };
  await Promise.all(Array.from({ length: PRECACHE_AT_ONCE }, next));
}

self.addEventListener('install', (event) => event.waitUntil(fillPrecache(event)));
self.addEventListener('activate', precache.activate);
registerRoute(new PrecacheRoute(precache));
cleanupOutdatedCaches();

// SPA navigation fallback: any page address (deep links, reloads offline) gets the shell,
// except /api/* which must always reach the server (or fail, so the app knows it is offline).
registerRoute(
  new NavigationRoute(precache.createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//],
  }),
);

/*
 * Product images are the one API answer kept here: their address names their content (a sha256),
 * so a stored copy can never disagree with the server — and a salesperson offline still sees the
 * catalogue's pictures. Cache first; at most IMAGE_CACHE_MAX images, the oldest stored leave first.
 */
const IMAGE_PATH = /^(?:\/[A-Za-z0-9._~-]+)*\/products\/images\/[0-9a-f]{64}$/;
const IMAGE_CACHE = 'product-images-v1';
const IMAGE_CACHE_MAX = 1500;
registerRoute(
  ({ url, request }) => request.method === 'GET' && IMAGE_PATH.test(url.pathname),
  async ({ request }) => {
    const cache = await caches.open(IMAGE_CACHE);
    const hit = await cache.match(request);
    if (hit) return hit;
    const response = await fetch(request);
    if (response.ok) {
      await cache.put(request, response.clone());
      const keys = await cache.keys();
      for (const old of keys.slice(0, Math.max(0, keys.length - IMAGE_CACHE_MAX))) await cache.delete(old);
    }
    return response;
  },
);

self.addEventListener('message', (event) => {
  if (event.data && (event.data as { type?: string }).type === 'SKIP_WAITING') void self.skipWaiting();
});

clientsClaim();
