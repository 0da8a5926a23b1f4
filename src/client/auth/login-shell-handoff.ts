/**
 * The app taking over the first visit's plain-HTML login form (app/login-shell-markup.ts,
 * login-boot.ts) without losing anything the user did in it.
 *
 * React replaces #root's children when it first commits. The shell's inputs then leave the
 * document, but they keep their values, so the login screen reads them in its first layout
 * effect — in the same task as the commit, so no keystroke can fall between reading and
 * replacing — and also takes over which field had the focus (and the caret), whether the password
 * was shown, and a submit the shell held while the app was loading (replayed by the screen).
 *
 * main.tsx calls `captureLoginShell()` before the first render and renders when `takeOverWhen`
 * says so; login-page.tsx calls `takeLoginShell()` once.
 */
export interface LoginShellState {
  username: string;
  password: string;
  showPassword: boolean;
  /** The field that had the focus when the app took over, with its selection. */
  focus: { id: 'username' | 'password'; start: number | null; end: number | null } | null;
  /** The user submitted the form before the app was there: submit it now. */
  submit: boolean;
  /** The user pressed "Şifrenizi mi unuttunuz?" on the plain form: open its dialog. */
  forgot: boolean;
}

interface Captured {
  form: HTMLFormElement;
  username: HTMLInputElement;
  password: HTMLInputElement;
  focused: HTMLInputElement | null;
}

let captured: Captured | null = null;

/** Finds the shell's form in `root` and starts following the focus in it. Null without a shell. */
export function captureLoginShell(root: HTMLElement): boolean {
  const form = root.querySelector<HTMLFormElement>('[data-login-shell-form]');
  const username = form?.querySelector<HTMLInputElement>('#username');
  const password = form?.querySelector<HTMLInputElement>('#password');
  if (!form || !username || !password) return false;
  const state: Captured = {
    form,
    username,
    password,
    focused:
      document.activeElement === username || document.activeElement === password
        ? (document.activeElement as HTMLInputElement)
        : null,
  };
  form.addEventListener('focusin', (event) => {
    const target = event.target;
    state.focused = target === username ? username : target === password ? password : null;
  });
  form.addEventListener('focusout', (event) => {
    const target = event.target as HTMLElement;
    // Leaving for something else on the page (or outside it) clears it; being removed by React's
    // commit does not (the element is then no longer in the document).
    setTimeout(() => {
      if (target.isConnected && state.focused === target && document.activeElement !== target)
        state.focused = null;
    }, 0);
  });
  captured = state;
  return true;
}

/**
 * Calls `takeOver` when the app should replace the HTML form. A visitor with something stored
 * (login-boot.ts marks the form `data-boot="stored"`) sees their state at once — a lockout, their
 * language, waiting changes. Anyone else keeps the browser's own form until they submit it: the
 * app's screen would show them nothing more, and replacing a focused input mid-typing closes a
 * phone's keyboard (iOS does not reopen it for a focus given by script). login-boot.ts holds that
 * submit; the login screen replays it (login-page.tsx). "Şifrenizi mi unuttunuz?" also takes over:
 * its dialog is the app's (login-boot.ts marks the form `data-forgot` when it is pressed first).
 */
export function takeOverWhen(takeOver: () => void): void {
  const state = captured;
  if (
    !state ||
    state.form.dataset.boot === 'stored' ||
    state.form.dataset.pending === '1' ||
    state.form.dataset.forgot === '1'
  ) {
    takeOver();
    return;
  }
  let taken = false;
  const once = () => {
    if (taken) return;
    taken = true;
    takeOver();
  };
  state.form.addEventListener('submit', once, { once: true });
  // "Şifrenizi mi unuttunuz?" needs the app's dialog: pressed after the app arrived, it takes over.
  state.form.querySelector('[data-login-shell-forgot]')?.addEventListener('click', once, { once: true });
}

/** A sign-in sent for the shell's held submit before the login screen rendered (sendHeldSubmit). */
let held: { username: string; password: string; answer: Promise<unknown> } | null = null;

/**
 * The user submitted the plain form before the app was there: sends that sign-in NOW, as the
 * login screen would (the username trimmed, nothing sent without both fields), instead of after
 * the screen's first renders — the server checks the password while React builds the screen.
 * The login screen's replayed submit then takes this answer (takeHeldSubmit) rather than asking
 * again, so it is still one attempt, and what it does with the answer (an error, a lockout, a
 * password to change) is unchanged. The caller does not call it when the screen would not send
 * the sign-in either (a lockout stored on this device).
 */
export function sendHeldSubmit(send: (username: string, password: string) => Promise<unknown>): void {
  const state = captured;
  if (!state || state.form.dataset.pending !== '1') return;
  const username = state.username.value.trim();
  const password = state.password.value;
  if (!username || !password) return;
  const answer = send(username, password);
  // Seen by the screen that takes it; if none does, never an unhandled rejection.
  answer.catch(() => undefined);
  held = { username, password, answer };
}

/**
 * The answer of the sign-in sendHeldSubmit sent for exactly these values, once; null when none
 * was sent (the screen then sends its own).
 */
export function takeHeldSubmit<T>(username: string, password: string): Promise<T> | null {
  const sent = held;
  held = null;
  return sent && sent.username === username && sent.password === password
    ? (sent.answer as Promise<T>)
    : null;
}

/** The shell's state, once (null when there was no shell or it was already taken). */
export function takeLoginShell(): LoginShellState | null {
  const state = captured;
  captured = null;
  if (!state) return null;
  const { focused } = state;
  return {
    username: state.username.value,
    password: state.password.value,
    showPassword: state.password.type === 'text',
    focus: focused
      ? {
          id: focused === state.password ? 'password' : 'username',
          start: focused.selectionStart,
          end: focused.selectionEnd,
        }
      : null,
    submit: state.form.dataset.pending === '1',
    forgot: state.form.dataset.forgot === '1',
  };
}
