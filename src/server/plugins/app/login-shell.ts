import { MESSAGES } from '../../../shared/api/errors';
import { escapeHtml, LOGIN_SHELL_PLACEHOLDERS } from '../../../shared/api/login-shell';
import { DEFAULT_PRIMARY_COLOR, DEFAULT_SECONDARY_COLOR } from '../../../shared/domain/constants';
import { accessibleColor, brandColor, darkShade } from '../../../shared/domain/contrast';

/**
 * The first visit's /login, filled in for the tenant named by `?tenant=`: a first visitor gets a
 * working form as plain HTML at once, and the app only when they act.
 *
 * The build writes login.html: the login form as plain HTML (src/client/app/login-shell-markup.ts)
 * and a 2 KiB script that loads the app on the user's first action. The server knows the tenant,
 * so the page arrives with the tenant's own name and colours — made readable exactly as the app's
 * theme makes them (src/client/app/theme.ts), so nothing changes when the app takes over.
 *
 * Not served by the service worker: an installed app opens the precached index.html.
 */
export interface LoginShellTenant {
  company_name: string;
  primary_color: string | null;
  secondary_color: string | null;
}

/** MUI's success colour as the theme makes it readable (the "secure connection" line). */
const SUCCESS_TEXT = accessibleColor('#2e7d32', 'light').main;
/** Every placeholder, matched in one pass (a company name that spells one stays as it is). */
const PLACEHOLDERS = new RegExp(Object.values(LOGIN_SHELL_PLACEHOLDERS).join('|'), 'g');

/**
 * `missing`: the address names a company that does not exist (checked, not merely unreachable):
 * the form says so at once, instead of after the user has typed and submitted. true: the generic
 * text ('Şirket bulunamadı.'); a string: that text (a host that names no company says so).
 */
export function fillLoginShell(
  html: string,
  tenant: LoginShellTenant | undefined,
  tenantSlug: string | null,
  missing: boolean | string = false,
): string {
  const alert = typeof missing === 'string' ? missing : missing ? MESSAGES.tenantNotFound : '';
  const primary = accessibleColor(brandColor(tenant?.primary_color, DEFAULT_PRIMARY_COLOR), 'light');
  const secondary = accessibleColor(brandColor(tenant?.secondary_color, DEFAULT_SECONDARY_COLOR), 'light');
  // Hex colours only (accessibleColor/darkShade return #rrggbb): safe in a style attribute.
  const colours = [
    `--p:${primary.main}`,
    `--pd:${darkShade(primary.main)}`,
    `--s:${secondary.main}`,
    `--on:${primary.contrastText}`,
    `--ok:${SUCCESS_TEXT}`,
  ].join(';');
  const company = escapeHtml(tenant?.company_name ?? 'Sipariş Yönetim Sistemi');
  const chip = tenantSlug ? `<span class="ls-chip">${escapeHtml(tenantSlug)}</span>` : '';
  const values: Record<string, string> = {
    [LOGIN_SHELL_PLACEHOLDERS.colours]: colours,
    [LOGIN_SHELL_PLACEHOLDERS.company]: company,
    [LOGIN_SHELL_PLACEHOLDERS.tenant]: chip,
    [LOGIN_SHELL_PLACEHOLDERS.alertHidden]: alert ? '' : ' hidden',
    [LOGIN_SHELL_PLACEHOLDERS.alert]: escapeHtml(alert),
  };
  return html
    .replace(PLACEHOLDERS, (match) => values[match] ?? '')
    .replace(/(<meta name="theme-color" content=")[^"]*"/, (_, start: string) => `${start}${primary.main}"`);
}
