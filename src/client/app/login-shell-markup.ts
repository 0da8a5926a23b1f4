import { escapeHtml, LOGIN_SHELL_PLACEHOLDERS as SHELL_PLACEHOLDERS } from '../../shared/api/login-shell';
import { authTr } from '../auth/messages-tr';
import { registerCompanyTr } from '../register-company/messages-tr';
import { sharedTr } from '../shared-ui/i18n-tr';
import { LANGUAGES } from '../shared-ui/languages';

/**
 * The login screen as plain HTML: the first visit's /login (login.html, written at build time by
 * vite.config.ts `loginShell()`; the server fills in the tenant, static.ts).
 *
 * Why (a fast first load): on a first visit nobody is signed in, and the screen is a form. A
 * form works without any JavaScript framework: the browser paints it from the HTML at once and a
 * user can type into it at once. React + MUI evaluating and committing the same screen costs a
 * slow phone a second or more of a blocked main thread (Lighthouse: TBT 0.3–1.5 s). So a first
 * visit gets this markup and `login-boot.ts` (1 KiB); the app itself is loaded on the user's first
 * key, tap or input — they type, it arrives — and takes over the form with whatever was typed
 * (`login-shell-handoff.ts`). Visits with anything stored (a session, a language, a lockout…) load
 * the app at once, so the screen shows their state.
 *
 * It mirrors login-page.tsx and its parts, login-parts.tsx (same elements, ids, names, labels,
 * sizes and colours), so the swap does not move anything. Texts are the Turkish catalogue's: the default language; a visitor who
 * chose English has it stored, and gets the app (and English) at once.
 *
 * The server fills in the tenant per request: `LOGIN_SHELL_PLACEHOLDERS` (src/shared/api/login-shell.ts).
 */
/**
 * The Turkish texts the form shows: the shared ones and those of the sign-in and company sign-up
 * screens (plain data, so the build can run this without the app's catalogue module).
 */
const tr = { ...sharedTr, ...authTr, ...registerCompanyTr };

/** MUI's icon paths (Visibility, VisibilityOff, LockOutlined), 24×24. */
const ICON = {
  show: 'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3',
  hide: 'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z',
  lock: 'M18 8h-1V6c0-2.76-2.24-5-5-5S7 3.24 7 6v2H6c-1.1 0-2 .9-2 2v10c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V10c0-1.1-.9-2-2-2M9 6c0-1.66 1.34-3 3-3s3 1.34 3 3v2H9zm9 14H6V10h12zm-6-3c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2',
};

/**
 * The language switch (shared-ui/language-switch.tsx's buttons): each language named in itself;
 * the form is Turkish, so Türkçe is the pressed one. login-boot.ts keeps a choice and reloads:
 * a visitor with a language stored gets the app at once, in that language.
 */
const LANGUAGE_BUTTONS = LANGUAGES.map(
  (l) =>
    `<button type="button" class="ls-link ls-lang" lang="${l.code}" aria-pressed="${l.code === 'tr'}" data-i18n-skip data-login-shell-lang="${l.code}">${escapeHtml(l.label)}</button>`,
).join('');

