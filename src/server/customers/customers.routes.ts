import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/endpoints';
import { route } from '../lib/route';
import * as service from './customers.service';

export default async function customerRoutes(app: FastifyInstance) {
  route(app, API.customerList, async (request) => ({
    success: true as const,
    data: await service.list(app.db, request.tenant.id, request.query),
  }));
}
