import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../../../shared/api/errors';
import { isDatabaseUnavailable } from '../../db/database';
import { AppError } from '../../lib/errors';
import { RequestValidationError } from '../external/zod';

/**
 * The one error handler, so that a client reads every failure the same way: every failure leaves as
 * `{ success: false, error: "<Turkish message>", code: "<CODE>", ...extra }`.
 * - AppError (thrown by services and plugins): its status, message, code and extras;
 * - validation (zod): 400 VALIDATION_ERROR, the message names the field, `field` too;
 * - body problems: invalid JSON 400, too large 413, wrong media type 415;
 * - the database unreachable (connection lost or refused, server restarting, connect timeout):
 *   503 DATABASE_UNAVAILABLE — the request may succeed later (the outbox retries 5xx), and the
 *   process itself stays up (database.ts);
 * - anything else: 500 INTERNAL_ERROR with the generic text — the details only go to the log.
 * Unknown /api routes are a JSON 404 (the SPA fallback is in static.ts).
 */
function errorBody(error: unknown): { status: number; body: Record<string, unknown> } {
  if (error instanceof AppError) return { status: error.statusCode, body: error.toBody() };
  if (error instanceof RequestValidationError) {
    return {
      status: 400,
      body: {
        success: false,
        error: error.message,
        code: 'VALIDATION_ERROR',
        ...(error.field ? { field: error.field } : {}),
      },
    };
  }
  const fe = error as Partial<FastifyError> & { status?: number };
  const status = typeof fe?.statusCode === 'number' ? fe.statusCode : 500;
  switch (fe?.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { success: false, error: MESSAGES.invalidJson, code: 'VALIDATION_ERROR' } };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 413,
        body: { success: false, error: MESSAGES.payloadTooLarge, code: 'PAYLOAD_TOO_LARGE' },
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return {
        status: 415,
        body: { success: false, error: MESSAGES.unsupportedMediaType, code: 'UNSUPPORTED_MEDIA_TYPE' },
      };
    default:
      break;
  }
  if (error instanceof SyntaxError && status === 400) {
    return { status: 400, body: { success: false, error: MESSAGES.invalidJson, code: 'VALIDATION_ERROR' } };
  }
  if (status >= 400 && status < 500) {
    // Some other client error raised by Fastify itself (bad content length, bad URL…): keep the
    // status, give the generic Turkish text, never the internals.
    if (status === 413)
      return { status, body: { success: false, error: MESSAGES.payloadTooLarge, code: 'PAYLOAD_TOO_LARGE' } };
    if (status === 415)
      return {
        status,
        body: { success: false, error: MESSAGES.unsupportedMediaType, code: 'UNSUPPORTED_MEDIA_TYPE' },
      };
    if (status === 404)
      return { status, body: { success: false, error: MESSAGES.routeNotFound, code: 'NOT_FOUND' } };
    return { status: 400, body: { success: false, error: MESSAGES.badRequest, code: 'VALIDATION_ERROR' } };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      body: { success: false, error: MESSAGES.databaseUnavailable, code: 'DATABASE_UNAVAILABLE' },
    };
  }
  return { status: 500, body: { success: false, error: MESSAGES.internal, code: 'INTERNAL_ERROR' } };
}

/** Seconds a client is asked to wait before retrying a 503 (Retry-After). */
const RETRY_AFTER_SECONDS = 5;

export default fp(
  async function errorEnvelope(app: FastifyInstance) {
    app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
      const { status, body } = errorBody(error);
      // 5xx details (SQL, stack, connection strings) only go to the log, never to the client.
      if (body.code === 'DATABASE_UNAVAILABLE') {
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      } else if (body.code === 'SERVER_BUSY') {
        // A flood of sign-ins (the password-hash queue is full) is load, not a fault.
        request.log.warn({ code: body.code }, 'server busy');
        reply.header('Retry-After', '2');
      } else if (status >= 500) request.log.error({ err: error }, 'unhandled error');
      else request.log.info({ code: body.code, status }, 'request refused');
      return reply.code(status).type('application/json; charset=utf-8').send(body);
    });
  },
  { name: 'error-envelope' },
);
