import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { loginShellHtml } from './src/client/app/login-shell-markup';

/**
 * Brotli and gzip copies of every text file of the build (`x.js.br`, `x.js.gz`), written once at
 * build time at the highest levels, which the server sends to browsers that accept them
 * (@fastify/static `preCompressed`). Why: the first /login must arrive fast on a phone on a slow
 * network (issue 8) — JavaScript uncompressed is about 3× the bytes — and compressing per request
 * would cost CPU on every visit. Not precached (the service worker's globs do not match them).
 */
function precompress(): Plugin {
  const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
  let outDir = 'dist';
  return {
    name: 'sys-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      handler() {
        const walk = (dir: string) => {
          for (const name of readdirSync(dir)) {
            const path = join(dir, name);
            if (statSync(path).isDirectory()) walk(path);
            else if (TEXT.test(name) && statSync(path).size > 1024) {
              const body = readFileSync(path);
              writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
              writeFileSync(
                `${path}.br`,
                brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
              );
            }
          }
        };
        walk(outDir);
      },
    },
  };
}

/**
 * The first screen of every first visit is /login (nobody is signed in yet), so index.html:
 * - preloads the login route chunk and its imports next to the entry (`modulepreload`): they
 *   download in parallel with the entry instead of after it has run (one round trip less before
 *   the form appears on a slow phone network; issue 8). Signed-in starts come from the service
 *   worker's precache, where an unused preload costs nothing;
 * - carries the small font-face stylesheet inline instead of a render-blocking <link>.
 */
function firstScreen(): Plugin {
  return {
    name: 'sys-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle || !ctx.filename.endsWith('index.html')) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const login = chunks.find((c) => c.facadeModuleId?.endsWith('/src/client/auth/login-page.tsx'));
        const preload = new Set<string>();
        const visit = (fileName: string) => {
          if (preload.has(fileName)) return;
          preload.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') for (const dep of chunk.imports) visit(dep);
        };
        if (login) visit(login.fileName);
        let out = html;
        const links = [...preload]
          .filter((f) => !out.includes(`/${f}"`))
          .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
          .join('\n    ');
        if (links) out = out.replace('</head>', `    ${links}\n  </head>`);
        for (const asset of Object.values(bundle)) {
          if (asset.type !== 'asset' || !asset.fileName.endsWith('.css')) continue;
          const css =
            typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          const tag = new RegExp(`<link rel="stylesheet"[^>]*href="/${asset.fileName}"[^>]*>`);
          if (css.length < 8192 && tag.test(out)) out = out.replace(tag, `<style>${css}</style>`);
        }
        return out;
      },
    },
  };
}

/**
 * login.html: the first visit's /login as plain HTML (src/client/app/login-shell-markup.ts, from
 * the Turkish catalogue) with login-boot.ts as its only script; the server serves it for /login
 * with the tenant filled in (src/server/plugins/app/static.ts). Made from the built index.html
 * (one <head> to maintain) without its module scripts, preloads and inline font CSS — the form
 * paints with the system's fonts and nothing but the 1 KiB boot script is fetched before the
 * user acts. Dev (vite serve) keeps index.html.
 */
function loginShell(): Plugin {
  const BOOT = '/src/client/login-boot.ts';
  return {
    name: 'sys-login-shell',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      const boot = Object.values(bundle).find(
        (c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId?.endsWith(BOOT),
      );
      if (index?.type !== 'asset' || boot?.type !== 'chunk')
        throw new Error('sys-login-shell: index.html or the login-boot entry is missing from the build');
      const html = typeof index.source === 'string' ? index.source : new TextDecoder().decode(index.source);
      const scripts = [
        `<script type="module" crossorigin src="/${boot.fileName}"></script>`,
        ...boot.imports.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
      ].join('\n    ');
      const login = html
        .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
        .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
        .replace(/\s*<style>[\s\S]*?<\/style>/g, '')
        .replace(/\s*<\/head>/, `\n    ${scripts}\n  </head>`)
        .replace('<div id="root"></div>', () => `<div id="root">${loginShellHtml()}</div>`);
      if (!login.includes('data-login-shell')) throw new Error('sys-login-shell: no <div id="root"></div>');
      this.emitFile({ type: 'asset', fileName: 'login.html', source: login });
    },
  };
}

/**
 * The client build: React app + our own Workbox service worker (src/client/sw.ts, injectManifest),
 * output to dist/ which the Fastify server serves with an SPA fallback. The service worker is
 * registered by the app itself through workbox-window (src/client/pwa), so that a waiting update
 * can be offered to the user instead of being forced on them.
 */
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      // login-boot.ts: the script of the first visit's /login (login.html, `loginShell` above).
      input: { index: 'index.html', login: 'src/client/login-boot.ts' },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  plugins: [
    react(),
    loginShell(),
    firstScreen(),
    precompress(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/client',
      filename: 'sw.ts',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      // public/ files (icons, favicon) are already matched by globPatterns below; listing them
      // again would only duplicate precache entries.
      includeManifestIcons: false,
      manifest: {
        name: 'Sipariş Yönetim Sistemi',
        short_name: 'Sipariş',
        description: 'Siparişlerin satıştan teslimata kadar takibi — çevrimdışı çalışır.',
        lang: 'tr',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#1976d2',
        background_color: '#f5f7fb',
        categories: ['business', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The whole shell, every lazy route chunk and the self-hosted Roboto files: the app
        // must start with no network at all.
        globPatterns: ['**/*.{js,css,html,ico,png,svg,woff2}'],
        // woff (v1) duplicates of the fonts are never used by a browser that runs a service worker.
        // login.html is the first visit's /login, filled in by the server: never served offline.
        globIgnores: ['**/*.woff', 'login.html'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false, type: 'module' },
    }),
  ],
});
