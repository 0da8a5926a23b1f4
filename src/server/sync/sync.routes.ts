import type { FastifyInstance } from 'fastify';
import { envelope } from '../../shared/api/common';
import { API } from '../../shared/api/endpoints';
import { sendBody } from '../lib/json-text';
import { route } from '../lib/route';
import * as service from './sync.service';

const pullContract = envelope(API.syncPull.response);

export default async function syncRoutes(app: FastifyInstance) {
  // The answer is assembled as UTF-8 JSON (sync.service.ts): sent as it is, checked in tests.
  route(app, API.syncPull, async (request, reply) =>
    sendBody(
      app,
      reply,
      pullContract,
      await service.pull(
        app.db,
        request.tenant.id,
        request.tenant.sync_epoch,
        request.user,
        request.query.cursor,
        request.query.limit,
        app.wireCache,
        request.query.collections,
      ),
    ),
  );
}
