import { createHmac, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { bearerToken, signToken, verifyToken } from '../../src/server/auth/tokens';
import type { TokenClaims } from '../../src/shared/api/auth';

/**
 * The HS256 tokens of src/server/auth/tokens.ts (node:crypto HMAC). Forged tokens are built here
 * by hand with node:crypto, independently of the implementation; jose (a standard JOSE library)
 * checks that the format is plain RFC 7519 both ways.
 */
const secret = new TextEncoder().encode('test-secret-test-secret-test-secret-42');
const claims: TokenClaims = { sub: randomUUID(), tid: 'demo', role: 'manager', jti: randomUUID() };
const inAnHour = () => new Date(Date.now() + 3600_000);
const nowSeconds = () => Math.floor(Date.now() / 1000);

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A compact JWS signed with HMAC-`hash` over the given header and payload. */
function forge(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  options: { hash?: string; key?: Uint8Array } = {},
): string {
  const input = `${b64(header)}.${b64(payload)}`;
  const sig = createHmac(options.hash ?? 'sha256', options.key ?? secret)
    .update(input)
    .digest('base64url');
  return `${input}.${sig}`;
}

const payload = (extra: Record<string, unknown> = {}) => ({
  ...claims,
  iat: nowSeconds(),
  exp: nowSeconds() + 3600,
  ...extra,
});

describe('signToken / verifyToken (HS256 with node:crypto)', () => {
  it('round-trips the claims', () => {
    const token = signToken(secret, claims, inAnHour());
    expect(token.split('.')).toHaveLength(3);
    expect(verifyToken(secret, token)).toEqual(claims);
  });

  it('keeps the format: header { alg: HS256, typ: JWT }, claims tid, role, sub, jti, iat, exp', () => {
    const expiresAt = inAnHour();
    const [header, body] = signToken(secret, claims, expiresAt).split('.');
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    });
    const decoded = JSON.parse(Buffer.from(body ?? '', 'base64url').toString());
    expect(Object.keys(decoded)).toEqual(['tid', 'role', 'sub', 'jti', 'iat', 'exp']);
    expect(decoded.exp).toBe(Math.floor(expiresAt.getTime() / 1000));
  });

  it('interoperates with a standard JOSE implementation both ways', async () => {
    const ours = signToken(secret, claims, inAnHour());
    const { payload: verified, protectedHeader } = await jwtVerify(ours, secret, { algorithms: ['HS256'] });
    expect(protectedHeader).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(verified).toMatchObject(claims);
    const theirs = await new SignJWT({ tid: claims.tid, role: claims.role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setJti(claims.jti)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(secret);
    expect(verifyToken(secret, theirs)).toEqual(claims);
  });

  it('refuses a signature made with another key', () => {
    const other = new TextEncoder().encode('another-secret-another-secret-another');
    expect(verifyToken(secret, signToken(other, claims, inAnHour()))).toBeUndefined();
  });

  it('refuses a tampered signature or payload', () => {
    const token = signToken(secret, claims, inAnHour());
    const [h, p, s] = token.split('.') as [string, string, string];
    const flipped = `${s.slice(0, -2)}${s.at(-2) === 'A' ? 'B' : 'A'}${s.at(-1)}`;
    expect(verifyToken(secret, `${h}.${p}.${flipped}`)).toBeUndefined();
    expect(verifyToken(secret, `${h}.${b64({ ...payload(), role: 'admin' })}.${s}`)).toBeUndefined();
    expect(verifyToken(secret, `${h}.${p}.`)).toBeUndefined();
    expect(verifyToken(secret, `${h}.${p}.${s}=`)).toBeUndefined();
    expect(verifyToken(secret, `${h}.${p}.${s.slice(0, -1)}`)).toBeUndefined();
  });

  it('refuses a non-canonical spelling of the right signature', () => {
    const token = signToken(secret, claims, inAnHour());
    const [h, p, s] = token.split('.') as [string, string, string];
    // 32 bytes = 43 base64url characters; the last one carries 2 unused bits. Changing them
    // decodes to the same bytes: a lenient decoder would accept it.
    const last = s.at(-1) as string;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = alphabet[alphabet.indexOf(last) ^ 1] as string;
    const respelled = `${s.slice(0, -1)}${sibling}`;
    expect(Buffer.from(respelled, 'base64url')).toEqual(Buffer.from(s, 'base64url'));
    expect(verifyToken(secret, `${h}.${p}.${respelled}`)).toBeUndefined();
  });

  it('refuses alg none, HS512, RS256 and a missing alg, even when otherwise valid', () => {
    expect(verifyToken(secret, `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload())}.`)).toBeUndefined();
    expect(verifyToken(secret, `${b64({ alg: 'none' })}.${b64(payload())}.x`)).toBeUndefined();
    expect(
      verifyToken(secret, forge({ alg: 'HS512', typ: 'JWT' }, payload(), { hash: 'sha512' })),
    ).toBeUndefined();
    // HS512 header but an HS256 signature: the header may not choose the algorithm either way.
    expect(verifyToken(secret, forge({ alg: 'HS512', typ: 'JWT' }, payload()))).toBeUndefined();
    expect(verifyToken(secret, forge({ alg: 'RS256', typ: 'JWT' }, payload()))).toBeUndefined();
    expect(verifyToken(secret, forge({ alg: 'hs256', typ: 'JWT' }, payload()))).toBeUndefined();
    expect(verifyToken(secret, forge({ typ: 'JWT' }, payload()))).toBeUndefined();
    // The same forgery with alg HS256 is accepted: what was refused above was the algorithm.
    expect(verifyToken(secret, forge({ alg: 'HS256', typ: 'JWT' }, payload()))).toEqual(claims);
    expect(verifyToken(secret, forge({ alg: 'HS256' }, payload()))).toEqual(claims);
  });

  it('refuses a typ other than JWT and critical header extensions', () => {
    expect(verifyToken(secret, forge({ alg: 'HS256', typ: 'at+jwt' }, payload()))).toBeUndefined();
    expect(
      verifyToken(secret, forge({ alg: 'HS256', crit: ['b64'], b64: false }, payload())),
    ).toBeUndefined();
  });

  it('enforces exp (and nbf when present)', () => {
    expect(verifyToken(secret, signToken(secret, claims, new Date(Date.now() - 1000)))).toBeUndefined();
    expect(verifyToken(secret, forge({ alg: 'HS256' }, payload({ exp: nowSeconds() - 60 })))).toBeUndefined();
    expect(verifyToken(secret, forge({ alg: 'HS256' }, payload({ exp: nowSeconds() })))).toBeUndefined();
    expect(
      verifyToken(secret, forge({ alg: 'HS256' }, payload({ nbf: nowSeconds() + 600 }))),
    ).toBeUndefined();
    expect(verifyToken(secret, forge({ alg: 'HS256' }, payload({ nbf: nowSeconds() - 600 })))).toEqual(
      claims,
    );
    // A token that is valid now is refused at a later "now".
    const token = signToken(secret, claims, inAnHour());
    expect(verifyToken(secret, token, Date.now() + 2 * 3600_000)).toBeUndefined();
  });

  it.each([
    ['exp', { exp: undefined }],
    ['exp as text', { exp: String(nowSeconds() + 3600) }],
    ['sub', { sub: undefined }],
    ['sub not a uuid', { sub: 'admin' }],
    ['tid', { tid: undefined }],
    ['empty tid', { tid: '' }],
    ['overlong tid', { tid: 'x'.repeat(64) }],
    ['role', { role: undefined }],
    ['unknown role', { role: 'root' }],
    ['jti', { jti: undefined }],
    ['jti not a uuid', { jti: 'abc' }],
    ['iat as text', { iat: 'yesterday' }],
  ])('refuses a correctly signed token with a missing or bad claim (%s)', (_label, change) => {
    // JSON leaves out the undefined ones: those claims are missing.
    expect(verifyToken(secret, forge({ alg: 'HS256', typ: 'JWT' }, payload(change)))).toBeUndefined();
  });

  it('answers junk with undefined, never a throw', () => {
    const signedJunk = (headerPart: string, payloadPart: string) => {
      const input = `${headerPart}.${payloadPart}`;
      return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
    };
    const junk = [
      '',
      '.',
      '..',
      'a.b.c',
      'a.b.c.d',
      'Bearer x',
      'ä.ö.ü',
      'x'.repeat(100_000),
      `${b64({ alg: 'HS256' })}.${b64(payload())}`,
      signedJunk(b64({ alg: 'HS256' }), Buffer.from('not json').toString('base64url')),
      signedJunk(Buffer.from('{"alg":').toString('base64url'), b64(payload())),
      signedJunk(b64({ alg: 'HS256' }), b64([1, 2, 3])),
      signedJunk(b64({ alg: 'HS256' }), b64(null)),
      signedJunk(b64({ alg: 'HS256' }), b64('a string')),
      signedJunk(b64(['HS256']), b64(payload())),
    ];
    for (const token of junk) expect(verifyToken(secret, token)).toBeUndefined();
    expect(verifyToken(secret, 42 as unknown as string)).toBeUndefined();
  });
});

describe('bearerToken', () => {
  it('takes the token of a Bearer header only', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer  abc ')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('Bearer')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
