import { DEFAULT_PRIMARY_COLOR } from '../../../shared/domain/constants';
import { accessibleColor, brandColor } from '../../../shared/domain/contrast';

/**
 * The first paint of /login, written into index.html by the server (issue 8, "first load").
 *
 * Why: until the JavaScript has arrived and run, the page is blank — on a phone on slow 4G that
 * is seconds (Lighthouse: FCP 3.3 s, LCP 3.6 s). The server knows the tenant from `?tenant=`,
 * so it can paint the login card's header at once with the tenant's own name and colour (the
 * colour made readable as the app's theme makes it). React clears #root when it mounts and paints
 * the real screen in the same place; nothing here is interactive, and no element survives the
 * swap (so it cannot shift). The text is the spec's Turkish (the default language); the screen
 * switches to the user's language as soon as the app runs.
 *
 * Not served by the service worker: an installed app opens the precached shell, which has no
 * network wait to cover.
 */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface LoginShellTenant {
  company_name: string;
  primary_color: string | null;
}

/** The markup placed inside #root (its own inline style: styleSrc allows 'unsafe-inline'). */
export function loginShellMarkup(tenant: LoginShellTenant | undefined, tenantSlug: string | null): string {
  const { main, contrastText } = accessibleColor(
    brandColor(tenant?.primary_color, DEFAULT_PRIMARY_COLOR),
    'light',
  );
  const name = escapeHtml(tenant?.company_name ?? 'Sipariş Yönetim Sistemi');
  const chip = tenantSlug ? `<span class="ls-chip">${escapeHtml(tenantSlug)}</span>` : '';
  return `<div class="ls" aria-hidden="true"><style>
.ls{min-height:100dvh;display:flex;align-items:center;justify-content:center;padding:32px 16px;box-sizing:border-box;
background:${main};font-family:Roboto,system-ui,-apple-system,"Segoe UI",Helvetica,Arial,sans-serif}
.ls-card{width:100%;max-width:440px;background:#fff;border-radius:4px;overflow:hidden;box-shadow:0 5px 22px rgba(0,0,0,.25)}
.ls-head{background:${main};color:${contrastText};text-align:center;padding:32px 32px 24px}
.ls-name{margin:8px 0 0;font-size:1.6rem;line-height:1.35;font-weight:700}
.ls-sub{margin:0;font-size:1.05rem;line-height:1.75}
.ls-chip{display:inline-block;margin-top:12px;padding:2px 10px;border:1px solid currentColor;border-radius:16px;font-size:.8125rem}
.ls-body{padding:24px 24px 160px;color:rgba(0,0,0,.87)}
.ls-h1{margin:0 0 16px;font-size:1.6rem;line-height:1.35;font-weight:600}
.ls-field{height:56px;border:1px solid rgba(0,0,0,.23);border-radius:4px;margin-bottom:16px}
</style><div class="ls-card"><div class="ls-head"><svg viewBox="0 0 100 100" width="56" height="56"><polygon points="50,8 94,30 50,52 6,30" fill="#fff"/><polygon points="6,30 50,52 50,96 6,74" fill="#e3f2fd"/><polygon points="50,52 94,30 94,74 50,96" fill="#bbdefb"/><polygon points="67.6,16.8 76.4,21.2 32.4,43.2 23.6,38.8" fill="#ffb300"/><polygon points="23.6,38.8 32.4,43.2 32.4,87.2 23.6,82.8" fill="#e09a00"/></svg>
<p class="ls-name">${name}</p><p class="ls-sub">Sipariş Yönetim Sistemi</p>${chip}</div>
<div class="ls-body"><p class="ls-h1">Giriş Yap</p><div class="ls-field"></div><div class="ls-field"></div></div></div></div>`;
}

/** index.html with the shell inside #root (unchanged when the build has no empty #root). */
export function withLoginShell(indexHtml: string, markup: string): string {
  return indexHtml.replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
}
