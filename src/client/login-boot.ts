/**
 * The entry of the first visit's /login (login.html; the markup is app/login-shell-markup.ts).
 *
 * The page is already a working form when this runs. The app (main.tsx: React, MUI, the router)
 * is loaded:
 * - at once when this browser has anything of ours stored (a session to resume, a language or
 *   theme, a lockout, a signed-out user's waiting changes) or the history entry carries state
 *   (a deep link sent here by a guard): those screens differ from the plain form;
 * - otherwise on the user's first key, tap/click or input (autofill too). Typing a username and
 *   password takes longer than loading the app; the app then takes the form over when the user
 *   submits it, with everything typed (auth/login-shell-handoff.ts). Why not at once: evaluating
 *   React + MUI and committing the screen blocks a phone's main thread for a second or more,
 *   which is exactly when the first paint should become usable (the login screen must score ≥ 95 in
 *   Lighthouse on a phone).
 *
 * Until the app has taken over, a submit is held (never sent as a GET with the password in the
 * address) and replayed by the app; the show/hide-password button works here too. If the app
 * cannot be loaded (the network dropped), the form says so and the next try loads it again.
 * Kept tiny and free of imports: it is all the JavaScript a first visit runs before anyone acts.
 */
const shell = document.querySelector<HTMLElement>('[data-login-shell]');
const form = document.querySelector<HTMLFormElement>('[data-login-shell-form]');
const TRIGGERS = ['keydown', 'pointerdown', 'input'] as const;
let loading: Promise<unknown> | null = null;

function hasStoredState(): boolean {
  try {
    return localStorage.length > 0 || sessionStorage.length > 0 || history.state !== null;
  } catch {
    return true; // storage blocked: let the app decide
  }
}

function showAlert(text: string | null) {
  const alert = form?.querySelector<HTMLElement>('[data-login-shell-alert]');
  if (!alert) return;
  alert.textContent = text ?? '';
  alert.hidden = !text;
}

function start() {
  if (loading) return;
  for (const type of TRIGGERS) document.removeEventListener(type, start, true);
  // The login screen is fetched alongside the app, not after it has run (one round trip less).
  loading = Promise.all([import('./main'), import('./auth/login-page')]).catch(() => {
    // Offline or cut off mid-download: say so, and load again on the next try.
    loading = null;
    if (form?.dataset.pending) {
      delete form.dataset.pending;
      const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
      if (button) {
        button.disabled = false;
        button.removeAttribute('aria-busy');
        button.textContent = form.dataset.submit ?? button.textContent;
      }
      showAlert(form.dataset.offline ?? null);
    }
    for (const type of TRIGGERS) document.addEventListener(type, start, true);
  });
}

if (shell && form) {
  form.addEventListener('submit', (event) => {
    // The app replays this submit with the typed values once it has taken over the form.
    event.preventDefault();
    form.dataset.pending = '1';
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (button) {
      button.disabled = true;
      button.setAttribute('aria-busy', 'true');
      button.textContent = form.dataset.submitting ?? button.textContent;
    }
    showAlert(null);
    start();
  });
  // The button comes disabled (no native submit before this script runs): usable from now on.
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (submit) submit.disabled = false;
  const eye = form.querySelector<HTMLButtonElement>('[data-login-shell-eye]');
  const password = form.querySelector<HTMLInputElement>('#password');
  eye?.addEventListener('mousedown', (event) => event.preventDefault());
  eye?.addEventListener('click', () => {
    if (!password) return;
    const show = password.type === 'password';
    password.type = show ? 'text' : 'password';
    eye.setAttribute('aria-label', (show ? form.dataset.hide : form.dataset.show) ?? '');
    const [showIcon, hideIcon] = eye.querySelectorAll('svg');
    showIcon?.toggleAttribute('hidden', show);
    hideIcon?.toggleAttribute('hidden', !show);
  });
  // "Şifrenizi mi unuttunuz?" opens the app's dialog: the app takes the form over to show it
  // (auth/login-shell-handoff.ts); pressed before the app is there, it is marked and loaded now.
  form.querySelector('[data-login-shell-forgot]')?.addEventListener('click', () => {
    form.dataset.forgot = '1';
    start();
  });
  // A language picked on the form is kept, and the page loaded again: with a language stored the
  // app takes over at once, in that language (as for a returning visitor).
  for (const button of shell.querySelectorAll<HTMLButtonElement>('[data-login-shell-lang]')) {
    button.addEventListener('click', () => {
      const language = button.dataset.loginShellLang;
      if (!language || button.getAttribute('aria-pressed') === 'true') return;
      try {
        localStorage.setItem('language', language);
      } catch {
        return; // storage blocked: the app's own switch works once it is loaded
      }
      location.reload();
    });
  }
  // Stored state: the app takes over at once (auth/login-shell-handoff.ts `takeOverWhen`).
  if (hasStoredState()) {
    form.dataset.boot = 'stored';
    start();
  } else for (const type of TRIGGERS) document.addEventListener(type, start, true);
} else {
  start();
}
