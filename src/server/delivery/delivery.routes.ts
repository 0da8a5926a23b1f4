import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/endpoints';
import { describe } from '../idempotency/mutation';
import { route } from '../lib/route';
import * as service from './delivery.service';

export default async function deliveryRoutes(app: FastifyInstance) {
  route(app, API.orderDeliver, async (request, reply) =>
    app.mutate(request, reply, { action: 'order.deliver', entity: 'order' }, (trx) =>
      describe(
        service.deliver(
          trx,
          request.tenant.id,
          { id: request.user.id, role: request.user.role, full_name: request.user.full_name },
          request.params.id,
          request.body,
        ),
        (o) => ({
          number: o.order_number,
          customer: o.customer_name,
          recipient: request.body.recipient_name,
        }),
      ),
    ),
  );

  route(app, API.orderProof, async (request) => ({
    success: true as const,
    data: await service.proof(app.db, request.tenant.id, request.user, request.params.id),
  }));
}
