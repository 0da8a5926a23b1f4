import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loginShellHtml } from '../../src/client/app/login-shell-markup';
import { MESSAGES } from '../../src/shared/api/errors';
import { type Api, startApi } from './support/harness';

/** The built PWA is served by the same process: files, cache headers and the SPA fallback. */
let api: Api;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'siparis-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><title>Sipariş Yönetim Sistemi</title><div id="root"></div>',
  );
  // The build's first-visit /login (vite.config.ts `loginShell`): the real markup, filled per request.
  writeFileSync(
    join(dist, 'login.html'),
    `<!doctype html><html><head><meta name="theme-color" content="#1976d2" /></head><body><div id="root">${loginShellHtml()}</div><script type="module" src="/assets/login-1a2b3c4d.js"></script></body></html>`,
  );
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Sipariş Yönetim Sistemi"}');
  writeFileSync(join(dist, 'assets', 'index-4f2a9c1b.js'), 'console.log(1)');
  // The build's precompressed copies (vite.config.ts `precompress`).
  const big = `export const text = ${JSON.stringify('Sipariş '.repeat(500))};`;
  writeFileSync(join(dist, 'assets', 'big-7c0ffee1.js'), big);
  writeFileSync(join(dist, 'assets', 'big-7c0ffee1.js.br'), brotliCompressSync(big));
  writeFileSync(join(dist, 'assets', 'big-7c0ffee1.js.gz'), gzipSync(big));
  api = await startApi({ config: { distDir: dist } });
});
afterAll(async () => {
  await api?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, accept = '*/*') => api.app.inject({ method: 'GET', url, headers: { accept } });

it('serves index.html and sw.js with Cache-Control: no-cache, hashed assets as immutable', async () => {
  const index = await get('/', 'text/html');
  expect(index.statusCode).toBe(200);
  expect(index.body).toContain('<div id="root">');
  expect(index.headers['cache-control']).toBe('no-cache');
  const sw = await get('/sw.js');
  expect(sw.statusCode).toBe(200);
  expect(sw.headers['cache-control']).toBe('no-cache');
  const asset = await get('/assets/index-4f2a9c1b.js');
  expect(asset.statusCode).toBe(200);
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await get('/manifest.webmanifest')).headers['cache-control']).toBe('no-cache');
  expect(String(index.headers['content-security-policy'])).toContain("worker-src 'self'");
});

it('sends the precompressed copy a browser accepts (brotli, else gzip, else the file), with Vary', async () => {
  const url = '/assets/big-7c0ffee1.js';
  const br = await api.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
  expect(br.statusCode).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
  expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(brotliDecompressSync(br.rawPayload).toString()).toContain('Sipariş Sipariş');
  const gz = await api.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
  expect(gz.headers['content-encoding']).toBe('gzip');
  const plain = await api.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toContain('Sipariş Sipariş');
});

it('falls back to index.html for client routes that ask for HTML', async () => {
  for (const path of ['/login', '/orders/42', '/warehouse-dashboard?tenant=demo']) {
    const r = await get(path, 'text/html,application/xhtml+xml');
    expect(r.statusCode, path).toBe(200);
    expect(r.body).toContain('<div id="root">');
    expect(r.headers['cache-control']).toBe('no-cache');
  }
});

it('does not fall back for /api or for non-HTML requests', async () => {
  const apiMiss = await get('/api/no-such-route?tenant=demo', 'text/html');
  expect(apiMiss.statusCode).toBe(404);
  expect(JSON.parse(apiMiss.body)).toEqual({
    success: false,
    error: MESSAGES.routeNotFound,
    code: 'NOT_FOUND',
  });
  const missingImage = await get('/icons/missing.png', 'image/png');
  expect(missingImage.statusCode).toBe(404);
  const post = await api.app.inject({ method: 'POST', url: '/login', headers: { accept: 'text/html' } });
  expect(post.statusCode).toBe(404);
});

it("serves the first visit's /login as a working form in the tenant's name and readable colours, escaped", async () => {
  const demo = await get('/login?tenant=demo', 'text/html');
  expect(demo.statusCode).toBe(200);
  expect(demo.headers['cache-control']).toBe('no-cache');
  expect(demo.body).toContain('<p class="ls-name">Demo Ticaret A.Ş.</p>');
  expect(demo.body).toContain('<span class="ls-chip">demo</span>');
  // A real form: the inputs the app takes over, the spec's labels, and a submit button.
  expect(demo.body).toContain('<input id="username" name="username"');
  expect(demo.body).toContain('<input id="password" name="password" type="password"');
  expect(demo.body).toContain('<label for="username">Kullanıcı Adı</label>');
  // Until its script runs, the form cannot be submitted natively (a GET would put the password in
  // the address): the button comes disabled (the script enables it), and the method is POST.
  expect(demo.body).toContain('<button type="submit" class="ls-submit" disabled>Giriş Yap</button>');
  expect(demo.body).toContain('<form class="ls-form" method="post" novalidate');
  // demo's primary #2e7d32 passes 4.5:1 on white as it is: the page keeps the tenant's colour
  // (and its dark shade, as MUI makes it: each channel × 0.7), also in the browser's theme colour.
  expect(demo.body).toContain('--p:#2e7d32;--pd:#205723;');
  expect(demo.body).toContain('<meta name="theme-color" content="#2e7d32"');
  expect(demo.body).not.toContain('%SYS_SHELL');
  // The template itself is never served as it is.
  const template = await get('/login.html', 'text/html');
  expect(template.body).not.toContain('%SYS_SHELL');
  expect(template.body).not.toContain('ls-name');
  // A tenant whose name needs escaping (standing in for the admin screens that edit it).
  await api.db
    .updateTable('tenants')
    .set({ company_name: '<b>Çiçek & Oğul</b>' })
    .where('id', '=', 'client1')
    .execute();
  try {
    const client1 = await get('/login?tenant=client1', 'text/html');
    expect(client1.body).toContain('&#60;b&#62;Çiçek &#38; Oğul&#60;/b&#62;');
    expect(client1.body).not.toContain('<b>Çiçek');
    // A name that spells a placeholder stays text (the page is filled in one pass).
    await api.db
      .updateTable('tenants')
      .set({ company_name: 'A %SYS_SHELL_TENANT% B' })
      .where('id', '=', 'client1')
      .execute();
    const odd = await get('/login?tenant=client1', 'text/html');
    expect(odd.body).toContain('<p class="ls-name">A %SYS_SHELL_TENANT% B</p>');
    expect(odd.body).toContain('<span class="ls-chip">client1</span>');
  } finally {
    await api.db
      .updateTable('tenants')
      .set({ company_name: 'Anadolu Dağıtım Ltd. Şti.' })
      .where('id', '=', 'client1')
      .execute();
  }
  // A known company: the form's alert line is there, hidden and empty.
  expect(demo.body).toContain('<div class="ls-alert" role="alert" hidden data-login-shell-alert></div>');
  // Unknown or malformed tenant: the product's own name, never an error page — and the form says
  // at once that there is no such company (not only after a submit).
  for (const url of ['/login', '/login?tenant=yok-boyle', '/login?tenant=%3Cscript%3E']) {
    const page = await get(url, 'text/html');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<p class="ls-name">Sipariş Yönetim Sistemi</p>');
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain(
      url === '/login'
        ? '<div class="ls-alert" role="alert" hidden data-login-shell-alert></div>'
        : '<div class="ls-alert" role="alert" data-login-shell-alert>Şirket bulunamadı.</div>',
    );
  }
  // Other screens get the plain shell.
  expect((await get('/orders', 'text/html')).body).not.toContain('ls-name');
});
