import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { TokenClaims } from '../../shared/api/auth';
import { ROLES } from '../../shared/domain/roles';

/**
 * JWTs: HS256 only. Verification pins the algorithm list (so `alg: none` or an RS/HS confusion is
 * refused), checks the signature and `exp`, and requires every claim of TokenClaims. A valid
 * token is not enough on its own: the auth plugin also loads its session (jti) and user.
 */
const ALGORITHMS = ['HS256'];

const claimsSchema = z.object({
  sub: z.uuid(),
  tid: z.string().min(1).max(63),
  role: z.enum(ROLES),
  jti: z.uuid(),
  exp: z.number(),
});

export async function signToken(secret: Uint8Array, claims: TokenClaims, expiresAt: Date): Promise<string> {
  return new SignJWT({ tid: claims.tid, role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setJti(claims.jti)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);
}

/** The claims of a valid token, or undefined (bad signature, expired, wrong algorithm, junk). */
export async function verifyToken(secret: Uint8Array, token: string): Promise<TokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ALGORITHMS,
      requiredClaims: ['sub', 'jti', 'exp'],
    });
    const parsed = claimsSchema.safeParse(payload);
    if (!parsed.success) return undefined;
    const { sub, tid, role, jti } = parsed.data;
    return { sub, tid, role, jti };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return undefined;
    throw error;
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
