import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/endpoints';
import { route } from '../lib/route';
import { dashboardStats } from './dashboard.service';

export default async function dashboardRoutes(app: FastifyInstance) {
  // Every signed-in role (the entry's access); what it counts is the caller's scope (service).
  route(app, API.dashboardStats, async (request) => ({
    success: true as const,
    data: await dashboardStats(app.db, request.tenant.id, request.user),
  }));
}
