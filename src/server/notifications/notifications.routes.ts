import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/endpoints';
import { route } from '../lib/route';
import * as service from './notifications.service';

export default async function notificationRoutes(app: FastifyInstance) {
  route(app, API.notificationList, async (request) => ({
    success: true as const,
    data: await service.list(app.db, request.tenant.id, request.user.id, request.query),
  }));

  // Registered before /notifications/:id/read so the static segment is never taken for an id.
  route(app, API.notificationMarkAllRead, async (request, reply) =>
    app.mutate(request, reply, { action: 'notification.mark_all_read', entity: 'notification' }, (trx) =>
      service.markAllRead(trx, request.tenant.id, request.user.id, request.body?.ids),
    ),
  );

  route(app, API.notificationRead, async (request, reply) =>
    app.mutate(request, reply, { action: 'notification.read', entity: 'notification' }, (trx) =>
      service.markRead(trx, request.tenant.id, request.user.id, request.params.id),
    ),
  );

  route(app, API.notificationDelete, async (request, reply) =>
    app.mutate(request, reply, { action: 'notification.delete', entity: 'notification' }, (trx) =>
      service.remove(trx, request.tenant.id, request.user.id, request.params.id),
    ),
  );
}
