import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/endpoints';
import { describe } from '../idempotency/mutation';
import { route } from '../lib/route';
import { postCount } from './counts.service';
import * as service from './stock.service';

/**
 * The stock ledger's endpoints. /products/low-stock is a static path: the router prefers it to
 * /products/:id whatever the registration order, so it is never taken for an id.
 */
export default async function stockRoutes(app: FastifyInstance) {
  route(app, API.productLowStock, async (request) => ({
    success: true as const,
    data: await service.lowStock(app.db, request.tenant.id, request.user.role),
  }));

  // The list body is the product list's shape (data + pagination side by side), replied whole.
  route(app, API.productStockMovements, async (request) =>
    service.movements(app.db, request.tenant.id, request.params.id, request.query),
  );

  route(app, API.productStockAdjust, async (request, reply) =>
    app.mutate(request, reply, { action: 'product.stock_adjust', entity: 'product' }, (trx) =>
      describe(
        service.adjust(
          trx,
          request.tenant.id,
          { id: request.user.id, role: request.user.role },
          request.params.id,
          request.body,
        ),
        (p) => ({
          name: p.name,
          code: p.product_code,
          quantity: `${request.body.adjustment > 0 ? '+' : ''}${request.body.adjustment}`,
        }),
      ),
    ),
  );

  route(app, API.inventoryCount, async (request, reply) =>
    app.mutate(request, reply, { action: 'inventory.count', entity: 'stock_count' }, (trx) =>
      describe(postCount(trx, request.tenant.id, { id: request.user.id }, request.body), (r) => ({
        count: r.lines.length,
      })),
    ),
  );
}
