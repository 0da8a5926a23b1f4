import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/endpoints';
import { describe } from '../idempotency/mutation';
import { route } from '../lib/route';
import * as service from './warehouse.service';

export default async function warehouseRoutes(app: FastifyInstance) {
  route(app, API.warehouseScan, async (request, reply) =>
    app.mutate(request, reply, { action: 'order.scan', entity: 'order' }, (trx) =>
      describe(
        service.scan(
          trx,
          request.tenant.id,
          { id: request.user.id, role: request.user.role, full_name: request.user.full_name },
          request.body,
        ),
        (r) => ({ product: r.product.name, number: r.order.order_number, customer: r.order.customer_name }),
      ),
    ),
  );

  route(app, API.deliveryNote, async (request) => {
    const note = await service.deliveryNote(app.db, request.tenant.id, request.user, request.params.orderId);
    return { body: note.pdf, filename: note.filename };
  });
}
