import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '../../shared/api/endpoints';
import { route } from '../lib/route';
import * as service from './debug.service';

/** The spec's debug calls (§7). app.ts registers this plugin only when config.demoMode is on. */
export default async function debugRoutes(app: FastifyInstance) {
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
