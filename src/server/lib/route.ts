import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../shared/api/common';
import {
  type Access,
  answeredStatuses,
  type BodyOut,
  type Endpoint,
  type ParamsOut,
  type QueryOut,
  type ResponseIn,
} from '../../shared/api/endpoint';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Test mode: each answer of a table route whose status its OpenAPI operation does not list
     * (`METHOD /api/path → status`), kept so the test harness fails the file that caused it.
     */
    contractBreaches: string[];
  }
  interface FastifyContextConfig {
    /**
     * Who may call the route (from its endpoint entry). Absent means "a signed-in user": every
     * /api route is authenticated unless it says `public` (auth/auth.plugin.ts).
     */
    access?: Access;
    /** The 403 text for a role outside `access`. */
    denied?: string;
    /** Open to a session that must still replace its one-time password (auth/auth.plugin.ts). */
    beforePasswordChange?: boolean;
  }
}

export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: ParamsOut<E>;
  Querystring: QueryOut<E>;
  Body: BodyOut<E>;
}>;

/** What the handler of a `produces` entry answers: the file's bytes and its download name. */
export interface FileResult {
  /** The bytes, or a stream of them (a large export, sent as it is produced). */
  body: Buffer | Uint8Array | Readable;
  /**
   * Download name (Content-Disposition: attachment); ASCII is kept as is, anything else goes in
   * `filename*`. Absent: shown inline (an image).
   */
  filename?: string;
  /** The exact type, for an entry that produces a family ('image/*'). */
  contentType?: string;
  /** Cache-Control of the answer (an image named by its content hash never changes). */
  cacheControl?: string;
}

/**
 * What a handler answers: the envelope with the response schema's data (or the whole body); a
 * `produces` entry (a PDF) answers a FileResult.
 */
export type EndpointResult<E extends Endpoint> = E extends { produces: string }
  ? FileResult
  : E extends { stream: string }
    ? FastifyReply
    : E['envelope'] extends false
      ? ResponseIn<E>
      : { success: true; data: ResponseIn<E> };

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointResult<E> | FastifyReply>;

/** `attachment; filename="…"` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return ascii === filename
    ? `attachment; filename="${ascii}"`
    : `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Test mode (NODE_ENV=test): an answer whose status the entry's OpenAPI operation does not list
 * (`answeredStatuses`, the same list the document is generated from) is not sent as it is: it
 * becomes a 500 naming the operation and the status, and is recorded in `app.contractBreaches` —
 * so a test that meets an undocumented status fails at that request, and the harness fails the
 * file even when the test did not look at the status. The document then lists every status the
 * API's tests see. (In production the answer is sent as it is.)
 */
function undeclaredStatusGuard(app: FastifyInstance, entry: Endpoint) {
  const declared = new Set(answeredStatuses(entry));
  return async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const status = reply.statusCode;
    if (declared.has(status)) return payload;
    const breach = `${entry.method} /api${entry.path} → ${status}`;
    app.contractBreaches.push(breach);
    reply.code(500);
    for (const header of ['content-encoding', 'content-disposition', 'content-length'])
      reply.removeHeader(header);
    reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store');
    return JSON.stringify({
      success: false,
      error: `Yanıt durumu API belgesinde yok: ${breach}`,
      code: 'INTERNAL_ERROR',
    });
  };
}

/** A missing or non-object body is "no fields" (→ the schema's own "required" messages). */
const objectOrEmpty = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};

/**
 * Registers the route of an endpoint entry (src/shared/api/endpoints/): method and path, the
 * params/query/body schemas that validate the request, the response schema for every success
 * status (checked against the contract in tests), and the access rule the auth hook enforces.
 * `extra` adds server-only options (a route's rate limit, its own body size bound).
 *
 * An entry with `produces` (the delivery note's PDF) has no response schema and no envelope: its
 * handler answers a FileResult, sent as raw bytes with that Content-Type and
 * `Content-Disposition: attachment`. Its errors stay the JSON error envelope (they are thrown).
 * An entry with `stream` (GET /events) has no response schema either: its handler hijacks the
 * reply and writes the stream; what it throws BEFORE hijacking is still the JSON error envelope.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  entry: E,
  handler: EndpointHandler<E>,
  extra: { config?: Partial<RouteOptions['config']> & Record<string, unknown>; bodyLimit?: number } = {},
): void {
  const response = entry.envelope === false ? entry.response : envelope(entry.response);
  const produces = entry.produces;
  const run = produces
    ? async (request: FastifyRequest, reply: FastifyReply) => {
        const file = (await (handler as unknown as EndpointHandler<Endpoint & { produces: string }>)(
          request as EndpointRequest<Endpoint & { produces: string }>,
          reply,
        )) as FileResult;
        reply.code(200).header('Content-Type', file.contentType ?? produces);
        if (file.filename !== undefined)
          reply.header('Content-Disposition', contentDisposition(file.filename));
        if (file.cacheControl !== undefined) reply.header('Cache-Control', file.cacheControl);
        if (file.body instanceof Uint8Array)
          return reply.send(Buffer.isBuffer(file.body) ? file.body : Buffer.from(file.body));
        return reply.send(file.body);
      }
    : handler;
  const body = entry.body && entry.emptyBodyAsObject ? z.preprocess(objectOrEmpty, entry.body) : entry.body;
  app.route({
    method: entry.method,
    url: entry.path,
    ...(extra.bodyLimit ? { bodyLimit: extra.bodyLimit } : {}),
    schema: {
      ...(entry.params ? { params: entry.params } : {}),
      ...(entry.query ? { querystring: entry.query } : {}),
      ...(body ? { body } : {}),
      ...(produces || entry.stream
        ? {}
        : { response: Object.fromEntries((entry.statuses ?? [200]).map((status) => [status, response])) }),
    },
    ...(app.config.nodeEnv === 'test' ? { onSend: undeclaredStatusGuard(app, entry) } : {}),
    config: {
      ...extra.config,
      access: entry.access,
      ...(entry.denied ? { denied: entry.denied } : {}),
      ...(entry.beforePasswordChange ? { beforePasswordChange: true } : {}),
      ...(entry.tenant === false ? { tenant: false } : {}),
    },
    handler: run as unknown as RouteOptions['handler'],
  });
}
