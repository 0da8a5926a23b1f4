import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '../../../shared/api/errors';
import { escapeHtml } from '../../../shared/api/login-shell';
import { DEFAULT_TENANT } from '../../../shared/domain/tenant-host';
import { findTenant } from '../../tenants/tenants.repository';
import { fillLoginShell } from './login-shell';
import { requestedTenant, TENANT_SLUG } from './tenant-source';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Hashed build output (vite: assets/name-HASH.ext) never changes under its name. */
function isHashedAsset(path: string): boolean {
  return /[\\/]assets[\\/]/.test(path) || /[.-][A-Za-z0-9_-]{8,}\.(js|css|woff2?|png|svg|webp)$/.test(path);
}

/** The page of a host that names no company: plain HTML, no script, in Turkish and English. */
function noCompanyPage(host: string): string {
  const shown = escapeHtml(host.slice(0, 253));
  return `<!doctype html>
<html lang="tr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(MESSAGES.tenantNotAtHost)}</title></head>
<body>
<main>
<h1>${escapeHtml(MESSAGES.tenantNotAtHost)}</h1>
<p><strong>${shown}</strong> adresinde kayıtlı bir şirket yok. Adresi kontrol edin veya şirketinizin yöneticisine başvurun.</p>
<p lang="en">No company was found at this address (${shown}). Check the address or ask your company's administrator.</p>
</main>
</body>
</html>
`;
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

    /**
     * /login as a working form before any app JavaScript (login-shell.ts), in the name and colours
     * of the tenant the address names: `?tenant=`, or a tenant subdomain (`demo.<BASE_DOMAIN>`).
     * A local or product host names no particular company: the product's own name (the app then
     * applies the client's rule, which may remember a tenant chosen earlier).
     */
    async function loginPage(request: FastifyRequest): Promise<string> {
      const requested = requestedTenant(request, app.config);
      const raw =
        requested.source === 'query' || requested.value !== DEFAULT_TENANT ? requested.value : undefined;
      const slug = raw !== undefined && TENANT_SLUG.test(raw.toLowerCase()) ? raw.toLowerCase() : null;
      let tenant: Awaited<ReturnType<typeof findTenant>>;
      // A `?tenant=` that names no company (or cannot name one): the form says so at once.
      let missing = raw !== undefined && !slug;
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
      return fillLoginShell(
        loginHtml,
        shell,
        slug,
        missing && (requested.source === 'host' ? MESSAGES.tenantNotAtHost : true),
      );
    }

    /**
     * A page navigation on a host whose subdomain names no company (no `?tenant=`): a clear page
     * saying so, 404 — never the default tenant's app. The first visit's /login says it in its
     * form; any other page in a small page of its own. A database that cannot be reached lets the
     * page through (the app then says what it can).
     */
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const path = request.url.split('?')[0] ?? '/';
      if (path === '/api' || path.startsWith('/api/')) return;
      if (!(request.headers.accept ?? '').includes('text/html')) return;
      const requested = requestedTenant(request, app.config);
      if (requested.source !== 'host' || requested.value === DEFAULT_TENANT) return;
      const slug = requested.value;
      if (TENANT_SLUG.test(slug)) {
        try {
          if (await app.readCache.tenants.get(slug, () => findTenant(app.db, slug))) return;
        } catch {
          return;
        }
      }
      reply.code(404).header('Cache-Control', NO_CACHE).type('text/html; charset=utf-8');
      if (hasDist && path === '/login') return reply.send(await loginPage(request));
      return reply.send(noCompanyPage(request.hostname));
    });
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
