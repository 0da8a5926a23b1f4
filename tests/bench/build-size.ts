/**
 * Bundle figures from the production build (run `npx vite build` first, or `npm start` once):
 * - initial JS (gzip) a visitor of /login downloads: the entry script, its static imports, and the
 *   lazy login route chunk with its static imports;
 * - the gzip size of each route chunk;
 * - the total size of what the service worker precaches.
 * Usage: node --import tsx tests/bench/build-size.ts [distDir]
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? 'dist';
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`${dist}/index.html not found: run \`npx vite build\` first.`);
  process.exit(1);
}
const assets = join(dist, 'assets');
const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const found = new Set<string>();
  // Minified ESM: import"./a.js"; import{x}from"./b.js"; export{…}from"./c.js"
  for (const m of code.matchAll(/(?:import|from)\s*["'](\.{1,2}\/[^"']+\.js)["']/g))
    found.add(m[1]!.replace(/^\.\//, ''));
  return [...found];
}

function closure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length) {
    const name = stack.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const path = join(assets, name);
    if (existsSync(path)) stack.push(...staticImports(path));
  }
  return seen;
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entryScripts = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
const jsFiles = readdirSync(assets).filter((f) => f.endsWith('.js'));
const loginChunk = jsFiles.find((f) => /login/i.test(f));
const initial = closure([...entryScripts, ...(loginChunk ? [loginChunk] : [])]);
const css = readdirSync(assets).filter((f) => f.endsWith('.css') && html.includes(f));
let initialGz = 0;
for (const f of initial) initialGz += gz(join(assets, f));
let cssGz = 0;
for (const f of css) cssGz += gz(join(assets, f));

console.log(
  `Initial JS for /login (gzip): ${kb(initialGz)} in ${initial.size} files (entry + login route${loginChunk ? `: ${loginChunk}` : ' chunk not found'})`,
);
if (css.length) console.log(`Initial CSS (gzip): ${kb(cssGz)}`);

console.log('\nRoute / lazy chunks (gzip, own size):');
const entrySet = closure(entryScripts);
for (const f of jsFiles.filter((f) => !entrySet.has(f)).sort())
  console.log(`  ${f.padEnd(48)} ${kb(gz(join(assets, f)))}`);

// The order screens: each route chunk's own size, and what a first visit of that screen
// downloads on top of the signed-in shell (entry + app-layout and their static imports): the
// route chunk plus the lazy chunks it imports that the shell has not loaded yet.
const ORDER_SCREENS = [
  'orders-page',
  'order-detail-page',
  'my-orders-page',
  'create-order-page',
  'sales-page',
];
const layoutChunk = jsFiles.find((f) => f.startsWith('app-layout-'));
const shell = closure([...entryScripts, ...(layoutChunk ? [layoutChunk] : [])]);
let shellGz = 0;
for (const f of shell) shellGz += gz(join(assets, f));
console.log(`\nSigned-in shell (entry + app-layout, gzip): ${kb(shellGz)} in ${shell.size} files`);
console.log('Order screens (gzip): route chunk own size / first visit on top of the shell');
for (const screen of ORDER_SCREENS) {
  const chunk = jsFiles.find((f) => f.startsWith(`${screen}-`));
  if (!chunk) {
    console.log(`  ${screen.padEnd(20)} (no chunk in this build)`);
    continue;
  }
  const extra = [...closure([chunk])].filter((f) => !shell.has(f));
  const visit = extra.reduce((sum, f) => sum + gz(join(assets, f)), 0);
  console.log(
    `  ${screen.padEnd(20)} ${kb(gz(join(assets, chunk))).padStart(10)} / ${kb(visit).padStart(10)} (${extra.length} files)`,
  );
}

const swFile = ['sw.js', 'service-worker.js'].map((f) => join(dist, f)).find(existsSync);
if (swFile) {
  const sw = readFileSync(swFile, 'utf8');
  const urls = [...sw.matchAll(/"?url"?:\s*["']([^"']+)["']/g)].map((m) => m[1]!);
  let bytes = 0;
  let gzBytes = 0;
  for (const url of urls) {
    const path = join(dist, url.replace(/^\//, ''));
    if (!existsSync(path)) continue;
    bytes += statSync(path).size;
    // woff2 and PNG are already compressed; servers send them as they are.
    gzBytes += /\.(woff2|png|ico)$/.test(path) ? statSync(path).size : gz(path);
  }
  console.log(
    `\nPrecache: ${urls.length} entries, ${kb(bytes)} uncompressed, ${kb(gzBytes)} over the wire (gzip where it helps)`,
  );
} else {
  console.log('\nNo service worker found in the build.');
}
