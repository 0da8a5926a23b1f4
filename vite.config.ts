import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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
        globIgnores: ['**/*.woff'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      devOptions: { enabled: false, type: 'module' },
    }),
  ],
});
