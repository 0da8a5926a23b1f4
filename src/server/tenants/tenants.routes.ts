import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/endpoints';
import { route } from '../lib/route';
import { toTenantInfo } from './tenants.service';

export default async function tenantRoutes(app: FastifyInstance) {
  /** Public (no token): the login screen shows the company's name and colours. */
  route(app, API.tenantInfo, async (request) => ({
    success: true as const,
    data: toTenantInfo(request.tenant, app.config.smtpUrl !== undefined, app.config.demoMode),
  }));
}
