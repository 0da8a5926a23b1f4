import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The sign-up form's time trap. Serving the form hands out a token: the time it was served and a
 * random nonce, signed (HMAC-SHA256 with a key derived from the server's secret, so it cannot be
 * forged or re-dated). A sign-up must bring a token that is genuine, at least MIN_FORM_SECONDS old
 * (a person reads and types for longer than that; a script posting at once does not wait) and at
 * most MAX_FORM_AGE_MS old (a token is not a permanent pass).
 */
export const MIN_FORM_SECONDS = 3;
export const MAX_FORM_AGE_MS = 24 * 3600_000;

function keyOf(secret: Uint8Array): Buffer {
  return createHmac('sha256', Buffer.from(secret)).update('company-registration-form').digest();
}

function sign(secret: Uint8Array, payload: string): string {
  return createHmac('sha256', keyOf(secret)).update(payload).digest('base64url');
}

/** A token for a form served at `now`. */
export function issueFormToken(secret: Uint8Array, now: Date = new Date()): string {
  const payload = `${now.getTime().toString(36)}.${randomBytes(9).toString('base64url')}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** 'ok', or why the token is refused. */
export function checkFormToken(
  secret: Uint8Array,
  token: string,
  now: Date = new Date(),
): 'ok' | 'invalid' | 'too_fast' | 'expired' {
  const parts = token.split('.');
  if (parts.length !== 3) return 'invalid';
  const [time, nonce, mac] = parts as [string, string, string];
  const expected = Buffer.from(sign(secret, `${time}.${nonce}`));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  const served = Number.parseInt(time, 36);
  if (!Number.isFinite(served)) return 'invalid';
  const age = now.getTime() - served;
  if (age < MIN_FORM_SECONDS * 1000) return 'too_fast';
  if (age > MAX_FORM_AGE_MS) return 'expired';
  return 'ok';
}
