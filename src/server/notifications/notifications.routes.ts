import type { FastifyInstance } from 'fastify';
import { envelope } from '../../shared/api/common';
import {
  deleteNotificationResponse,
  markAllReadResponse,
  notificationIdParam,
  notificationListQuery,
  notificationListResponse,
  notificationSchema,
} from '../../shared/api/notifications';
import type { ZodTypeProvider } from '../plugins/external/zod';
import * as service from './notifications.service';

export default async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/notifications',
    {
      onRequest: app.authenticate,
      schema: { querystring: notificationListQuery, response: { 200: envelope(notificationListResponse) } },
    },
    async (request) => ({
      success: true as const,
      data: await service.list(app.db, request.tenant.id, request.user.id, request.query),
    }),
  );

  // Registered before /notifications/:id/read so the static segment is never taken for an id.
  app.patch(
    '/notifications/mark-all-read',
    { onRequest: app.authenticate, schema: { response: { 200: envelope(markAllReadResponse) } } },
    async (request, reply) =>
      app.mutate(request, reply, { action: 'notification.mark_all_read', entity: 'notification' }, (trx) =>
        service.markAllRead(trx, request.tenant.id, request.user.id),
      ),
  );

  app.patch(
    '/notifications/:id/read',
    {
      onRequest: app.authenticate,
      schema: { params: notificationIdParam, response: { 200: envelope(notificationSchema) } },
    },
    async (request, reply) =>
      app.mutate(request, reply, { action: 'notification.read', entity: 'notification' }, (trx) =>
        service.markRead(trx, request.tenant.id, request.user.id, request.params.id),
      ),
  );

  app.delete(
    '/notifications/:id',
    {
      onRequest: app.authenticate,
      schema: { params: notificationIdParam, response: { 200: envelope(deleteNotificationResponse) } },
    },
    async (request, reply) =>
      app.mutate(request, reply, { action: 'notification.delete', entity: 'notification' }, (trx) =>
        service.remove(trx, request.tenant.id, request.user.id, request.params.id),
      ),
  );
}
