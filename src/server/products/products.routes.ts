import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/endpoints';
import { route } from '../lib/route';
import * as service from './products.service';

/** Read side of the catalogue (second document §7); management comes with product management. */
export default async function productRoutes(app: FastifyInstance) {
  // The list body is the spec's own shape (data + pagination side by side), replied whole.
  route(app, API.productList, async (request) =>
    service.list(app.db, request.tenant.id, request.user.role, request.query),
  );

  route(app, API.productCategories, async (request) => ({
    success: true as const,
    data: await service.distinctValues(app.db, request.tenant.id, 'category'),
  }));

  route(app, API.productBrands, async (request) => ({
    success: true as const,
    data: await service.distinctValues(app.db, request.tenant.id, 'brand'),
  }));
}
