import type { FastifyInstance, FastifyRequest } from 'fastify';
import { envelope } from '../../shared/api/common';
import { orderSchema } from '../../shared/api/entities';
import {
  assignDriverBody,
  createOrderBody,
  deleteOrderResponse,
  orderArrayResponse,
  orderIdParam,
  orderListQuery,
  orderListResponse,
  orderRoleParam,
  orderRoleQuery,
  orderStatusBody,
  recentOrdersQuery,
  updateOrderBody,
} from '../../shared/api/orders';
import type { ZodTypeProvider } from '../plugins/external/zod';
import * as service from './orders.service';

export default async function orderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const actor = (request: FastifyRequest) => ({
    id: request.user.id,
    role: request.user.role,
    full_name: request.user.full_name,
  });

  app.get(
    '/orders',
    {
      onRequest: app.authenticate,
      schema: { querystring: orderListQuery, response: { 200: envelope(orderListResponse) } },
    },
    async (request) => ({
      success: true as const,
      data: await service.list(app.db, request.tenant.id, request.user, request.query),
    }),
  );

  // Static paths before /orders/:id, so "recent" and "role" are never taken for an id.
  app.get(
    '/orders/recent',
    {
      onRequest: app.authenticate,
      schema: { querystring: recentOrdersQuery, response: { 200: envelope(orderArrayResponse) } },
    },
    async (request) => ({
      success: true as const,
      data: await service.recent(app.db, request.tenant.id, request.user, request.query.limit),
    }),
  );

  app.get(
    '/orders/role/:role',
    {
      onRequest: app.authenticate,
      schema: {
        params: orderRoleParam,
        querystring: orderRoleQuery,
        response: { 200: envelope(orderArrayResponse) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.byRole(
        app.db,
        request.tenant.id,
        request.user,
        request.params.role,
        request.query.limit,
      ),
    }),
  );

  app.get(
    '/orders/:id',
    {
      onRequest: app.authenticate,
      schema: { params: orderIdParam, response: { 200: envelope(orderSchema) } },
    },
    async (request) => ({
      success: true as const,
      data: await service.get(app.db, request.tenant.id, request.user, request.params.id),
    }),
  );

  app.post(
    '/orders',
    {
      onRequest: app.authenticate,
      schema: { body: createOrderBody, response: { 200: envelope(orderSchema), 201: envelope(orderSchema) } },
    },
    async (request, reply) =>
      app.mutate(request, reply, { action: 'order.create', entity: 'order' }, (trx) =>
        service.create(trx, request.tenant, actor(request), request.body),
      ),
  );

  app.put(
    '/orders/:id',
    {
      onRequest: app.authenticate,
      schema: { params: orderIdParam, body: updateOrderBody, response: { 200: envelope(orderSchema) } },
    },
    async (request, reply) =>
      app.mutate(request, reply, { action: 'order.update', entity: 'order' }, (trx) =>
        service.update(trx, request.tenant.id, actor(request), request.params.id, request.body),
      ),
  );

  app.patch(
    '/orders/:id/status',
    {
      onRequest: app.authenticate,
      schema: { params: orderIdParam, body: orderStatusBody, response: { 200: envelope(orderSchema) } },
    },
    async (request, reply) =>
      app.mutate(request, reply, { action: 'order.status', entity: 'order' }, (trx) =>
        service.changeStatus(trx, request.tenant.id, actor(request), request.params.id, request.body),
      ),
  );

  app.patch(
    '/orders/:id/assign-driver',
    {
      onRequest: app.authenticate,
      schema: { params: orderIdParam, body: assignDriverBody, response: { 200: envelope(orderSchema) } },
    },
    async (request, reply) =>
      app.mutate(request, reply, { action: 'order.assign_driver', entity: 'order' }, (trx) =>
        service.assignDriver(trx, request.tenant.id, actor(request), request.params.id, request.body),
      ),
  );

  app.delete(
    '/orders/:id',
    {
      onRequest: app.authenticate,
      schema: { params: orderIdParam, response: { 200: envelope(deleteOrderResponse) } },
    },
    async (request, reply) =>
      app.mutate(request, reply, { action: 'order.delete', entity: 'order' }, (trx) =>
        service.remove(trx, request.tenant.id, actor(request), request.params.id),
      ),
  );
}
