import { create } from 'zustand';
import { CAUGHT_UP_EVENT } from '../local/sync/caught-up';

/**
 * Service worker registration (workbox-window) and the update flow:
 * a new version installs and WAITS → the app shows "Yeni sürüm hazır" → the user presses
 * 'Güncelle' → we post SKIP_WAITING → the new worker takes control (`controllerchange`) → reload.
 *
 * The reload listener is attached only after the user agreed: on a first visit `clientsClaim()`
 * also fires `controllerchange`, and reloading then would be a pointless flash.
 */
interface PwaState {
  updateReady: boolean;
  registration: ServiceWorkerRegistration | null;
  applyUpdate: () => void;
  dismiss: () => void;
}

/** The installed new version waiting to take over (null: none). */
let waitingWorker: ServiceWorker | null = null;

export const usePwa = create<PwaState>((set) => ({
  updateReady: false,
  registration: null,
  applyUpdate() {
    if (!waitingWorker || !('serviceWorker' in navigator)) {
      window.location.reload();
      return;
    }
    let reloading = false;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (reloading) return;
      reloading = true;
      window.location.reload();
    });
    waitingWorker.postMessage({ type: 'SKIP_WAITING' });
    set({ updateReady: false });
  },
  dismiss() {
    set({ updateReady: false });
  },
}));

const UPDATE_CHECK_MS = 60 * 60_000;

/**
 * Registers after the page has loaded: the worker's install (which fetches the whole precache)
 * must not compete with the first paint of /login. The browser's own API, not
 * workbox-window: what the update flow needs is a few events, and the first visit then downloads
 * no client library for it.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const afterLoad = () => (navigator.serviceWorker.controller ? register() : firstInstall());
  if (document.readyState === 'complete') void afterLoad();
  else window.addEventListener('load', () => void afterLoad(), { once: true });
}

/** The longest a first install waits for the first sync (a user still on the sign-in screen). */
const FIRST_INSTALL_WAIT_MS = 20_000;

/**
 * The very first install (no worker controls the page yet) waits until a pull has reached the end
 * of the feed, or at most FIRST_INSTALL_WAIT_MS: installing fetches and stores the whole app
 * (~240 files), and during a first sync it would take the device's CPU and network from the data
 * the user is waiting to see. The app is usable offline only once both are done either way, so
 * the user loses nothing by the order. Updates (a worker already in control) are not delayed.
 */
function firstInstall(): Promise<void> {
  return new Promise<void>((resolve) => {
    const go = () => {
      window.clearTimeout(timer);
      window.removeEventListener(CAUGHT_UP_EVENT, go);
      resolve(register());
    };
    const timer = window.setTimeout(go, FIRST_INSTALL_WAIT_MS);
    window.addEventListener(CAUGHT_UP_EVENT, go);
  });
}

async function register(): Promise<void> {
  // A NEW version is ready when a worker has installed while another one controls this page (the
  // very first install has no controller: nothing to update). It may have installed now, or
  // already be waiting when the page loads (installed by another tab or an earlier visit).
  const showPrompt = (worker: ServiceWorker) => {
    waitingWorker = worker;
    usePwa.setState({ updateReady: true });
  };
  try {
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    usePwa.setState({ registration });
    const track = (worker: ServiceWorker | null) => {
      worker?.addEventListener('statechange', () => {
        if (worker.state === 'installed' && navigator.serviceWorker.controller) showPrompt(worker);
      });
    };
    if (registration.waiting && navigator.serviceWorker.controller) showPrompt(registration.waiting);
    // An update the page's navigation started before this ran is already installing.
    track(registration.installing);
    registration.addEventListener('updatefound', () => track(registration.installing));
    // Check for a new version now and then, and when the app comes back to the foreground.
    const check = () => {
      if (navigator.onLine) void registration.update().catch(() => undefined);
    };
    window.setInterval(check, UPDATE_CHECK_MS);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') check();
    });
  } catch (error) {
    console.warn('Service worker kaydedilemedi:', error);
  }
}
