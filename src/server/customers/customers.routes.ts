import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/endpoints';
import { describe } from '../idempotency/mutation';
import { route } from '../lib/route';
import * as service from './customers.service';

export default async function customerRoutes(app: FastifyInstance) {
  const actor = (request: { user: { id: string; role: string } }) => ({
    id: request.user.id,
    role: request.user.role,
  });

  route(app, API.customerList, async (request) => ({
    success: true as const,
    data: await service.list(app.db, request.tenant.id, request.query),
  }));

  // A static path before /customers/:id, so "duplicates" is never taken for an id.
  route(app, API.customerDuplicates, async (request) => ({
    success: true as const,
    data: await service.duplicates(app.db, request.tenant.id, request.query),
  }));

  route(app, API.customerGet, async (request) => ({
    success: true as const,
    data: await service.get(app.db, request.tenant.id, request.params.id),
  }));

  route(app, API.customerCreate, async (request, reply) =>
    app.mutate(request, reply, { action: 'customer.create', entity: 'customer' }, (trx) =>
      describe(service.create(trx, request.tenant, actor(request), request.body), (c) => ({
        name: c.full_name,
      })),
    ),
  );

  route(app, API.customerUpdate, async (request, reply) =>
    app.mutate(request, reply, { action: 'customer.update', entity: 'customer' }, (trx) =>
      describe(service.update(trx, request.tenant.id, request.params.id, request.body), (c) => ({
        name: c.full_name,
      })),
    ),
  );

  route(app, API.customerDelete, async (request, reply) =>
    app.mutate(request, reply, { action: 'customer.delete', entity: 'customer' }, (trx) =>
      service.remove(trx, request.tenant.id, request.params.id),
    ),
  );
}
