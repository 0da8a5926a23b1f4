import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/shared/api/errors';
import { type Api, type Session, startApi } from './support/harness';

/**
 * API answers carry per-user data (orders, prices, tokens) and change with every write: no
 * browser, proxy or service-worker HTTP cache may keep one (`Cache-Control: no-store`), whatever the
 * outcome. The PWA's own files keep their caching (static.test.ts checks the values).
 */
let api: Api;
let admin: Session;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'siparis-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-4f2a9c1b.js'), 'console.log(1)');
  api = await startApi({ config: { distDir: dist } });
  admin = await api.login('demo', 'admin');
});
afterAll(async () => {
  await api?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('Cache-Control: no-store on every /api answer', () => {
  it('on successes: health, sign-in, lists, a mutation and its replay', async () => {
    const health = await api.call('GET', '/health', { tenant: null });
    expect(health.status).toBe(200);
    expect(health.headers['cache-control']).toBe('no-store');

    const login = await api.call('POST', '/auth/login', {
      body: { username: 'sales', password: 'demo1234' },
    });
    expect(login.status).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');

    const orders = await api.call('GET', '/orders', { token: admin.token });
    expect(orders.status).toBe(200);
    expect(orders.headers['cache-control']).toBe('no-store');

    const first = await api.call('PATCH', '/notifications/mark-all-read', {
      token: admin.token,
      idempotencyKey: 'headers-replay-1',
    });
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const replay = await api.call('PATCH', '/notifications/mark-all-read', {
      token: admin.token,
      idempotencyKey: 'headers-replay-1',
    });
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.headers['cache-control']).toBe('no-store');
  });

  it('on errors: 401, 400, 404 of an unknown /api path, a malformed URL', async () => {
    const cases = [
      await api.call('GET', '/orders', {}), // no token → 401
      await api.call('POST', '/auth/login', { body: { username: '' } }), // → 400
      await api.call('GET', '/no-such-route', {}), // → 404 (not-found handler, outside the /api scope)
      await api.call('GET', '/orders/%zz', { token: admin.token }), // → 400 (framework error)
    ];
    expect(cases.map((c) => c.status)).toEqual([401, 400, 404, 400]);
    for (const c of cases) {
      expect(c.body).toMatchObject({ success: false });
      expect(c.headers['cache-control']).toBe('no-store');
    }
  });

  it('leaves the PWA files their own caching', async () => {
    const index = await api.app.inject({ method: 'GET', url: '/orders', headers: { accept: 'text/html' } });
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = await api.app.inject({ method: 'GET', url: '/assets/index-4f2a9c1b.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('answers made before routing still carry the JSON error envelope', () => {
  /** Sends raw bytes over a socket and reads the whole answer (the server closes the connection). */
  async function raw(bytes: string): Promise<{ status: number; headers: string; body: string }> {
    await api.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const address = api.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.end(bytes);
    });
    const [head = '', body = ''] = text.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body };
  }

  it('an over-long URL (431), over-long headers (431) and a malformed request line (400)', async () => {
    const longUrl = await raw(`GET /api/health?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(longUrl.status).toBe(431);
    expect(longUrl.headers).toContain('content-type: application/json');
    expect(JSON.parse(longUrl.body)).toEqual({
      success: false,
      error: MESSAGES.headersTooLarge,
      code: 'HEADERS_TOO_LARGE',
    });
    const longHeader = await raw(
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    );
    expect(longHeader.status).toBe(431);
    expect(JSON.parse(longHeader.body)).toMatchObject({ success: false, code: 'HEADERS_TOO_LARGE' });
    const malformed = await raw('BİR ŞEY YANLIŞ\r\n\r\n');
    expect(malformed.status).toBe(400);
    expect(malformed.headers).toContain('cache-control: no-store');
    expect(JSON.parse(malformed.body)).toEqual({
      success: false,
      error: MESSAGES.badRequest,
      code: 'VALIDATION_ERROR',
    });
  });
});
