/**
 * Tenant resolution: the `tenant` query parameter of the page address; otherwise the
 * default tenant on local and preview hosts and on the product's own hosted hosts; otherwise the
 * first subdomain label unless it is www or api; the default tenant as the final fallback.
 *
 * Addition (docs/architecture.md, "Client layers"): a tenant named in the address is remembered in
 * localStorage
 * under `tenant`, so that in-app navigation (which drops the query string) and offline restarts stay
 * on the same company. An explicit `?tenant=` always wins.
 */
export const DEFAULT_TENANT = 'default';
const STORAGE_KEY = 'tenant';
/** Hosts of the product itself (hosted on e.g. app.example.com); configurable at build time. */
const HOSTED_SUFFIXES: string[] = (import.meta.env?.VITE_HOSTED_DOMAINS ?? '')
  .split(',')
  .map((s: string) => s.trim())
  .filter(Boolean);

function isLocalOrPreviewHost(host: string): boolean {
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    host === '::1' ||
    /^\d{1,3}(\.\d{1,3}){3}$/.test(host) ||
    host.endsWith('.local') ||
    host.endsWith('.vercel.app') ||
    host.endsWith('.netlify.app') ||
    host.endsWith('.pages.dev')
  );
}

export function resolveTenantFrom(
  location: { search: string; hostname: string },
  stored?: string | null,
): string {
  const fromQuery = new URLSearchParams(location.search).get('tenant')?.trim();
  if (fromQuery) return fromQuery;
  if (stored) return stored;
  const host = location.hostname.toLowerCase();
  if (isLocalOrPreviewHost(host)) return DEFAULT_TENANT;
  if (HOSTED_SUFFIXES.some((suffix) => host === suffix)) return DEFAULT_TENANT;
  const labels = host.split('.');
  if (labels.length > 2) {
    const first = labels[0];
    if (first && first !== 'www' && first !== 'api') return first;
  }
  return DEFAULT_TENANT;
}

let current: string | null = null;

/** The tenant of this page. Reads the address once per load and remembers an explicit choice. */
export function getTenant(): string {
  if (current) return current;
  if (typeof window === 'undefined') return DEFAULT_TENANT;
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    stored = null;
  }
  const fromQuery = new URLSearchParams(window.location.search).get('tenant')?.trim();
  current = resolveTenantFrom(window.location, stored);
  if (fromQuery) {
    try {
      window.localStorage.setItem(STORAGE_KEY, fromQuery);
    } catch {
      /* storage may be unavailable (private mode); the tenant still works for this page */
    }
  }
  return current;
}
