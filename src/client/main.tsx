/*
 * Self-hosted Roboto (no CDN: the app must start offline). Latin + latin-ext cover the Turkish
 * letters (İ ı Ş ş Ğ ğ); the woff2 files are bundled and precached by the service worker.
 */
import '@fontsource/roboto/latin-400.css';
import '@fontsource/roboto/latin-ext-400.css';
import '@fontsource/roboto/latin-500.css';
import '@fontsource/roboto/latin-ext-500.css';
import '@fontsource/roboto/latin-700.css';
import '@fontsource/roboto/latin-ext-700.css';
// The app's text catalogue registers itself with shared-ui/i18n.ts when loaded: first, before
// any module that may show a text.
import './app/catalogue-tr';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { landingPathFor } from '../shared/domain/roles';
import { login } from './api/auth';
import { App } from './app/app';
import { openStoreEarly } from './app/local-store-provider';
import { loadLoginPage, preloadLayout, preloadScreen } from './app/router';
import { readLockout } from './auth/login-lockout';
import { captureLoginShell, sendHeldSubmit, takeOverWhen } from './auth/login-shell-handoff';
import { registerServiceWorker } from './pwa/service-worker';
import { followCompanyLanguage, loadEnglish } from './shared-ui/i18n';
import { useSession } from './state/session';
import { SIGNING_IN_EVENT } from './state/signing-in';
import { useUi } from './state/ui';

// Trust a stored session at once (offline start), then re-read the profile in the background;
// only a 401 signs out (src/client/state/session.ts).
void useSession.getState().init();

/** How long the first render waits for the local store and the screen's first read (see below). */
const STORE_HEAD_START_MS = 1000;

const root = document.getElementById('root');
if (!root) throw new Error('#root eksik');
// The first render is a transition: React yields to the browser every few milliseconds instead of
// one long task, so a phone stays responsive while the app starts (Lighthouse's "total blocking
// time"). Until it commits, the first visit's plain-HTML /login (login.html) stays on screen.
const reactRoot = createRoot(root);
const render = () =>
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
// Before the first render, fetch what it needs so that it commits the real screen at once:
// English (its own chunk, only when it was chosen) and, when the page is the first visit's
// plain-HTML login form (login-boot.ts), the login screen, which then takes over what was typed
// there (auth/login-shell-handoff.ts).
// The form stays until the user submits it, unless they have something stored (takeOverWhen).
const before: Promise<unknown>[] = [];
if (useUi.getState().language === 'en') before.push(loadEnglish());
// Nobody chose a language on this device: it starts in the company's (its cached tenant info),
// and follows it when the tenant info is read again.
before.push(followCompanyLanguage(useSession.getState().tenantInfo.settings?.language));
useSession.subscribe((state, previous) => {
  if (state.tenantInfo !== previous.tenantInfo)
    void followCompanyLanguage(state.tenantInfo.settings?.language);
});
// Signing in: the layout's code is fetched while the password is checked, and the landing
// screen's as soon as the answer names the role — beside each other, not the screen's only once
// the layout has rendered. During a first sync the server and the device are busy with its pages,
// and that second round trip left the layout empty for a second or more on a 2-core machine.
window.addEventListener(SIGNING_IN_EVENT, () => void preloadLayout());
useSession.subscribe((state, previous) => {
  const { user, token } = state;
  if (user && token && !previous.token && !user.must_change_password)
    void preloadScreen(landingPathFor(user.role), user.role);
});
const takingOver = captureLoginShell(root) && window.location.pathname === '/login';
if (takingOver) before.push(loadLoginPage());
// Signed in already (a reload, an offline start): the screen's and the layout's code are fetched
// and the local store is opened now, side by side, before the first render — not one after the
// other as the first renders would ask — so that the first commit is the screen with its data.
// The store and the screen's first read get a head start of at most a second: a database slow
// to open (another tab holding an upgrade) must not hold the first paint longer; the screens then
// get it when it is open, as before.
const stored = useSession.getState();
if (!takingOver && stored.token && stored.user && window.location.pathname !== '/login') {
  const screen = preloadScreen(window.location.pathname, stored.user.role);
  // The screen's first read (shared-ui/local-store.tsx) once both its code and the store are there.
  const firstRead = Promise.all([screen, openStoreEarly()])
    .then(([Screen, store]) => (store && Screen?.firstRead ? Screen.firstRead(store.db) : undefined))
    .catch(() => undefined);
  before.push(screen);
  before.push(Promise.race([firstRead, new Promise((done) => setTimeout(done, STORE_HEAD_START_MS))]));
}
const start = () => {
  // A submit the plain form held goes to the server now, while the login screen is built; the
  // screen takes its answer when it replays that submit (login-shell-handoff.ts). The local
  // store's code is fetched meanwhile, as the screen's own submit does.
  if (takingOver && readLockout() === null) {
    sendHeldSubmit((username, password) => {
      void import('./local/store').catch(() => undefined);
      void preloadLayout();
      return login({ username, password });
    });
  }
  if (before.length) void Promise.all(before).then(render, render);
  else render();
};
if (takingOver) takeOverWhen(start);
else start();

// Taking over the form, the user is waiting for the screen: the service worker (which fetches the
// whole app for its precache) is registered once the main thread is idle, not in the way.
if (takingOver && 'requestIdleCallback' in window)
  requestIdleCallback(() => registerServiceWorker(), { timeout: 5000 });
else registerServiceWorker();
