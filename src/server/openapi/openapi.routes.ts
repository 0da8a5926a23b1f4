import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/endpoints';
import { route } from '../lib/route';
import { type OpenApiDocument, openApiDocument } from './openapi';

export default async function openApiRoutes(app: FastifyInstance) {
  // Public and tenant-free: the description of the API is the same for every company and must be
  // readable before signing in. Built once per app: the endpoint table does not change at run time.
  let document: OpenApiDocument | undefined;
  route(app, API.openapi, async () => {
    document ??= openApiDocument({ demoMode: app.config.demoMode });
    return document;
  });
}
