/**
 * Which tenant an address names — the one rule the client (the page's address) and the server
 * (a request's Host) both apply, so that a page and the API it calls never disagree:
 * 1. the `tenant` query parameter, when it is there and not blank;
 * 2. the default tenant on local and preview hosts (localhost, an IP address, *.local, preview
 *    deployments) and on the product's own hosts (BASE_DOMAIN on the server, VITE_HOSTED_DOMAINS);
 * 3. the first label of the host, unless it is www or api (`demo.example.com` → demo);
 * 4. the default tenant.
 * The client remembers a tenant chosen by address between steps 1 and 2 (src/client/api/tenant.ts);
 * the server has no such memory.
 */
export const DEFAULT_TENANT = 'default';

/** Labels that name the product's own entry points, never a tenant. */
const RESERVED_LABELS = new Set(['www', 'api']);

/** A host name as compared: lower case, no port, no trailing dot. */
export function normaliseHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    return end > 0 ? h.slice(0, end + 1) : h;
  }
  const colon = h.indexOf(':');
  if (colon >= 0 && h.indexOf(':', colon + 1) < 0) h = h.slice(0, colon);
  return h.endsWith('.') ? h.slice(0, -1) : h;
}

export function isLocalOrPreviewHost(host: string): boolean {
  return (
    host === '' ||
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

/**
 * The tenant a host names (steps 2-4). `productHosts`: the product's own hosts, which mean the
 * default tenant (compared whole: `app.example.com`, not its subdomains).
 */
export function tenantFromHost(hostname: string, productHosts: readonly string[] = []): string {
  const host = normaliseHost(hostname);
  if (isLocalOrPreviewHost(host)) return DEFAULT_TENANT;
  if (productHosts.some((product) => normaliseHost(product) === host)) return DEFAULT_TENANT;
  const labels = host.split('.');
  if (labels.length > 2) {
    const first = labels[0];
    if (first && !RESERVED_LABELS.has(first)) return first;
  }
  return DEFAULT_TENANT;
}

/** The tenant query parameter's value when it names one (not absent, not blank), trimmed. */
export function tenantFromQuery(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** Comma-separated host list (VITE_HOSTED_DOMAINS) → hosts. */
export function parseHostList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((s) => normaliseHost(s))
    .filter(Boolean);
}
