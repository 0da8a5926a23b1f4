import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '../../shared/api/endpoints';
import { route } from '../lib/route';
import * as service from './dns.service';

/**
 * DNS of tenant hosts (the tenant management screen's DNS buttons). The entries admit admins; the
 * service keeps them to the platform's (the `default` tenant's) admins.
 */
export default async function dnsRoutes(app: FastifyInstance) {
  const deps: service.DnsDeps = { db: app.db, dns: app.dns, changed: () => app.readCache.invalidate() };
  const actor = (request: FastifyRequest): service.DnsActor => ({
    tenantId: request.tenant.id,
    role: request.user.role,
    id: request.user.id,
    full_name: request.user.full_name,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });

  route(app, API.dnsSetupWildcard, async (request) => ({
    success: true as const,
    data: await service.setupWildcard(deps, actor(request)),
  }));

  route(app, API.dnsSetupExisting, async (request) => ({
    success: true as const,
    data: await service.setupExisting(deps, actor(request)),
  }));

  route(app, API.dnsList, async (request) => ({
    success: true as const,
    data: await service.listRecords(deps, actor(request)),
  }));

  route(app, API.dnsCheck, async (request) => ({
    success: true as const,
    data: await service.checkTenant(deps, actor(request), request.params.tenant),
  }));
}
