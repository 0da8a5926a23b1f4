import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { tenantQuery } from '../../shared/api/common';
import { MESSAGES } from '../../shared/api/errors';
import { runOf } from '../idempotency/active-runs';
import { AppError } from '../lib/errors';
import { requestedTenant, TENANT_SLUG } from '../plugins/app/tenant-source';
import { parseWith } from '../plugins/external/zod';
import { findTenant, type Tenant } from './tenants.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant named by `?tenant=` or the host (set for every /api route except those with config.tenant false). */
    tenant: Tenant;
  }
  interface FastifyContextConfig {
    /** false: the route needs no tenant (health). */
    tenant?: boolean;
  }
}

/**
 * Tenant resolution (./tenant-source.ts): `?tenant=` when given — malformed → 400 naming the
 * parameter, unknown → 404 TENANT_NOT_FOUND; without it, the request's host — a subdomain that
 * names no tenant → 404 TENANT_NOT_FOUND saying that no company is at this address (never the
 * default tenant instead); inactive → 403 TENANT_INACTIVE.
 * Every query after this is scoped by `request.tenant.id`.
 */
export default fp(
  async function tenantPlugin(app: FastifyInstance) {
    app.decorateRequest('tenant', null as unknown as Tenant);
    app.addHook('onRequest', async (request: FastifyRequest) => {
      if (request.routeOptions.config?.tenant === false) return;
      const requested = requestedTenant(request, app.config);
      let id: string;
      if (requested.source === 'query') {
        id = parseWith(tenantQuery, { tenant: requested.value }, 'querystring').tenant.toLowerCase();
      } else {
        id = requested.value;
        if (!TENANT_SLUG.test(id)) throw new AppError(404, 'TENANT_NOT_FOUND', MESSAGES.tenantNotAtHost);
      }
      // An entry of a POST /sync/push run: the batch request's tenant, resolved at its start (the
      // run's transaction holds the embedded database's one connection: no look-up outside it).
      const run = runOf(app, request);
      if (run && run.tenant.id === id) {
        request.tenant = run.tenant;
        return;
      }
      const tenant = await app.readCache.tenants.get(id, () => findTenant(app.db, id));
      if (!tenant)
        throw new AppError(
          404,
          'TENANT_NOT_FOUND',
          requested.source === 'query' ? MESSAGES.tenantNotFound : MESSAGES.tenantNotAtHost,
        );
      if (!tenant.is_active) throw new AppError(403, 'TENANT_INACTIVE', MESSAGES.tenantInactive);
      request.tenant = tenant;
    });
  },
  { name: 'tenant', dependencies: ['error-envelope'] },
);
