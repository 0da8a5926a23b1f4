import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/endpoints';
import { route } from '../lib/route';
import * as service from './drivers.service';

export default async function driverRoutes(app: FastifyInstance) {
  // Manager and admin only (the entry's access): they are the ones who assign drivers to orders.
  route(app, API.drivers, async (request) => ({
    success: true as const,
    data: await service.listDrivers(app.db, request.tenant.id),
  }));
}
