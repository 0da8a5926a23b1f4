import type { Workbox } from 'workbox-window';
import { create } from 'zustand';

/**
 * Service worker registration (workbox-window) and the update flow of DESIGN §6:
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

let workbox: Workbox | null = null;

export const usePwa = create<PwaState>((set) => ({
  updateReady: false,
  registration: null,
  applyUpdate() {
    if (!workbox || !('serviceWorker' in navigator)) {
      window.location.reload();
      return;
    }
    let reloading = false;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (reloading) return;
      reloading = true;
      window.location.reload();
    });
    workbox.messageSkipWaiting();
    set({ updateReady: false });
  },
  dismiss() {
    set({ updateReady: false });
  },
}));

const UPDATE_CHECK_MS = 60 * 60_000;

/**
 * Registers after the page has loaded, with workbox-window imported then: the worker's install
 * (which fetches the whole precache) and its client library must not compete with the first
 * paint of /login (issue 8).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

async function register(): Promise<void> {
  let WorkboxClass: typeof Workbox;
  try {
    ({ Workbox: WorkboxClass } = await import('workbox-window'));
  } catch (error) {
    console.warn('Service worker kaydedilemedi:', error);
    return;
  }
  workbox = new WorkboxClass('/sw.js', { scope: '/' });
  const showPrompt = () => usePwa.setState({ updateReady: true });
  // 'waiting' fires both for a worker that finished installing now and for one that was already
  // waiting when the page loaded (isExternal covers a worker installed by another tab).
  workbox.addEventListener('waiting', showPrompt);
  try {
    const registration = await workbox.register();
    if (!registration) return;
    usePwa.setState({ registration });
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
