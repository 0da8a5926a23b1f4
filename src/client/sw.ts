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
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// SPA navigation fallback: any page address (deep links, reloads offline) gets the shell,
// except /api/* which must always reach the server (or fail, so the app knows it is offline).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
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
