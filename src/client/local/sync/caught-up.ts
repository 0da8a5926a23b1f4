/**
 * The page's event when a pull has reached the end of the feed (the device holds everything the
 * server had). The service worker's first install waits for it (pwa/service-worker.ts), so that a
 * first sync does not share the device with precaching the whole app. A module of its own: the
 * entry chunk imports it without the sync engine.
 */
export const CAUGHT_UP_EVENT = 'sys-pull-caught-up';

export function announceCaughtUp(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CAUGHT_UP_EVENT));
}
