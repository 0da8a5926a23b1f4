import type { FastifyInstance } from 'fastify';
import { envelope } from '../../shared/api/common';
import { DEVICE_REPORT_HEADER, DEVICE_REPORT_RESULT_HEADER } from '../../shared/api/devices';
import { API } from '../../shared/api/endpoints';
import { SYNC_HAS_MORE_HEADER, SYNC_NEXT_CURSOR_HEADER } from '../../shared/api/sync';
import { sendBody } from '../lib/json-text';
import { route } from '../lib/route';
import * as service from './sync.service';

const pullContract = envelope(API.syncPull.response);

export default async function syncRoutes(app: FastifyInstance) {
  const reportHeader = DEVICE_REPORT_HEADER.toLowerCase();
  // The answer is assembled as UTF-8 JSON (sync.service.ts): sent as it is, checked in tests.
  route(app, API.syncPull, async (request, reply) => {
    // A device's health report rides on its pull (shared/api/devices.ts). Whatever becomes of it
    // (invalid, or the write failed) the pull is answered as usual; the result header says which.
    const report = request.headers[reportHeader];
    if (report !== undefined) {
      const result = await app.deviceReports.report(
        app.db,
        request.tenant.id,
        request.user.id,
        report,
        request.headers['user-agent'],
        (error) => request.log.warn({ err: error }, 'device report not stored'),
      );
      reply.header(DEVICE_REPORT_RESULT_HEADER, result);
    }
    const page = await service.servePull(
      app.db,
      {
        tenantId: request.tenant.id,
        epoch: request.tenant.sync_epoch,
        user: request.user,
        cursor: request.query.cursor,
        limit: request.query.limit,
        collections: request.query.collections,
      },
      app.wireCache,
      app.pullAhead,
    );
    // The body's cursor and has_more again, readable before the body (shared/api/sync.ts).
    reply.header(SYNC_NEXT_CURSOR_HEADER, page.cursor);
    reply.header(SYNC_HAS_MORE_HEADER, page.hasMore ? '1' : '0');
    return sendBody(app, reply, pullContract, page.body);
  });
}
