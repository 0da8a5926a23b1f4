import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { API } from '../../shared/api/endpoints';
import { stillSignedIn } from '../auth/auth.plugin';
import { route } from '../lib/route';
import type { EventStream } from './events.service';

/** The sync cursor's bound (input rules): anything else in Last-Event-ID is read as "none". */
const MAX_CURSOR = 2 ** 53 - 1;

export function parseLastEventId(value: unknown): number {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string' || !/^\d{1,16}$/.test(text.trim())) return 0;
  const n = Number(text.trim());
  return Number.isSafeInteger(n) && n <= MAX_CURSOR ? n : 0;
}

/**
 * GET /api/events — server-sent events (text/event-stream) for the signed-in user of the tenant.
 * Authenticated like every route (bearer token, `?tenant=`): the browser reads it with fetch()
 * and an Authorization header, not EventSource (which cannot send one; a token in the URL would
 * land in logs). Frames: `id: N` / `event: change` / `data: {"cursor":"N"}` and a `: ping`
 * comment every heartbeat; `Last-Event-ID: N` on reconnect gets an immediate event if something
 * for this user changed after N (events.service.ts).
 *
 * The reply is hijacked, so Fastify's onSend hooks (Cache-Control: no-store) do not run: the
 * headers are written here, together with whatever the onRequest hooks set (helmet's security
 * headers are set on the raw response, and reply headers are merged in). Every `eventsRecheckMs`
 * the stream re-checks its session (auth/auth.plugin.ts stillSignedIn) and ends when it is gone.
 */
export default async function eventRoutes(app: FastifyInstance) {
  route(app, API.events, async (request, reply) => {
    const cursor = parseLastEventId(request.headers['last-event-id']);
    reply.hijack();
    const res = reply.raw;
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) headers[name] = value;
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx and similar proxies would otherwise buffer the stream
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    // The first bytes at once: the client knows the stream is open (and the headers are flushed).
    res.write(': open\n\n');
    let gone = false;
    let stream: EventStream | null = null;
    // The stream outlives its request's authentication: a logout elsewhere, an expired session,
    // a deactivation or a role change must end it (the client then reconnects, or stops, with
    // what its token now allows) instead of announcing changes to an identity that is gone.
    const recheck = setInterval(() => {
      void stillSignedIn(app, request).then((ok) => {
        if (ok || gone) return;
        clearInterval(recheck);
        stream?.close();
        res.end();
      });
    }, app.config.eventsRecheckMs ?? 30_000);
    res.on('close', () => {
      gone = true;
      clearInterval(recheck);
      stream?.close();
    });
    stream = await app.eventHub.open(
      request.tenant.id,
      { id: request.user.id, role: request.user.role },
      {
        write: (chunk) => res.write(chunk),
        onDrain: (fn) => res.on('drain', fn),
        end: () => res.end(),
      },
      cursor,
    );
    if (gone) stream.close();
    return reply;
  });
}
