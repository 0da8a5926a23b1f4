import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';

/**
 * Sends `{ success: true, data }` where `data` is JSON TEXT the server assembled itself (the sync
 * feed splices the orders' JSON, made by the database, into its answer unparsed). Fastify sends a
 * string with a JSON content type as it is — past the route's serializer, and so past the
 * response contract check that plugins/external/zod.ts runs in tests. That check is made here
 * instead: in tests (nodeEnv `test`) the text is parsed and must satisfy the contract, so the SQL
 * that builds it can never drift from src/shared/api unnoticed.
 */
export function sendDataText(
  app: FastifyInstance,
  reply: FastifyReply,
  contract: z.ZodType,
  dataText: string,
): FastifyReply {
  const body = `{"success":true,"data":${dataText}}`;
  if (app.config.nodeEnv === 'test') {
    const result = contract.safeParse(JSON.parse(body));
    if (!result.success) {
      throw new Error(
        `Response of ${reply.request.method} ${reply.request.url} breaks its contract: ${JSON.stringify(result.error.issues.slice(0, 3))}`,
      );
    }
  }
  return reply.type('application/json; charset=utf-8').send(body);
}
