import fs, { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import {
  compilePgliteWasm,
  openFileLimitRaised,
  PGLITE_SETTINGS,
  startPglite,
} from '../../src/server/db/pglite';

/**
 * The embedded database is opened sized for a small server (src/server/db/pglite.ts): the
 * settings are really in force in the PostgreSQL that runs inside PGlite, and PGLITE_SHARED_BUFFERS
 * (passed as `sharedBuffers`) raises the page cache.
 */
const opened: PGlite[] = [];
afterAll(async () => {
  for (const db of opened) await db.close();
});

async function settingsOf(db: PGlite): Promise<Record<string, string>> {
  const names = Object.keys(PGLITE_SETTINGS);
  const r = await db.query<{ name: string; setting: string }>(
    `SELECT name, current_setting(name) AS setting FROM unnest($1::text[]) AS name`,
    [names],
  );
  return Object.fromEntries(r.rows.map((row) => [row.name, row.setting]));
}

describe('PGlite settings', () => {
  it('are applied as the server opens the database', async () => {
    const db = startPglite({});
    opened.push(db);
    expect(await settingsOf(db)).toEqual({
      shared_buffers: '32MB',
      work_mem: '4MB',
      maintenance_work_mem: '16MB',
      temp_buffers: '1MB',
    });
  });

  // PostgreSQL in PGlite kept at most 48 files open: a workload over more relations than that
  // (the sync pull) closed and opened files on every query.
  it('keep the files of many relations open: reading them again opens none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-files-'));
    const db = startPglite({ dataDir: dir });
    let opens = 0;
    const openSync = fs.openSync;
    try {
      await db.waitReady;
      expect(openFileLimitRaised(db)).toBe(true);
      const tables = 60; // 120 files with their primary keys
      for (let i = 0; i < tables; i++)
        await db.exec(`CREATE TABLE t${i} (id int PRIMARY KEY, v text); INSERT INTO t${i} VALUES (1, 'a')`);
      const readAll = async () => {
        for (let i = 0; i < tables; i++) await db.query(`SELECT v FROM t${i} WHERE id = 1`);
      };
      await readAll();
      // PGlite's file system opens every file through Node's fs.openSync.
      fs.openSync = ((...args: Parameters<typeof openSync>) => {
        opens++;
        return openSync(...args);
      }) as typeof openSync;
      await readAll();
      await readAll();
    } finally {
      fs.openSync = openSync;
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(opens).toBe(0);
  });

  // A restart compiles PGlite's WebAssembly before opening it (main.ts): the database it opens
  // with that module is the same, settings and all.
  it('apply as well when PGlite is opened with its WebAssembly compiled beforehand', async () => {
    const wasmModule = await compilePgliteWasm();
    expect(WebAssembly.Module.exports(wasmModule).length).toBeGreaterThan(100);
    const db = startPglite({ wasmModule });
    opened.push(db);
    expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    expect((await settingsOf(db)).shared_buffers).toBe('32MB');
  });

  it('take a bigger page cache when one is configured', async () => {
    const db = startPglite({ sharedBuffers: '64MB' });
    opened.push(db);
    expect((await settingsOf(db)).shared_buffers).toBe('64MB');
  });
});
