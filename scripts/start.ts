/**
 * `npm start`: build the PWA when its sources changed since the last build, then run the server
 * (API under /api + the built PWA) in THIS process. The build is skipped when `dist/.build-hash`
 * matches a hash of the client sources, so restarts are instant.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = process.cwd();
const distDir = process.env.DIST_DIR ?? join(root, 'dist');
const inputs = ['index.html', 'vite.config.ts', 'package-lock.json', 'src/client', 'src/shared', 'public'];

function* files(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path).sort()) yield* files(join(path, entry));
  } else {
    yield path;
  }
}

function sourceHash(): string {
  const hash = createHash('sha256');
  for (const input of inputs) {
    for (const file of files(join(root, input))) {
      hash.update(relative(root, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

const stampFile = join(distDir, '.build-hash');
const wanted = sourceHash();
const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
if (process.env.SKIP_BUILD !== '1' && built !== wanted) {
  console.log('Building the client (vite build)…');
  // Always a production build, whatever NODE_ENV the server runs with (Vite would otherwise take
  // NODE_ENV=development from the environment and emit a dev bundle without the service worker).
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--mode', 'production', '--outDir', distDir, '--emptyOutDir'],
    {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) {
    console.error('Client build failed.');
    process.exit(result.status ?? 1);
  }
  writeFileSync(stampFile, wanted);
}

await import('../src/server/main.ts');
