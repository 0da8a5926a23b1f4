import type { FastifyInstance } from 'fastify';
import { productListBody, productListQuery, stringListResponse } from '../../shared/api/catalogue';
import { envelope } from '../../shared/api/common';
import type { ZodTypeProvider } from '../plugins/external/zod';
import * as service from './products.service';

/** Read side of the catalogue (second document §7); management comes with product management. */
export default async function productRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // The list body is the spec's own shape (data + pagination side by side), replied whole.
  app.get(
    '/products',
    {
      onRequest: app.authenticate,
      schema: { querystring: productListQuery, response: { 200: productListBody } },
    },
    async (request) => service.list(app.db, request.tenant.id, request.query),
  );

  app.get(
    '/products/categories',
    { onRequest: app.authenticate, schema: { response: { 200: envelope(stringListResponse) } } },
    async (request) => ({
      success: true as const,
      data: await service.distinctValues(app.db, request.tenant.id, 'category'),
    }),
  );

  app.get(
    '/products/brands',
    { onRequest: app.authenticate, schema: { response: { 200: envelope(stringListResponse) } } },
    async (request) => ({
      success: true as const,
      data: await service.distinctValues(app.db, request.tenant.id, 'brand'),
    }),
  );
}
