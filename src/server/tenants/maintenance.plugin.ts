import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { maintenanceError, refusedByMaintenance } from './user-defaults';

/** Sent on every /api answer of a tenant in maintenance: the PWA shows its banner from it. */
export const MAINTENANCE_HEADER = 'X-Maintenance';

/**
 * Maintenance mode (the tenant's `maintenance_mode` setting), one hook after authentication:
 * every authenticated call of a non-admin answers 503 MAINTENANCE — "unavailable, try again
 * later", so the PWA's outbox keeps its entries and retries — while admins keep working. Public
 * calls are not refused here: the health check and the tenant info stay up, and the sign-in and
 * sign-up services refuse a non-admin themselves (they know the role only after the password).
 * Every answer of such a tenant carries `X-Maintenance: 1`, so admins' screens can say it is on.
 */
export default fp(
  async function maintenancePlugin(app: FastifyInstance) {
    app.addHook('onRequest', async (request: FastifyRequest) => {
      if (!request.tenant?.maintenance_mode) return;
      if (request.routeOptions.config?.access === 'public') return;
      if (request.user && refusedByMaintenance(request.tenant, request.user.role)) throw maintenanceError();
    });
    // On every answer, refusals included (a 401 of the auth hook too), once the tenant is known.
    app.addHook('onSend', async (request, reply) => {
      if (request.tenant?.maintenance_mode) reply.header(MAINTENANCE_HEADER, '1');
    });
  },
  { name: 'maintenance', dependencies: ['auth'] },
);
