import type { FastifyInstance, FastifyRequest } from 'fastify';
import { envelope } from '../../shared/api/common';
import { API } from '../../shared/api/endpoints';
import { describe } from '../idempotency/mutation';
import { sendDataText } from '../lib/json-text';
import { route } from '../lib/route';
import { changeStatus } from './order-status.service';
import * as service from './orders.service';

const listContract = envelope(API.orderList.response);
const detailContract = envelope(API.orderGet.response);

export default async function orderRoutes(app: FastifyInstance) {
  const actor = (request: FastifyRequest) => ({
    id: request.user.id,
    role: request.user.role,
    full_name: request.user.full_name,
  });

  route(app, API.orderList, async (request, reply) =>
    sendDataText(
      app,
      reply,
      listContract,
      await service.list(app.db, request.tenant.id, request.user, request.query, app.wireCache),
    ),
  );

  // Static paths before /orders/:id, so "recent" and "role" are never taken for an id.
  route(app, API.orderRecent, async (request) => ({
    success: true as const,
    data: await service.recent(app.db, request.tenant.id, request.user, request.query.limit, app.wireCache),
  }));

  route(app, API.orderByRole, async (request) => ({
    success: true as const,
    data: await service.byRole(
      app.db,
      request.tenant.id,
      request.user,
      request.params.role,
      request.query.limit,
      app.wireCache,
    ),
  }));

  // The order's JSON goes out as the database made it (or as the wire cache kept it), unparsed.
  route(app, API.orderGet, async (request, reply) =>
    sendDataText(
      app,
      reply,
      detailContract,
      await service.getText(app.db, request.tenant.id, request.user, request.params.id, app.wireCache),
    ),
  );

  route(app, API.orderCreate, async (request, reply) =>
    app.mutate(request, reply, { action: 'order.create', entity: 'order' }, (trx) =>
      describe(service.create(trx, request.tenant, actor(request), request.body), (o) => ({
        number: o.order_number,
        customer: o.customer_name,
      })),
    ),
  );

  route(app, API.orderUpdate, async (request, reply) =>
    app.mutate(request, reply, { action: 'order.update', entity: 'order' }, (trx) =>
      describe(
        service.update(trx, request.tenant.id, actor(request), request.params.id, request.body),
        (o) => ({ number: o.order_number, customer: o.customer_name }),
      ),
    ),
  );

  route(app, API.orderStatus, async (request, reply) =>
    app.mutate(request, reply, { action: 'order.status', entity: 'order' }, (trx) =>
      describe(
        changeStatus(trx, request.tenant.id, actor(request), request.params.id, request.body),
        (o) => ({ number: o.order_number, customer: o.customer_name, to: o.status }),
      ),
    ),
  );

  route(app, API.orderAssignDriver, async (request, reply) =>
    app.mutate(request, reply, { action: 'order.assign_driver', entity: 'order' }, (trx) =>
      describe(
        service.assignDriver(trx, request.tenant.id, actor(request), request.params.id, request.body),
        (o) => ({ number: o.order_number, customer: o.customer_name, driver: o.driver_name ?? '' }),
      ),
    ),
  );

  route(app, API.orderDelete, async (request, reply) =>
    app.mutate(request, reply, { action: 'order.delete', entity: 'order' }, (trx) =>
      service.remove(trx, request.tenant.id, actor(request), request.params.id),
    ),
  );
}
