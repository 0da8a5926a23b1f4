import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { TokenClaims } from '../../shared/api/auth';
import { ROLES } from '../../shared/domain/roles';

/**
 * JWTs (RFC 7519, JWS compact form), HS256 only, with node:crypto's HMAC.
 *
 * Why not a JOSE library: its verification goes through WebCrypto, which runs on libuv's thread
 * pool (4 threads) — the same pool scrypt uses. During a burst of sign-ins every token check of
 * every signed-in request queued behind the password hashes (measured: 5.1 s instead of 1 ms).
 * createHmac is synchronous and takes microseconds, so signing and verifying never wait for the
 * pool.
 *
 * Verification keeps every property the JOSE version had:
 * - the header's `alg` must be exactly HS256 (so `alg: none`, HS512 or an RS/HS confusion is
 *   refused); `typ`, when present, must be JWT; a `crit` header (extensions we do not implement)
 *   is refused;
 * - the signature is compared in constant time (timingSafeEqual) BEFORE the payload is read;
 * - `exp` is required and enforced (as are `nbf` and the type of `iat` when present);
 * - every claim of TokenClaims is required and checked with the zod schema;
 * - anything malformed answers undefined, never a throw.
 * A valid token is not enough on its own: the auth plugin also loads its session (jti) and user.
 */
const ALGORITHM = 'HS256';
/** Far above a real token (~300 characters): a bound on what we parse. */
const MAX_TOKEN_LENGTH = 4096;
const SEGMENT = /^[A-Za-z0-9_-]+$/;

const headerSchema = z.object({
  alg: z.literal(ALGORITHM),
  typ: z
    .string()
    .refine((typ) => typ.toUpperCase() === 'JWT')
    .optional(),
  crit: z.never().optional(),
});

const claimsSchema = z.object({
  sub: z.uuid(),
  tid: z.string().min(1).max(63),
  role: z.enum(ROLES),
  jti: z.uuid(),
  exp: z.number().finite(),
  iat: z.number().finite().optional(),
  nbf: z.number().finite().optional(),
});

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function signature(secret: Uint8Array, signingInput: string): string {
  return createHmac('sha256', secret).update(signingInput).digest('base64url');
}

/** Same claims and header as before (jose's SignJWT): { alg, typ } and tid, role, sub, jti, iat, exp. */
export function signToken(secret: Uint8Array, claims: TokenClaims, expiresAt: Date): string {
  const header = encode({ alg: ALGORITHM, typ: 'JWT' });
  const payload = encode({
    tid: claims.tid,
    role: claims.role,
    sub: claims.sub,
    jti: claims.jti,
    iat: Math.floor(Date.now() / 1000),
    exp: Math.floor(expiresAt.getTime() / 1000),
  });
  const input = `${header}.${payload}`;
  return `${input}.${signature(secret, input)}`;
}

function parseSegment(segment: string): unknown {
  return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
}

/** The claims of a valid token, or undefined (bad signature, expired, wrong algorithm, junk). */
export function verifyToken(
  secret: Uint8Array,
  token: string,
  now: number = Date.now(),
): TokenClaims | undefined {
  try {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return undefined;
    const parts = token.split('.');
    if (parts.length !== 3) return undefined;
    const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
    if (!SEGMENT.test(headerPart) || !SEGMENT.test(payloadPart) || !SEGMENT.test(signaturePart))
      return undefined;

    // The algorithm is pinned: the header may only confirm HS256, never choose.
    if (!headerSchema.safeParse(parseSegment(headerPart)).success) return undefined;

    // Constant time, and on the canonical base64url text: a signature that decodes to the same
    // bytes but is spelled differently is refused too.
    const expected = Buffer.from(signature(secret, `${headerPart}.${payloadPart}`));
    const given = Buffer.from(signaturePart);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;

    const parsed = claimsSchema.safeParse(parseSegment(payloadPart));
    if (!parsed.success) return undefined;
    const { sub, tid, role, jti, exp, nbf } = parsed.data;
    const seconds = now / 1000;
    if (exp <= seconds) return undefined;
    if (nbf !== undefined && nbf > seconds) return undefined;
    return { sub, tid, role, jti };
  } catch {
    // JSON.parse of junk (SyntaxError) and anything else a crafted token could provoke.
    return undefined;
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
