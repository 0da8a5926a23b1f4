import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../../../shared/api/errors';
import { findTenant } from '../../tenants/tenants.repository';
import { fillLoginShell } from './login-shell';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Hashed build output (vite: assets/name-HASH.ext) never changes under its name. */
function isHashedAsset(path: string): boolean {
  return /[\\/]assets[\\/]/.test(path) || /[.-][A-Za-z0-9_-]{8,}\.(js|css|woff2?|png|svg|webp)$/.test(path);
}

/**
 * The built PWA (DIST_DIR) on the same port as the API:
 * - files as they are; `index.html`, `sw.js` and everything un-hashed with `Cache-Control: no-cache`
 *   (the browser revalidates, so a new service worker and shell are found at once), hashed assets
 *   `immutable` for a year;
 * - SPA fallback: a GET outside /api that accepts text/html and matches no file → index.html;
 * - anything under /api that matches no route → JSON 404 in the error envelope.
 */
export default fp(
  async function staticPlugin(app: FastifyInstance) {
    const root = app.config.distDir;
    const hasDist = existsSync(join(root, 'index.html'));
    const indexHtml = hasDist ? readFileSync(join(root, 'index.html'), 'utf8') : '';
    // The first visit's /login as plain HTML (login-shell.ts); an older build without it: index.html.
    const loginHtml =
      hasDist && existsSync(join(root, 'login.html'))
        ? readFileSync(join(root, 'login.html'), 'utf8')
        : indexHtml;

    /** /login as a working form before any app JavaScript (login-shell.ts), in the tenant's name and colours. */
    async function loginPage(request: FastifyRequest): Promise<string> {
      const raw = (request.query as Record<string, unknown> | undefined)?.tenant;
      const slug =
        typeof raw === 'string' && /^[a-z0-9][a-z0-9-]{0,62}$/i.test(raw) ? raw.toLowerCase() : null;
      let tenant: Awaited<ReturnType<typeof findTenant>>;
      // A `?tenant=` that names no company (or cannot name one): the form says so at once.
      let missing = typeof raw === 'string' && raw !== '' && !slug;
      if (slug) {
        try {
          tenant = await app.readCache.tenants.get(slug, () => findTenant(app.db, slug));
          missing = !tenant;
        } catch {
          tenant = undefined; // the database is away: the page still opens, with the product's name
        }
      }
      const shell = tenant
        ? {
            company_name: tenant.company_name,
            primary_color: tenant.branding.primary_color,
            secondary_color: tenant.branding.secondary_color,
          }
        : undefined;
      return fillLoginShell(loginHtml, shell, slug, missing);
    }
    if (hasDist) {
      await app.register(fastifyStatic, {
        root,
        cacheControl: false,
        // login.html is a template of /login (placeholders filled per request): never as it is.
        allowedPath: (pathName) => pathName !== '/login.html',
        // The build writes .br/.gz copies (vite.config.ts): sent to browsers that accept them.
        preCompressed: true,
        setHeaders(res, file) {
          const path = file.replace(/\.(br|gz)$/, '');
          // The same URL has several encodings: a shared cache must key on Accept-Encoding.
          res.setHeader('Vary', 'Accept-Encoding');
          res.setHeader(
            'Cache-Control',
            isHashedAsset(path) && !/[\\/](sw|index)\.(js|html)$/.test(path) ? IMMUTABLE : NO_CACHE,
          );
        },
      });
    }

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isApi = path === '/api' || path.startsWith('/api/');
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      if (!isApi && (request.method === 'GET' || request.method === 'HEAD') && wantsHtml) {
        if (hasDist && path === '/login')
          return loginPage(request).then((html) =>
            reply.header('Cache-Control', NO_CACHE).type('text/html; charset=utf-8').send(html),
          );
        if (hasDist)
          return reply
            .header('Cache-Control', NO_CACHE)
            .type('text/html; charset=utf-8')
            .sendFile('index.html');
        return reply
          .code(404)
          .type('text/plain; charset=utf-8')
          .send(
            'İstemci henüz derlenmedi (dist/ yok). `npm run build` çalıştırın veya `npm start` kullanın.',
          );
      }
      return reply.code(404).send({ success: false, error: MESSAGES.routeNotFound, code: 'NOT_FOUND' });
    });
  },
  { name: 'static', dependencies: ['error-envelope'] },
);
