/**
 * The contract between the build-time login page (login.html, made from
 * src/client/app/login-shell-markup.ts) and the server that fills it in per request
 * (src/server/plugins/app/login-shell.ts): the placeholders it leaves.
 * - `colours`: the value of the page root's `style` attribute — CSS variables of the tenant's
 *   colours made readable as the theme makes them: --p (primary), --pd (primary dark),
 *   --s (secondary), --on (text on primary), --ok (success text);
 * - `company`: the company's name (escaped HTML text);
 * - `tenant`: the tenant chip (`<span class="ls-chip">slug</span>`), or nothing.
 * - `alertHidden`: ` hidden` (the alert line is empty), or nothing when `alert` says something;
 * - `alert`: what the form must say before anyone types — that the address names no company
 *   ('Şirket bulunamadı.'), or nothing.
 */
export const LOGIN_SHELL_PLACEHOLDERS = {
  colours: '%SYS_SHELL_COLOURS%',
  company: '%SYS_SHELL_COMPANY%',
  tenant: '%SYS_SHELL_TENANT%',
  alertHidden: '%SYS_SHELL_ALERT_HIDDEN%',
  alert: '%SYS_SHELL_ALERT%',
} as const;

/** Text or attribute value safe inside HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
