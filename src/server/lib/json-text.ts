import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * Answers the server assembled itself as JSON (the sync feed and the order reads splice the
 * orders' JSON, made by the database, into their answers unparsed). Fastify sends a string or a
 * Buffer with a JSON content type as it is — past the route's serializer, and so past the
 * response contract check that plugins/external/zod.ts runs in tests. That check is made here
 * instead: in tests (nodeEnv `test`) the body is parsed and must satisfy the contract, so the SQL
 * that builds it can never drift from src/shared/api unnoticed.
 */
function send(
  app: FastifyInstance,
  reply: FastifyReply,
  contract: z.ZodType,
  body: string | Buffer,
): FastifyReply {
  if (app.config.nodeEnv === 'test') {
    const result = contract.safeParse(JSON.parse(typeof body === 'string' ? body : body.toString('utf8')));
    if (!result.success) {
      throw new Error(
        `Response of ${reply.request.method} ${reply.request.url} breaks its contract: ${JSON.stringify(result.error.issues.slice(0, 3))}`,
      );
    }
  }
  return reply.type('application/json; charset=utf-8').send(body);
}

/** Sends `{ success: true, data }` where `data` is JSON TEXT. */
export function sendDataText(
  app: FastifyInstance,
  reply: FastifyReply,
  contract: z.ZodType,
  dataText: string,
): FastifyReply {
  return send(app, reply, contract, `{"success":true,"data":${dataText}}`);
}

/**
 * Sends a whole `{ success: true, data }` answer assembled as UTF-8 bytes (the sync feed: ~1 MB of
 * orders' JSON kept encoded, wire-cache.ts).
 */
export function sendBody(
  app: FastifyInstance,
  reply: FastifyReply,
  contract: z.ZodType,
  body: Buffer,
): FastifyReply {
  return send(app, reply, contract, body);
}
