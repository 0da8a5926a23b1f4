import {
  DEFAULT_TENANT,
  parseHostList,
  tenantFromHost,
  tenantFromQuery,
} from '../../shared/domain/tenant-host';

/**
 * Tenant resolution of the page (the rule shared with the server: src/shared/domain/tenant-host.ts):
 * the `tenant` query parameter of the page address; otherwise the default tenant on local and
 * preview hosts and on the product's own hosted hosts; otherwise the first subdomain label unless it
 * is www or api; the default tenant as the final fallback.
 *
 * Addition (docs/features.md, "Client behaviours"): a tenant named in the address is remembered in
 * localStorage
 * under `tenant`, so that in-app navigation (which drops the query string) and offline restarts stay
 * on the same company. An explicit `?tenant=` always wins.
 */
export { DEFAULT_TENANT };

const STORAGE_KEY = 'tenant';
/** Hosts of the product itself (hosted on e.g. app.example.com); configurable at build time. */
const HOSTED_SUFFIXES: string[] = parseHostList(import.meta.env?.VITE_HOSTED_DOMAINS);

export function resolveTenantFrom(
  location: { search: string; hostname: string },
  stored?: string | null,
): string {
  const fromQuery = tenantFromQuery(new URLSearchParams(location.search).get('tenant'));
  if (fromQuery) return fromQuery;
  if (stored) return stored;
  return tenantFromHost(location.hostname, HOSTED_SUFFIXES);
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
  const fromQuery = tenantFromQuery(new URLSearchParams(window.location.search).get('tenant'));
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