/** The sizes are MUI's as the login screen uses them (Typography h5/subtitle1/caption, Button large…). */
const CSS = `
.ls{min-height:100vh;min-height:100dvh;display:flex;flex-direction:column;align-items:center;justify-content:center;padding:32px 16px;box-sizing:border-box;
background:linear-gradient(135deg,var(--pd) 0%,var(--p) 55%,var(--s) 140%);font-family:"Roboto","Helvetica","Arial",sans-serif;font-size:1rem;line-height:1.5;color:rgba(0,0,0,.87);-webkit-font-smoothing:antialiased}
body{margin:0}
.ls *{box-sizing:border-box}
.ls p,.ls h1{margin:0}
.ls-card{width:100%;max-width:440px;background:#fff;border-radius:12px;overflow:hidden;box-shadow:0 5px 5px -3px rgba(0,0,0,.2),0 8px 10px 1px rgba(0,0,0,.14),0 3px 14px 2px rgba(0,0,0,.12)}
.ls-head{background:var(--p);color:var(--on);text-align:center;padding:32px 32px 24px}
.ls-logo{width:56px;height:56px;display:inline-block;vertical-align:middle}
.ls-name{margin-top:8px!important;font-size:1.5rem;line-height:1.334;font-weight:700}
.ls-sub{font-size:1rem;line-height:1.75}
.ls-chip{display:inline-block;margin-top:12px;padding:2px 10px;border:1px solid currentColor;border-radius:32px;font-size:.875rem;line-height:1.43;font-weight:500}
.ls-form{padding:24px 24px 16px}
@media (min-width:600px){.ls-form{padding:24px 32px 16px}}
.ls-h1{font-size:1.5rem;line-height:1.334;font-weight:600;margin-bottom:16px!important}
.ls-stack>*+*{margin-top:16px}
.ls-alert{padding:6px 16px;border-radius:8px;background:#fdeded;color:#5f2120;font-size:.875rem;line-height:1.43}
.ls-alert[hidden]{display:none}
.ls-field{position:relative}
.ls-field input{display:block;width:100%;height:56px;margin:0;padding:16.5px 14px;border:1px solid rgba(0,0,0,.23);border-radius:8px;background:transparent;font:inherit;font-size:1rem;line-height:1.4375;color:inherit;outline:0;-webkit-appearance:none;appearance:none}
.ls-field input:hover{border-color:rgba(0,0,0,.87)}
.ls-field input:focus{border:2px solid var(--p);padding:15.5px 13px}
.ls-field input[type=password],.ls-field input[data-ls-password]{padding-right:52px}
.ls-field input:focus[data-ls-password]{padding-right:51px}
.ls-field label{position:absolute;left:0;top:0;max-width:calc(100% - 24px);padding:0 5px;margin-left:9px;background:#fff;color:rgba(0,0,0,.6);font-size:1rem;line-height:1.4375;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;pointer-events:none;transform:translate(0,16px) scale(1);transform-origin:top left;transition:transform .2s cubic-bezier(0,0,.2,1),color .2s}
.ls-field input:focus+label,.ls-field input:not(:placeholder-shown)+label{transform:translate(0,-9px) scale(.75);max-width:calc(133% - 32px)}
.ls-field input:focus+label{color:var(--p)}
.ls-field input::placeholder{color:transparent}
.ls-eye{position:absolute;right:6px;top:8px;width:40px;height:40px;padding:8px;border:0;border-radius:50%;background:transparent;color:rgba(0,0,0,.54);cursor:pointer;display:inline-flex;align-items:center;justify-content:center}
.ls-eye:hover{background:rgba(0,0,0,.04)}
.ls-eye:focus-visible{outline:2px solid var(--p)}
.ls-eye svg{width:24px;height:24px;fill:currentColor}
.ls-eye svg[hidden]{display:none}
.ls-submit{display:block;width:100%;min-height:46px;padding:10px 22px;border:0;border-radius:8px;background:var(--p);color:var(--on);font:inherit;font-size:.9375rem;line-height:1.75;font-weight:500;cursor:pointer;box-shadow:0 3px 1px -2px rgba(0,0,0,.2),0 2px 2px 0 rgba(0,0,0,.14),0 1px 5px 0 rgba(0,0,0,.12)}
.ls-submit:focus-visible{outline:2px solid var(--pd);outline-offset:2px}
.ls-submit:disabled{cursor:default}
.ls-form[data-pending] .ls-submit{background:rgba(0,0,0,.12);color:rgba(0,0,0,.38);box-shadow:none}
.ls-or{margin:20px 0;display:flex;align-items:center;gap:16px;color:rgba(0,0,0,.6);font-size:.875rem;line-height:1.43}
.ls-or::before,.ls-or::after{content:"";flex:1;border-top:1px solid rgba(0,0,0,.12)}
.ls-center{text-align:center}
.ls-link{padding:0;border:0;background:transparent;color:var(--p);font:inherit;font-size:.875rem;line-height:1.43;cursor:pointer}
.ls-link:hover{text-decoration:underline}
a.ls-link{text-decoration:none}
.ls-reg{margin-top:12px}
.ls-link:focus-visible{outline:2px solid var(--p);outline-offset:2px}
.ls-foot{padding:16px 32px;border-top:1px solid rgba(0,0,0,.12);text-align:center;background:rgba(0,0,0,.04)}
.ls-secure{display:flex;justify-content:center;align-items:center;gap:6px;color:var(--ok);font-size:.75rem;line-height:1.66;font-weight:500}
.ls-secure svg{width:16px;height:16px;fill:currentColor}
.ls-copy{margin-top:4px!important;font-size:.75rem;line-height:1.66}
.ls-langs{display:flex;justify-content:center;gap:8px;margin-top:8px}
.ls-lang{padding:4px 5px;border-radius:8px;font-size:.8125rem;line-height:1.75;font-weight:500}
.ls-lang[aria-pressed=true]{font-weight:700}
@media (pointer:coarse){.ls-submit{min-height:46px}.ls-eye{width:44px;height:44px;top:6px;right:4px}}
`
  .replace(/\n/g, '')
  .trim();

