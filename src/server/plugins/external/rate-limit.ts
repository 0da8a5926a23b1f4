import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../../../shared/api/errors';
import { AppError } from '../../lib/errors';

/**
 * Rate limiting is opt-in per route (`config.rateLimit`); POST /auth/login uses it per IP. The
 * lockout per tenant + username (failed attempts, then 15 minutes locked) is separate and lives in
 * the database, so every process sees it.
 */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance) {
    await app.register(rateLimit, {
      global: false,
      // Thrown into the error envelope like any other AppError.
      errorResponseBuilder: (_request, context) =>
        new AppError(429, 'RATE_LIMITED', MESSAGES.rateLimited, {
          remainingTime: Math.max(0, Math.round(context.ttl)),
        }),
    });
  },
  { name: 'rate-limit' },
);
