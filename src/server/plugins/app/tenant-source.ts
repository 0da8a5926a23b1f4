import type { FastifyRequest } from 'fastify';
import { tenantFromHost, tenantFromQuery } from '../../../shared/domain/tenant-host';
import type { Config } from '../../config';

/**
 * Which tenant a request names, by the rule the client applies to its page address
 * (src/shared/domain/tenant-host.ts): `?tenant=` when given and not blank; otherwise the request's
 * host — `request.hostname`, which is X-Forwarded-Host only from a trusted proxy (TRUST_PROXY) —
 * where local and preview hosts and the product's own hosts (BASE_DOMAIN, VITE_HOSTED_DOMAINS)
 * mean the default tenant and any other host its first label unless www or api.
 * The one reading of it: the tenant plugin, the idempotency plugin's early check and the first
 * visit's pages all call this.
 */
export type RequestedTenant =
  /** As sent (trimmed, not yet validated: the tenant plugin answers 400 for a malformed one). */
  | { source: 'query'; value: string }
  /** From the host, lower case (not yet looked up). */
  | { source: 'host'; value: string };

export function requestedTenant(
  request: FastifyRequest,
  config: Pick<Config, 'baseDomain' | 'hostedDomains'>,
): RequestedTenant {
  const raw = (request.query as Record<string, unknown> | undefined)?.tenant;
  const first = Array.isArray(raw) ? raw[0] : raw;
  const fromQuery = typeof first === 'string' ? tenantFromQuery(first) : null;
  if (fromQuery) return { source: 'query', value: fromQuery };
  return {
    source: 'host',
    value: tenantFromHost(request.hostname, [config.baseDomain, ...config.hostedDomains]),
  };
}

/** A slug that can name a tenant (what `?tenant=` accepts): a host label that cannot is no tenant. */
export const TENANT_SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;