/**
 * The shell's markup (inside #root): `data-login-shell` marks it for login-boot.ts and the app's
 * takeover; the form carries the texts login-boot.ts needs (password toggle, error) as data.
 * The submit button arrives disabled (looking as usual) and login-boot.ts enables it: until the
 * script runs, neither a click nor Enter can submit the form natively — a GET would put the
 * password in the address (and in logs). `method="post"` is the second guard.
 */
export function loginShellHtml(t: Record<keyof typeof tr, string> = tr): string {
  const x = (key: keyof typeof tr) => escapeHtml(t[key]);
  const svg = (d: string, extra = '') =>
    `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"${extra}><path d="${d}"/></svg>`;
  return `<style>${CSS}</style><main class="ls" data-login-shell style="${SHELL_PLACEHOLDERS.colours}">
<div class="ls-card"><header class="ls-head"><svg class="ls-logo" viewBox="0 0 100 100" aria-hidden="true" focusable="false"><polygon points="50,8 94,30 50,52 6,30" fill="#ffffff"/><polygon points="6,30 50,52 50,96 6,74" fill="#e3f2fd"/><polygon points="50,52 94,30 94,74 50,96" fill="#bbdefb"/><polygon points="67.6,16.8 76.4,21.2 32.4,43.2 23.6,38.8" fill="#ffb300"/><polygon points="23.6,38.8 32.4,43.2 32.4,87.2 23.6,82.8" fill="#e09a00"/></svg>
<p class="ls-name">${SHELL_PLACEHOLDERS.company}</p><p class="ls-sub">${x('loginSubtitle')}</p>${SHELL_PLACEHOLDERS.tenant}</header>
<form class="ls-form" method="post" novalidate data-login-shell-form data-show="${x('showPassword')}" data-hide="${x('hidePassword')}" data-submit="${x('loginSubmit')}" data-submitting="${x('loginSubmitting')}" data-offline="${x('loginErrOffline')}">
<h1 class="ls-h1">${x('loginHeading')}</h1>
<div class="ls-stack"><div class="ls-alert" role="alert"${SHELL_PLACEHOLDERS.alertHidden} data-login-shell-alert>${SHELL_PLACEHOLDERS.alert}</div>
<div class="ls-field"><input id="username" name="username" autocomplete="username" autocapitalize="none" spellcheck="false" placeholder=" " autofocus><label for="username">${x('username')}</label></div>
<div class="ls-field"><input id="password" name="password" type="password" autocomplete="current-password" placeholder=" " data-ls-password><label for="password">${x('password')}</label><button type="button" class="ls-eye" aria-label="${x('showPassword')}" data-login-shell-eye>${svg(ICON.show)}${svg(ICON.hide, ' hidden')}</button></div>
<button type="submit" class="ls-submit" disabled>${x('loginSubmit')}</button></div>
<div class="ls-or" role="separator"><span>${x('or')}</span></div>
<div class="ls-center"><button type="button" class="ls-link" aria-haspopup="dialog" data-login-shell-forgot>${x('forgotPassword')}</button></div>
<div class="ls-center ls-reg"><a class="ls-link" href="/register-company" data-testid="register-company-link">${x('reg_loginLink')}</a></div>
</form>
<footer class="ls-foot"><div class="ls-secure">${svg(ICON.lock)}<span>${x('secureConnection')}</span></div><p class="ls-copy">${x('copyright')}</p>
<div class="ls-langs" role="group" aria-label="${x('languageSwitch')}">${LANGUAGE_BUTTONS}</div></footer>
</div></main>`;
}
