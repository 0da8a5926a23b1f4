import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '../../shared/api/endpoints';
import { notFound } from '../lib/errors';
import { route } from '../lib/route';
import * as service from './debug.service';

/** Why a debug call is refused in a tenant the demo seed did not make. */
export const DEMO_ONLY_MESSAGE = 'Demo araçları yalnızca demo şirketlerinde kullanılabilir';

/**
 * The spec's debug calls. app.ts registers this plugin only when config.demoMode is on, and even
 * then they exist only in a tenant the demo seed made (tenants.demo_data): a real company on a
 * demo server never gets test orders or a one-click approval. Elsewhere: 404, as on a server
 * without demo mode.
 */
export default async function debugRoutes(app: FastifyInstance) {
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (!request.tenant?.demo_data) throw notFound(DEMO_ONLY_MESSAGE);
  });

  const actor = (request: FastifyRequest) => ({
    id: request.user.id,
    role: request.user.role,
    full_name: request.user.full_name,
  });

  route(app, API.debugAllOrders, async (request) => ({
    success: true as const,
    data: await service.allOrders(app.db, request.tenant.id, actor(request)),
  }));

  route(app, API.debugApproveFirstOrder, async (request, reply) =>
    app.mutate(request, reply, { action: 'debug.approve_first_order', entity: 'order' }, (trx) =>
      service.approveFirstOrder(trx, request.tenant.id, actor(request)),
    ),
  );

  route(app, API.debugCreateTestOrders, async (request, reply) =>
    app.mutate(request, reply, { action: 'debug.create_test_orders', entity: 'order' }, (trx) =>
      service.createTestOrders(trx, request.tenant, actor(request)),
    ),
  );
}
