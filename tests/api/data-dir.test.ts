import { chmodSync, existsSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import {
  migrateToLatest,
  openDatabase,
  pgliteDir,
  securePrivateDirectory,
} from '../../src/server/db/database';
import { seedIfEmpty } from '../../src/server/seed/seed';
import { findTenant } from '../../src/server/tenants/tenants.repository';

/**
 * DATA_DIR holds the PGlite database (password hashes) and the JWT signing key: no other local
 * account may read or list anything in it. The server is started here with the same calls as
 * main.ts (loadConfig → securePrivateDirectory(DATA_DIR) → openDatabase(pgliteDir) → migrate →
 * seed → a write), then every file and directory is stat'ed.
 */
let parent: string;
let dataDir: string;
let originalUmask: number;

beforeAll(() => {
  // A process as usually started (umask 022); restored afterwards.
  originalUmask = process.umask(0o022);
  parent = mkdtempSync(join(tmpdir(), 'sys-datadir-'));
  dataDir = join(parent, 'data');
});
afterAll(() => {
  process.umask(originalUmask);
  rmSync(parent, { recursive: true, force: true });
});

/** What main.ts does with DATA_DIR, plus a write after start (PGlite keeps creating files). */
async function startLikeMain(): Promise<void> {
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: '', DATABASE_URL: '' });
  securePrivateDirectory(config.dataDir, { create: !config.databaseUrl });
  const database = await openDatabase({ dataDir: pgliteDir(config.dataDir) });
  try {
    await migrateToLatest(database.db);
    // The production seed (one platform admin with a password hash): the demo seed's many orders
    // take half a minute on disk and add nothing to what is checked here.
    await seedIfEmpty(database.db, { demoPassword: 'demo1234', production: true });
    expect(await findTenant(database.db, 'default')).toBeTruthy();
    await database.db
      .updateTable('tenants')
      .set({ company_name: 'Varsayılan Şirket' })
      .where('id', '=', 'default')
      .execute();
  } finally {
    await database.close();
  }
}

/** Every path under dir (dir included) whose group or other bits are set. */
function exposed(dir: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) found.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
  };
  walk(dir);
  return found;
}

function countFiles(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) if (entry.isFile()) n++;
  return n;
}

const mode = (path: string) => lstatSync(path).mode & 0o777;

it('a new DATA_DIR, its PGlite files and the JWT key are owner-only', async () => {
  await startLikeMain();
  expect(mode(dataDir)).toBe(0o700);
  expect(mode(join(dataDir, 'pglite'))).toBe(0o700);
  expect(mode(join(dataDir, 'jwt-secret'))).toBe(0o600);
  expect(countFiles(dataDir)).toBeGreaterThan(100);
  expect(exposed(dataDir)).toEqual([]);
});

it('an existing world-readable DATA_DIR is made owner-only on start', async () => {
  // As an older version (or a restored backup) left it: 0755 directories, 0644 files.
  const loosen = (path: string) => {
    const stat = lstatSync(path);
    chmodSync(path, stat.isDirectory() ? 0o755 : 0o644);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) loosen(join(path, entry));
  };
  loosen(dataDir);
  expect(exposed(dataDir).length).toBeGreaterThan(100);
  process.umask(0o022);

  await startLikeMain();
  expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
  expect(mode(dataDir)).toBe(0o700);
  expect(mode(join(dataDir, 'jwt-secret'))).toBe(0o600);
  expect(exposed(dataDir)).toEqual([]);
});
