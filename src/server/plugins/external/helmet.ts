import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers. The CSP allows exactly what the PWA needs: its own scripts and workers, inline
 * styles (MUI/emotion inject <style> tags), data:/blob: images (icons, scanned previews) and
 * same-origin fetches (the API, the service worker's precache). Nothing from other origins
 * (fonts are self-hosted).
 */
export default fp(
  async function helmetPlugin(app: FastifyInstance) {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          mediaSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // The app is served over plain HTTP in development; HSTS only makes sense behind TLS.
      hsts: app.config.nodeEnv === 'production',
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'helmet' },
);
