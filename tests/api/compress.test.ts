import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip, COMPRESS_MIN_BYTES } from '../../src/server/plugins/app/compress';
import { type Api, type Session, startApi } from './support/harness';

/**
 * Large API answers (the sync feed's pages) are gzipped for clients that accept it — a first sync
 * on a phone with patchy signal downloads several times less — and only for them; small answers
 * and clients without gzip get the JSON as it is (src/server/plugins/app/compress.ts).
 */
let api: Api;
let admin: Session;

beforeAll(async () => {
  api = await startApi();
  admin = await api.login('demo', 'admin');
});
afterAll(async () => {
  await api?.close();
});

const pullUrl = '/api/sync/pull?cursor=0&limit=500&tenant=demo';

describe('gzip of large API answers', () => {
  it('reads Accept-Encoding as the standard says (q=0 refuses)', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('deflate, gzip;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('gzip;q=0.0, *')).toBe(false);
    expect(acceptsGzip('*;q=0')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  it('gzips a first sync page for a client that accepts it: the same JSON, several times fewer bytes', async () => {
    const headers = { authorization: `Bearer ${admin.token}` };
    const plain = await api.app.inject({ method: 'GET', url: pullUrl, headers });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);

    const zipped = await api.app.inject({
      method: 'GET',
      url: pullUrl,
      headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    expect(zipped.headers['cache-control']).toBe('no-store');
    expect(zipped.headers['content-type']).toContain('application/json');
    const unzipped = gunzipSync(zipped.rawPayload);
    expect(JSON.parse(unzipped.toString('utf8'))).toEqual(JSON.parse(plain.body));
    expect(zipped.rawPayload.length * 3).toBeLessThan(plain.rawPayload.length);
    if (zipped.headers['content-length'] !== undefined)
      expect(Number(zipped.headers['content-length'])).toBe(zipped.rawPayload.length);

    // A client that refuses gzip gets the JSON as it is.
    const refused = await api.app.inject({
      method: 'GET',
      url: pullUrl,
      headers: { ...headers, 'accept-encoding': 'gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('leaves small answers and errors as they are', async () => {
    const health = await api.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body).success).toBe(true);

    const unauthorized = await api.app.inject({
      method: 'GET',
      url: pullUrl,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(unauthorized.body).code).toBeTruthy();
  });
});
