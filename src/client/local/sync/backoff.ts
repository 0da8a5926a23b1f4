import { OUTBOX_BACKOFF_CAP_MS } from '../../../shared/domain/constants';
import { PASSWORD_CHANGE_REQUIRED } from '../../../shared/domain/one-time-password';
import type { ApiError } from '../../api/errors';

const BACKOFF_BASE_MS = 1_000;

/**
 * Capped exponential backoff with jitter: 1 s, 2 s, 4 s … capped at 30 s, each drawn in
 * [d/2, d]. The jitter keeps a fleet of handhelds that lost the same Wi-Fi from retrying in step.
 */
export function backoffDelay(
  attempts: number,
  random: () => number = Math.random,
  baseMs = BACKOFF_BASE_MS,
): number {
  const d = Math.min(OUTBOX_BACKOFF_CAP_MS, baseMs * 2 ** Math.max(0, attempts));
  return Math.round(d / 2 + (random() * d) / 2);
}

/**
 * Transient answers are retried with backoff; every other 4xx is a decision of the server about
 * this entry and is final until the user retries it. PASSWORD_CHANGE_REQUIRED is about the
 * session, not the entry (its user must first replace a one-time password): the entry waits.
 */
export function isTransient(error: Pick<ApiError, 'status' | 'code'>): boolean {
  if (error.status >= 500 || error.status === 408 || error.status === 429) return true;
  if (error.status === 403 && error.code === PASSWORD_CHANGE_REQUIRED) return true;
  return error.status === 409 && error.code === 'IDEMPOTENCY_IN_FLIGHT';
}
