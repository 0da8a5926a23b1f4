import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const gzipAsync = promisify(gzip);

/** Below this, an answer is sent as it is: the CPU is not worth the few bytes saved. */
export const COMPRESS_MIN_BYTES = 32 * 1024;

/**
 * True when the request's Accept-Encoding takes gzip (`gzip` or `*`, with a q-value above 0).
 * Parsed, not pattern-matched: "gzip;q=0" means "never gzip".
 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  let gzipQ: number | undefined;
  let anyQ: number | undefined;
  for (const part of text.slice(0, 1024).split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q)) continue;
    if (name === 'gzip' || name === 'x-gzip') gzipQ = q;
    else if (name === '*') anyQ = q;
  }
  return (gzipQ ?? anyQ ?? 0) > 0;
}

/**
 * Large API answers are gzipped when the client accepts it. What is large: the sync feed's pages —
 * a first sync sends ~0.9 MB of JSON per 500 orders, which gzip (level 1) makes ~5× smaller — on a
 * driver's phone with patchy signal, seconds of download. Every browser sends
 * `Accept-Encoding: gzip` and decodes it transparently (fetch, the sync engine), so nothing on the
 * client changes.
 *
 * Only JSON GET answers of at least COMPRESS_MIN_BYTES under /api, as strings or Buffers (the events
 * stream is hijacked and never passes here), never one that already has a Content-Encoding (the
 * PWA's files are precompressed at build time). Level 1: ~5 ms of CPU per MB, on libuv's pool (not
 * the event loop); higher levels cost several times that for a few per cent fewer bytes.
 */
export default fp(
  async function compressPlugin(app: FastifyInstance) {
    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (request.method !== 'GET' || !(request.url === '/api' || request.url.startsWith('/api/')))
        return payload;
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (reply.getHeader('content-encoding')) return payload;
      // JSON only: a PDF, a photo or a signature is compressed already.
      if (!String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
      const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
      if (size < COMPRESS_MIN_BYTES) return payload;
      // The answer differs by Accept-Encoding from here on, whatever this request asked for.
      reply.header('Vary', 'Accept-Encoding');
      if (!acceptsGzip(request.headers['accept-encoding'])) return payload;
      const body = await gzipAsync(payload, { level: 1 });
      reply.header('Content-Encoding', 'gzip');
      reply.removeHeader('content-length');
      return body;
    });
  },
  { name: 'compress' },
);
