import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { tenantQuery } from '../../../shared/api/common';
import { MESSAGES } from '../../../shared/api/errors';
import { AppError } from '../../lib/errors';
import { findTenant, type Tenant } from '../../tenants/tenants.repository';
import { parseWith } from '../external/zod';
import { runOf } from './push-runs';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant named by `?tenant=` (set for every /api route except those with config.tenant false). */
    tenant: Tenant;
  }
  interface FastifyContextConfig {
    /** false: the route needs no tenant (health). */
    tenant?: boolean;
  }
}

/**
 * Tenant resolution: every call names its tenant with `?tenant=`. Missing or malformed
 * → 400 naming the parameter; unknown → 404 TENANT_NOT_FOUND; inactive → 403 TENANT_INACTIVE.
 * Every query after this is scoped by `request.tenant.id`.
 */
export default fp(
  async function tenantPlugin(app: FastifyInstance) {
    app.decorateRequest('tenant', null as unknown as Tenant);
    app.addHook('onRequest', async (request: FastifyRequest) => {
      if (request.routeOptions.config?.tenant === false) return;
      const raw = (request.query as Record<string, unknown> | undefined)?.tenant;
      const { tenant: slug } = parseWith(
        tenantQuery,
        { tenant: Array.isArray(raw) ? raw[0] : raw },
        'querystring',
      );
      const id = slug.toLowerCase();
      // An entry of a POST /sync/push run: the batch request's tenant, resolved at its start (the
      // run's transaction holds the embedded database's one connection: no look-up outside it).
      const run = runOf(app, request);
      if (run && run.tenant.id === id) {
        request.tenant = run.tenant;
        return;
      }
      const tenant = await app.readCache.tenants.get(id, () => findTenant(app.db, id));
      if (!tenant) throw new AppError(404, 'TENANT_NOT_FOUND', MESSAGES.tenantNotFound);
      if (!tenant.is_active) throw new AppError(403, 'TENANT_INACTIVE', MESSAGES.tenantInactive);
      request.tenant = tenant;
    });
  },
  { name: 'tenant', dependencies: ['error-envelope'] },
);
