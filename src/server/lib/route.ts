import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { envelope } from '../../shared/api/common';
import type { Access, BodyOut, Endpoint, ParamsOut, QueryOut, ResponseIn } from '../../shared/api/endpoint';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route (from its endpoint entry). Absent means "a signed-in user": every
     * /api route is authenticated unless it says `public` (plugins/app/auth.ts).
     */
    access?: Access;
    /** The 403 text for a role outside `access`. */
    denied?: string;
  }
}

export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: ParamsOut<E>;
  Querystring: QueryOut<E>;
  Body: BodyOut<E>;
}>;

/** What a handler answers: the envelope with the response schema's data (or the whole body). */
export type EndpointResult<E extends Endpoint> = E['envelope'] extends false
  ? ResponseIn<E>
  : { success: true; data: ResponseIn<E> };

export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointResult<E> | FastifyReply>;

/** A missing or non-object body is "no fields" (→ the schema's own "required" messages). */
const objectOrEmpty = (value: unknown) =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {};

/**
 * Registers the route of an endpoint entry (src/shared/api/endpoints.ts): method and path, the
 * params/query/body schemas that validate the request, the response schema for every success
 * status (checked against the contract in tests), and the access rule the auth hook enforces.
 * `extra` adds server-only options (a route's rate limit).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  entry: E,
  handler: EndpointHandler<E>,
  extra: { config?: Partial<RouteOptions['config']> & Record<string, unknown> } = {},
): void {
  const response = entry.envelope === false ? entry.response : envelope(entry.response);
  const body = entry.body && entry.emptyBodyAsObject ? z.preprocess(objectOrEmpty, entry.body) : entry.body;
  app.route({
    method: entry.method,
    url: entry.path,
    schema: {
      ...(entry.params ? { params: entry.params } : {}),
      ...(entry.query ? { querystring: entry.query } : {}),
      ...(body ? { body } : {}),
      response: Object.fromEntries((entry.statuses ?? [200]).map((status) => [status, response])),
    },
    config: {
      ...extra.config,
      access: entry.access,
      ...(entry.denied ? { denied: entry.denied } : {}),
      ...(entry.tenant === false ? { tenant: false } : {}),
    },
    handler: handler as unknown as RouteOptions['handler'],
  });
}
